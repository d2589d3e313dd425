/**
 * Header search (SPEC sections 2 "Dashboard shell" and 4 "Search"), mounted in the desktop top
 * bar and the mobile bar. Typing waits 500 ms, then asks GET /products?search=…&per_page=5 and
 * writes the text to the URL's `search` parameter; a dropdown lists the 5 best matches.
 *
 * Test ids: {testId} (the input: 'header-search' on desktop, 'mobile-search' on phones),
 * {testId}-clear (the clear button), search-dropdown (the open dropdown), search-loading,
 * search-hint, search-empty ('Нічого не знайдено'), search-error, search-results (the listbox),
 * search-result (each result option; data-product-id; inside: search-result-image (the thumb), search-result-drop, search-result-markup
 * 'Ваша ціна' = markup_price under the selected store, search-result-profit, search-result-qty),
 * search-all-results ('Всі результати'). The request carries the catalogue's market_id.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, formatMoney, formatQty, type ProductListItemDto } from '@drop/shared';
import { HEADER_SEARCH_PER_PAGE, SEARCH_THUMB_PX, searchThumb, useProductSearch } from '../api/search-products.ts';
import { useSearchTranslation } from '../i18n.ts';
import { useMarketQueryId } from '../../../lib/current-market.ts';
import {
  MIN_SEARCH_LENGTH,
  SEARCH_PARAM,
  isDropdownEligible,
  isSearchPage,
  nextSearchText,
  productHref,
  searchPageHref,
  withSearchParam,
} from '../utils/search-rules.ts';

/** SPEC section 9: dropdown max height 600. */
const DROPDOWN_MAX_HEIGHT = 600;

export function HeaderSearch({ testId = 'header-search' }: { testId?: string }) {
  const { t: tShell } = useTranslation();
  const { t, i18n } = useSearchTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const param = params.get(SEARCH_PARAM);

  const [text, setText] = useState(param ?? '');
  /** The debounced, trimmed text that is searched for. */
  const [term, setTerm] = useState((param ?? '').trim());
  /** The last `search` value this box wrote to the URL (its own writes are not echoed back). */
  const [ownParam, setOwnParam] = useState<string | null>(param);
  const [seen, setSeen] = useState({ pathname, param });
  const [focused, setFocused] = useState(false);
  /** Escape, leaving the box, a choice or a navigation closes the dropdown until the next input. */
  const [dismissed, setDismissed] = useState(true);
  const [active, setActive] = useState(-1);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  // A navigation (or Back/Forward) re-derives the text: see nextSearchText.
  if (seen.pathname !== pathname || seen.param !== param) {
    const samePath = seen.pathname === pathname;
    setSeen({ pathname, param });
    if (!samePath || param !== ownParam) {
      const next = nextSearchText({ pathname, param, text });
      setText(next);
      setTerm(next.trim());
      setOwnParam(param);
      setDismissed(true);
      setActive(-1);
    }
  }

  // A pending debounce belongs to the page it was typed on.
  useEffect(() => {
    const pending = timer;
    return () => window.clearTimeout(pending.current);
  }, [pathname]);

  const onSearchPage = isSearchPage(pathname);
  const trimmed = text.trim();
  const searchable = trimmed.length >= MIN_SEARCH_LENGTH;
  const query = useProductSearch(term, i18n.language, !onSearchPage && !dismissed && term.length >= MIN_SEARCH_LENGTH, useMarketQueryId());
  const results = searchable && query.data ? query.data.data.slice(0, HEADER_SEARCH_PER_PAGE) : [];
  const pending = searchable && (trimmed !== term || query.isFetching);
  const settled = searchable && trimmed === term && query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  const nothingFound = settled && results.length === 0;
  const showAll = searchable && !nothingFound;
  const optionCount = results.length + (showAll ? 1 : 0);
  const open = !dismissed && isDropdownEligible({ pathname, focused, text, resultCount: results.length });

  const commit = (value: string) => {
    window.clearTimeout(timer.current);
    const q = value.trim();
    setTerm(q);
    setOwnParam(q || null);
    if ((param ?? '') === q) return;
    try {
      setParams((prev) => withSearchParam(prev, q), { replace: true, preventScrollReset: true });
    } catch {
      // SPEC section 8: router errors on the search query replace are ignored.
    }
  };

  const onChange = (value: string) => {
    setText(value);
    setDismissed(false);
    setActive(-1);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
  };

  const close = () => {
    setDismissed(true);
    setActive(-1);
  };

  const go = (href: string) => {
    window.clearTimeout(timer.current);
    close();
    inputRef.current?.blur();
    void navigate(href);
  };
  const openProduct = (p: ProductListItemDto) => go(productHref(p.id));
  const openAll = () => go(searchPageHref(text));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setDismissed(false);
        return;
      }
      if (optionCount === 0) return;
      if (e.key === 'ArrowDown') setActive((i) => (i + 1 >= optionCount ? 0 : i + 1));
      else setActive((i) => (i <= 0 ? optionCount - 1 : i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = open && active >= 0 ? results[active] : undefined;
      if (chosen) openProduct(chosen);
      else openAll();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <Box ref={setAnchor} sx={{ position: 'relative', width: '100%' }}>
      <TextField
        size="small"
        value={text}
        inputRef={inputRef}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => {
          setFocused(false);
          close();
        }}
        onMouseDown={() => setDismissed(false)}
        placeholder={tShell('shell.searchPlaceholder')}
        autoComplete="off"
        sx={{ bgcolor: 'background.paper', borderRadius: 1, '& input::-webkit-search-cancel-button': { display: 'none' } }}
        slotProps={{
          htmlInput: {
            'aria-label': tShell('shell.searchLabel'),
            'data-testid': testId,
            type: 'search',
            enterKeyHint: 'search',
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t('clear')}
                  data-testid={`${testId}-clear`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    setText('');
                    setActive(-1);
                    commit('');
                    inputRef.current?.focus();
                  }}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Popper
        open={open && Boolean(anchor)}
        anchorEl={anchor}
        placement="bottom-start"
        role="presentation"
        modifiers={[
          { name: 'offset', options: { offset: [0, 6] } },
          { name: 'preventOverflow', options: { padding: 8 } },
          { name: 'flip', enabled: false },
        ]}
        sx={{
          zIndex: (th) => th.zIndex.modal,
          width: { xs: 'calc(100vw - 16px)', sm: Math.max(anchor?.clientWidth ?? 0, 460) },
          maxWidth: 'calc(100vw - 16px)',
        }}
      >
        <Paper
          elevation={8}
          data-testid="search-dropdown"
          // Keeps the focus in the box while an option is clicked.
          onMouseDown={(e) => e.preventDefault()}
          sx={{ maxHeight: `min(${DROPDOWN_MAX_HEIGHT}px, calc(100dvh - 96px))`, overflowY: 'auto', overflowX: 'hidden' }}
        >
          {pending && <LinearProgress aria-label={t('loading')} data-testid="search-loading" sx={{ position: 'sticky', top: 0, zIndex: 1, height: 3 }} />}
          {!searchable ? (
            <StatusRow testId="search-hint">{t('hint')}</StatusRow>
          ) : query.isError && !pending ? (
            <StatusRow testId="search-error">{t('failed')}</StatusRow>
          ) : nothingFound ? (
            <StatusRow testId="search-empty">{t('empty')}</StatusRow>
          ) : !query.data && pending ? (
            <StatusRow testId="search-pending">{t('loading')}</StatusRow>
          ) : null}
          {showAll && (
            <Box component="ul" role="listbox" id={listId} aria-label={t('results')} data-testid="search-results" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {results.map((p, i) => (
                <ResultOption key={p.id} id={optionId(i)} product={p} active={active === i} onHover={() => setActive(i)} onChoose={() => openProduct(p)} />
              ))}
              <Box
                component="li"
                role="option"
                id={optionId(results.length)}
                aria-selected={active === results.length}
                data-testid="search-all-results"
                onClick={openAll}
                onMouseEnter={() => setActive(results.length)}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: 0.75,
                  px: 2,
                  py: 1.25,
                  cursor: 'pointer',
                  color: 'primary.dark',
                  fontWeight: 600,
                  borderTop: results.length ? 1 : 0,
                  borderColor: 'divider',
                  bgcolor: active === results.length ? 'action.selected' : undefined,
                }}
              >
                {t('all')}
                <ArrowForwardIcon fontSize="small" aria-hidden />
              </Box>
            </Box>
          )}
        </Paper>
      </Popper>
    </Box>
  );
}

