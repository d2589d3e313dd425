/**
 * Phone/tablet catalogue (below md): a drill-down list. The open level is the query parameter
 * `c`, so the browser's back button and a return from a product list keep the place.
 *
 * Test ids: catalog-drilldown (the list), catalog-drilldown-title (the open category's name),
 * catalog-drilldown-back (the back row), catalog-drilldown-item-{id} (a row: a button into a
 * category with children, a link to a leaf's products).
 */
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CategoryDto } from '@drop/shared';
import { useCatalogTranslation } from '../i18n.ts';
import { categoryHref, categoryName, findCategory } from '../../../lib/categories.ts';
import { CategoryIcon } from './category-icon.tsx';

export const DRILL_PARAM = 'c';

export function CatalogDrillDown({ roots }: { roots: CategoryDto[] }) {
  const { t, i18n } = useCatalogTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const openId = Number(params.get(DRILL_PARAM));
  const current = openId ? findCategory(roots, openId) : undefined;
  const level = current && current.child.length > 0 ? current : undefined;
  const items = level ? level.child : roots;

  const go = (id: number | null, replace: boolean) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete(DRILL_PARAM);
    else next.set(DRILL_PARAM, String(id));
    const qs = next.toString();
    void navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { replace, state: replace ? location.state : { drill: true } });
  };
  const back = () => {
    if ((location.state as { drill?: boolean } | null)?.drill) void navigate(-1);
    else go(level?.parent_id ?? null, true);
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <List disablePadding component="nav" aria-label={t('categoriesNav')} data-testid="catalog-drilldown">
        {level && (
          <ListItemButton onClick={back} divider data-testid="catalog-drilldown-back" aria-label={t('back')} sx={{ py: 1.25 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <ArrowBackIcon />
            </ListItemIcon>
            <ListItemText
              primary={categoryName(level, lang)}
              secondary={t('back')}
              slotProps={{ primary: { sx: { fontWeight: 600 }, 'data-testid': 'catalog-drilldown-title' } as object }}
            />
          </ListItemButton>
        )}
        {items.map((c) => {
          const withChildren = c.child.length > 0;
          const content = (
            <>
              {!level && (
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <CategoryIcon icon={c.icon} color={c.icon_color} />
                </ListItemIcon>
              )}
              <ListItemText primary={categoryName(c, lang)} secondary={c.products_count > 0 ? t('productsCount', { count: c.products_count }) : undefined} />
              <ChevronRightIcon sx={{ color: 'text.secondary' }} aria-hidden />
            </>
          );
          return withChildren ? (
            <ListItemButton key={c.id} divider onClick={() => go(c.id, false)} data-testid={`catalog-drilldown-item-${c.id}`} aria-haspopup="true">
              {content}
            </ListItemButton>
          ) : (
            <ListItemButton key={c.id} divider component={RouterLink} to={categoryHref(c)} data-testid={`catalog-drilldown-item-${c.id}`}>
              {content}
            </ListItemButton>
          );
        })}
      </List>
      {items.length === 0 && <Box sx={{ p: 2, color: 'text.secondary' }}>{t('empty')}</Box>}
    </Paper>
  );
}
