/**
 * Header search (SPEC sections 2 "Dashboard shell" and 4 "Search"), mounted in the desktop top
 * bar and the mobile bar. Typing waits 500 ms, then asks GET /products?search=…&per_page=5 and
 * writes the text to the URL's `search` parameter; a dropdown lists the 5 best matches.
 *
 * Test ids: {testId} (the input: 'header-search' on desktop, 'mobile-search' on phones),
 * {testId}-clear (the clear button), search-dropdown (the open dropdown), search-loading,
 * search-hint, search-empty ('Нічого не знайдено'), search-error, search-pending (in the status region), search-results (the listbox),
 * search-result (each result option; data-product-id; inside: search-result-image (the thumb), search-result-drop, search-result-markup
 * 'Ваша ціна' = markup_price under the selected store, search-result-profit, search-result-qty),
 * search-all-results ('Всі результати'). The request carries the catalogue's market_id.
 */
import { createContext, useContext, useEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
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

/** The last option, 'Всі результати': the search page for the text. */
const ALL_RESULTS = { all: true } as const;
type SearchOption = ProductListItemDto | typeof ALL_RESULTS;
const isAll = (o: SearchOption | string): o is typeof ALL_RESULTS => typeof o !== 'string' && 'all' in o;

/** What the dropdown's status region shows above the options: a progress bar and one line. */
interface SearchStatus {
  pending: boolean;
  row: { testId: string; text: string } | null;
}
const SearchStatusContext = createContext<SearchStatus>({ pending: false, row: null });

/**
 * The Autocomplete's status slot (role="status", aria-live): the search's progress and its hint,
 * error, nothing-found or loading line, in place of MUI's own loading / no-options texts.
 */
function SearchStatusRegion({ children, ownerState, ...props }: HTMLAttributes<HTMLDivElement> & { ownerState?: unknown }) {
  void children;
  void ownerState;
  const { t } = useSearchTranslation();
  const { pending, row } = useContext(SearchStatusContext);
  return (
    <div {...props}>
      {pending && <LinearProgress aria-label={t('loading')} data-testid="search-loading" sx={{ position: 'sticky', top: 0, zIndex: 1, height: 3 }} />}
      {row && (
        <Typography data-testid={row.testId} color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {row.text}
        </Typography>
      )}
    </div>
  );
}

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
  const timer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

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
  const options: SearchOption[] = searchable && !nothingFound ? [...results, ALL_RESULTS] : [];
  const open = !dismissed && isDropdownEligible({ pathname, focused, text, resultCount: results.length });
  const status: SearchStatus = {
    pending,
    row: !searchable
      ? { testId: 'search-hint', text: t('hint') }
      : query.isError && !pending
        ? { testId: 'search-error', text: t('failed') }
        : nothingFound
          ? { testId: 'search-empty', text: t('empty') }
          : !query.data && pending
            ? { testId: 'search-pending', text: t('loading') }
            : null,
  };

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

  const onType = (value: string) => {
    setText(value);
    setDismissed(false);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
  };

  const go = (href: string) => {
    window.clearTimeout(timer.current);
    setDismissed(true);
    inputRef.current?.blur();
    void navigate(href);
  };
  const openAll = () => go(searchPageHref(text));

  return (
    <SearchStatusContext.Provider value={status}>
      <Autocomplete<SearchOption, false, false, true>
        freeSolo
        openOnFocus
        fullWidth
        size="small"
        options={options}
        filterOptions={(all) => all}
        getOptionLabel={(o) => (typeof o === 'string' ? o : isAll(o) ? t('all') : o.name)}
        getOptionKey={(o) => (typeof o === 'string' ? o : isAll(o) ? 'all' : o.id)}
        value={null}
        inputValue={text}
        onInputChange={(_, value, reason) => {
          // 'reset' is MUI writing the chosen option's label back: the box keeps what was typed.
          if (reason === 'input') onType(value);
          else if (reason === 'clear') {
            setText('');
            commit('');
          }
        }}
        onChange={(_, chosen, reason) => {
          if (reason === 'createOption' || (chosen !== null && typeof chosen !== 'string' && isAll(chosen))) openAll();
          else if (chosen !== null && typeof chosen !== 'string') go(productHref(chosen.id));
        }}
        open={open}
        onOpen={() => setDismissed(false)}
        onClose={() => setDismissed(true)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(e: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) => {
          // Enter on an empty (or blank) box opens the search page too; MUI, which submits only a
          // typed text, is told to leave this Enter alone.
          if (e.key === 'Enter' && !trimmed && !e.nativeEvent.isComposing) {
            e.defaultMuiPrevented = true;
            openAll();
          }
        }}
        // The status slot is shown only while the popup has content: the progress or a status line count.
        loading={status.pending || status.row !== null}
        clearText={t('clear')}
        slots={{ status: SearchStatusRegion }}
        slotProps={{
          clearIndicator: { 'data-testid': `${testId}-clear` } as object,
          popper: {
            placement: 'bottom-start',
            modifiers: [
              { name: 'offset', options: { offset: [0, 6] } },
              { name: 'preventOverflow', options: { padding: 8 } },
              { name: 'flip', enabled: false },
            ],
            // MUI sets the box's width inline: at least 460 px on desktop, the screen's width on phones.
            sx: (th) => ({
              zIndex: th.zIndex.modal,
              minWidth: { sm: 460 },
              maxWidth: 'calc(100vw - 16px)',
              [th.breakpoints.down('sm')]: { width: 'calc(100vw - 16px) !important' },
            }),
          },
          paper: {
            elevation: 8,
            'data-testid': 'search-dropdown',
            sx: { maxHeight: `min(${DROPDOWN_MAX_HEIGHT}px, calc(100dvh - 96px))`, display: 'flex', flexDirection: 'column', overflowX: 'hidden' },
          } as object,
          listbox: { 'aria-label': t('results'), 'data-testid': 'search-results', sx: { maxHeight: 'none', flex: '1 1 auto', p: 0 } } as object,
        }}
        renderOption={({ key, ...props }, option) =>
          isAll(option) ? (
            <AllResultsOption key={key} props={props} divided={results.length > 0} label={t('all')} />
          ) : (
            <ResultOption key={key} props={props} product={option} />
          )
        }
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={inputRef}
            placeholder={tShell('shell.searchPlaceholder')}
            sx={{ bgcolor: 'background.paper', borderRadius: 1, '& input::-webkit-search-cancel-button': { display: 'none' } }}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-label': tShell('shell.searchLabel'),
                'data-testid': testId,
                type: 'search',
                enterKeyHint: 'search',
                autoComplete: 'off',
              },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        sx={{
          // The clear button shows whenever there is text, not only on hover or focus (phones have no hover).
          '& .MuiAutocomplete-clearIndicator': { visibility: 'visible' },
        }}
      />
    </SearchStatusContext.Provider>
  );
}

function AllResultsOption({ props, divided, label }: { props: HTMLAttributes<HTMLLIElement>; divided: boolean; label: ReactNode }) {
  return (
    <Box
      component="li"
      {...props}
      data-testid="search-all-results"
      sx={{
        justifyContent: 'center !important',
        gap: 0.75,
        py: 1.25,
        color: 'primary.dark',
        fontWeight: 600,
        borderTop: divided ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      {label}
      <ArrowForwardIcon fontSize="small" aria-hidden />
    </Box>
  );
}

function ResultOption({ props, product }: { props: HTMLAttributes<HTMLLIElement>; product: ProductListItemDto }) {
  const { t } = useSearchTranslation();
  const qty = product.quantity || formatQty(product.qty);
  return (
    <Box
      component="li"
      {...props}
      data-testid="search-result"
      data-product-id={product.id}
      sx={{ gap: 1.5, px: '12px !important', py: 1, borderBottom: 1, borderColor: 'divider' }}
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
