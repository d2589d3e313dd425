/**
 * Desktop catalogue: root categories in 4 column groups; hovering a root opens a menu of its
 * children and their children (two columns above 9 children).
 *
 * Test ids: catalog-columns (nav), catalog-column (each column), catalog-root-{id} (root block),
 * catalog-root-link-{id} (root header link), catalog-child-link-{id} (a child listed under a root),
 * catalog-hover-menu (the open menu; data-root-id), catalog-menu-link-{id} (a link inside the menu).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router';
import type { CategoryDto } from '@drop/shared';
import { useCatalogTranslation } from '../i18n.ts';
import { CATALOG_COLUMNS, categoryHref, categoryName, menuColumns, partitionColumns, rootWeight } from '../../../lib/categories.ts';
import { CategoryIcon } from './category-icon.tsx';

const OPEN_DELAY_MS = 120;
const CLOSE_DELAY_MS = 180;

interface OpenMenu {
  root: CategoryDto;
  /** The root's block: the menu covers it from just below its header down. */
  anchor: HTMLElement;
  /** Popper distance that moves the menu up from the block's bottom to its header's bottom. */
  distance: number;
  width: number;
}

const MENU_TWO_COLUMNS_WIDTH = 640;

function menuFor(root: CategoryDto, header: HTMLElement): OpenMenu | null {
  if (root.child.length === 0) return null;
  const block = header.closest<HTMLElement>('[data-catalog-block]') ?? header;
  const headerBottom = header.getBoundingClientRect().bottom - block.getBoundingClientRect().top;
  return {
    root,
    anchor: block,
    distance: Math.round(headerBottom - block.offsetHeight + 4),
    width: menuColumns(root) === 2 ? Math.max(MENU_TWO_COLUMNS_WIDTH, block.offsetWidth) : block.offsetWidth,
  };
}

export function CatalogColumns({ roots }: { roots: CategoryDto[] }) {
  const { t, i18n } = useCatalogTranslation();
  const lang = i18n.language;
  const columns = useMemo(() => partitionColumns(roots, CATALOG_COLUMNS, rootWeight), [roots]);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const schedule = (fn: () => void, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ms);
  };
  const openFor = (root: CategoryDto, header: HTMLElement) => schedule(() => setMenu(menuFor(root, header)), menu ? 0 : OPEN_DELAY_MS);
  const keepOpen = () => window.clearTimeout(timer.current);
  const close = () => schedule(() => setMenu(null), CLOSE_DELAY_MS);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!menu) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenu(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menu]);

  return (
    <Box
      component="nav"
      aria-label={t('categoriesNav')}
      data-testid="catalog-columns"
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${CATALOG_COLUMNS}, minmax(0, 1fr))`, gap: 2, alignItems: 'start' }}
    >
      {columns.map((column, index) => (
        <Box key={index} data-testid="catalog-column" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {column.map((root) => {
            const name = categoryName(root, lang);
            const active = menu?.root.id === root.id;
            return (
              <Paper
                key={root.id}
                variant="outlined"
                data-catalog-block
                data-testid={`catalog-root-${root.id}`}
                sx={{ p: 1.5, borderColor: active ? 'primary.main' : 'divider' }}
              >
                <Link
                  component={RouterLink}
                  to={categoryHref(root)}
                  underline="none"
                  color="text.primary"
                  data-testid={`catalog-root-link-${root.id}`}
                  onMouseEnter={(e) => openFor(root, e.currentTarget)}
                  onMouseLeave={close}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.25,
                    p: 0.75,
                    mx: -0.75,
                    borderRadius: 1,
                    fontWeight: 600,
                    bgcolor: active ? 'action.hover' : undefined,
                    '&:hover': { bgcolor: 'action.hover', color: 'primary.dark' },
                  }}
                >
                  <CategoryIcon icon={root.icon} color={root.icon_color} />
                  <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
                    {name}
                  </Box>
                  {root.child.length > 0 && <ChevronRightIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />}
                </Link>
                {root.child.length > 0 && (
                  <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, pl: 4.5 }}>
                    {root.child.map((c) => (
                      <li key={c.id}>
                        <Link
                          component={RouterLink}
                          to={categoryHref(c)}
                          underline="hover"
                          color="text.secondary"
                          variant="body2"
                          data-testid={`catalog-child-link-${c.id}`}
                          sx={{ display: 'block', py: 0.25, '&:hover': { color: 'primary.dark' } }}
                        >
                          {categoryName(c, lang)}
                        </Link>
                      </li>
                    ))}
                  </Box>
                )}
              </Paper>
            );
          })}
        </Box>
      ))}
      <Popper
        open={Boolean(menu)}
        anchorEl={menu?.anchor ?? null}
        // Below the root's header: the headers of the other roots in the row stay reachable.
        placement="bottom-start"
        role="presentation"
        modifiers={[
          { name: 'offset', options: { offset: [0, menu?.distance ?? 0] } },
          { name: 'flip', enabled: false },
          { name: 'preventOverflow', options: { padding: 8, altAxis: false } },
        ]}
        sx={{ zIndex: (th) => th.zIndex.appBar - 1 }}
      >
        {menu && <HoverMenu root={menu.root} lang={lang} width={menu.width} onEnter={keepOpen} onLeave={close} onNavigate={() => setMenu(null)} />}
      </Popper>
    </Box>
  );
}

function HoverMenu({
  root,
  lang,
  width,
  onEnter,
  onLeave,
  onNavigate,
}: {
  root: CategoryDto;
  lang: string;
  width: number;
  onEnter: () => void;
  onLeave: () => void;
  onNavigate: () => void;
}) {
  const { t } = useCatalogTranslation();
  const name = categoryName(root, lang);
  const cols = menuColumns(root);
  return (
    <Paper
      elevation={8}
      role="region"
      aria-label={t('menuOf', { name })}
      data-testid="catalog-hover-menu"
      data-root-id={root.id}
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
      sx={{
        width,
        maxWidth: 'calc(100vw - 32px)',
        maxHeight: 'min(640px, calc(100dvh - 96px))',
        overflowY: 'auto',
        p: 2,
        pb: 0.75,
        borderTop: 3,
        borderColor: root.icon_color ?? 'primary.main',
      }}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, columnCount: cols, columnGap: 3 }} data-columns={cols}>
        {root.child.map((c) => (
          <Box component="li" key={c.id} sx={{ breakInside: 'avoid', mb: 1.25 }}>
            <Link
              component={RouterLink}
              to={categoryHref(c)}
              onClick={onNavigate}
              underline="hover"
              color="text.primary"
              data-testid={`catalog-menu-link-${c.id}`}
              sx={{ fontWeight: 600, display: 'block', '&:hover': { color: 'primary.dark' } }}
            >
              {categoryName(c, lang)}
            </Link>
            {c.child.length > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pl: 1.5, mt: 0.25 }}>
                {c.child.map((leaf) => (
                  <li key={leaf.id}>
                    <Link
                      component={RouterLink}
                      to={categoryHref(leaf)}
                      onClick={onNavigate}
                      underline="hover"
                      color="text.secondary"
                      variant="body2"
                      data-testid={`catalog-menu-link-${leaf.id}`}
                      sx={{ display: 'block', py: 0.2, '&:hover': { color: 'primary.dark' } }}
                    >
                      {categoryName(leaf, lang)}
                    </Link>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
