/** Breadcrumbs from the API ({title, href, disabled}). Test id: product-breadcrumbs. */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Link as RouterLink } from 'react-router';
import type { BreadcrumbDto } from '@drop/shared';
import { useProductsT } from '../lib/i18n.ts';

/** An API href ('/dashboard/…', '/catalog/…' or a full URL) as an in-app path. */
export function breadcrumbPath(href: string): string {
  let path = href;
  try {
    if (/^https?:\/\//.test(href)) {
      const u = new URL(href);
      path = u.pathname + u.search;
    }
  } catch {
    // keep as is
  }
  if (!path.startsWith('/')) path = `/${path}`;
  return path.startsWith('/dashboard') ? path : `/dashboard${path === '/' ? '' : path}`;
}

export function ProductBreadcrumbs({ items }: { items: BreadcrumbDto[] }) {
  const { t } = useProductsT();
  if (items.length === 0) return null;
  return (
    <Breadcrumbs
      aria-label={t('page.breadcrumbs')}
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ mb: 1, '& ol': { rowGap: 0.25 } }}
      data-testid="product-breadcrumbs"
    >
      {items.map((b, i) =>
        b.disabled || !b.href || i === items.length - 1 ? (
          <Typography key={`${b.title}-${i}`} variant="body2" color="text.secondary" aria-current={i === items.length - 1 ? 'page' : undefined}>
            {b.title}
          </Typography>
        ) : (
          <Link key={`${b.title}-${i}`} component={RouterLink} to={breadcrumbPath(b.href)} variant="body2" underline="hover" color="inherit">
            {b.title}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
