import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FOOTER_HEIGHT, FOUNDED_YEAR } from '@drop/shared';

const LINKS = [
  { to: '/dashboard/profile', labelKey: 'nav.profile' },
  { to: '/dashboard/catalog', labelKey: 'nav.catalog' },
  { to: '/dashboard/orders', labelKey: 'nav.orders' },
  { to: '/dashboard/cart', labelKey: 'nav.cart' },
] as const;

export function DashboardFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      data-testid="dashboard-footer"
      sx={{
        minHeight: FOOTER_HEIGHT,
        px: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box component="nav" aria-label={t('shell.footerNavigation')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {LINKS.map((l) => (
          <Link key={l.to} component={RouterLink} to={l.to} underline="hover" color="text.secondary" variant="body2">
            {t(l.labelKey)}
          </Link>
        ))}
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      <Typography variant="body2" color="text.secondary" data-testid="copyright">
        © {FOUNDED_YEAR}–{new Date().getFullYear()} {t('shell.brand')}
      </Typography>
    </Box>
  );
}