function StatusRow({ testId, children }: { testId: string; children: string }) {
  return (
    <Typography role="status" data-testid={testId} color="text.secondary" sx={{ px: 2, py: 1.5 }}>
      {children}
    </Typography>
  );
}

function ResultOption({
  id,
  product,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  product: ProductListItemDto;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const { t } = useSearchTranslation();
  const qty = product.quantity || formatQty(product.qty);
  return (
    <Box
      component="li"
      role="option"
      id={id}
      aria-selected={active}
      data-testid="search-result"
      data-product-id={product.id}
      onClick={onChoose}
      onMouseEnter={onHover}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        py: 1,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: active ? 'action.selected' : undefined,
      }}
    >
      <Box
        component="img"
        {...searchThumb(product)}
        alt=""
        loading="lazy"
        decoding="async"
        data-testid="search-result-image"
        sx={{ flexShrink: 0, width: SEARCH_THUMB_PX, height: SEARCH_THUMB_PX, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.50' }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 500, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {product.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {t('code', { code: product.b2b_code_id })}
          {product.vendor_code ? ` · ${t('vendorCode', { code: product.vendor_code })}` : ''}
        </Typography>
        <Typography variant="caption" color={product.qty > 0 ? 'success.main' : 'text.secondary'} component="p" noWrap data-testid="search-result-qty">
          {t('qty', { qty })}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0, textAlign: 'right' }}>
        <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="search-result-drop">
          {formatMoney(product.drop_price, true)}
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="search-result-markup">
          {t('markupPrice')}: {formatMoney(product.markup_price)}
        </Typography>
        <Typography variant="caption" component="p" color="success.main" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="search-result-profit">
          {t('profit')}: {formatMoney(product.profit)}
        </Typography>
      </Box>
    </Box>
  );
}
