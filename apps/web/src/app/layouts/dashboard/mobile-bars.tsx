import AppBar from '@mui/material/AppBar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import CategoryIcon from '@mui/icons-material/Category';
import FavoriteIcon from '@mui/icons-material/Favorite';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CartButton } from '../../../features/cart/components/cart-button.tsx';
import { NotificationsBottomAction } from '../../../features/notifications/components/notifications-button.tsx';
import { HeaderSearch } from '../../../features/search/components/header-search.tsx';
import { isActive } from './nav-items.tsx';

export const BOTTOM_NAV_HEIGHT = 56;

/** Below lg: menu button, search and cart. */
export function MobileTopBar({ onMenu }: { onMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }} data-testid="mobile-top-bar">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" onClick={onMenu} aria-label={t('nav.openMenu')} data-testid="mobile-menu-button">
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <HeaderSearch testId="mobile-search" />
        </Box>
        <CartButton testId="mobile-cart-button" />
      </Toolbar>
    </AppBar>
  );
}

const LINKS = [
  { key: 'profile', to: '/dashboard/profile', labelKey: 'nav.profile', icon: <PersonIcon /> },
  { key: 'catalog', to: '/dashboard/catalog', labelKey: 'nav.catalog', icon: <CategoryIcon /> },
  { key: 'orders', to: '/dashboard/orders', labelKey: 'nav.orders', icon: <ReceiptLongIcon /> },
  { key: 'favorites', to: '/dashboard/favorites', labelKey: 'nav.favorites', icon: <FavoriteIcon /> },
] as const;

/** Below lg: profile, catalogue, orders, favourites and notifications. */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = LINKS.find((l) => isActive(pathname, l.to))?.key ?? false;
  return (
    <Paper
      component="nav"
      aria-label={t('nav.bottomNavigation')}
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (th) => th.zIndex.appBar }}
      data-testid="bottom-nav"
    >
      <BottomNavigation showLabels value={current} sx={{ height: BOTTOM_NAV_HEIGHT }}>
        {LINKS.map((l) => (
          <BottomNavigationAction
            key={l.key}
            value={l.key}
            label={t(l.labelKey)}
            icon={l.icon}
            component={Link}
            to={l.to}
            data-testid={`bottom-nav-${l.key}`}
            sx={{ minWidth: 0, px: 0.5 }}
          />
        ))}
        <NotificationsBottomAction value="notifications" sx={{ minWidth: 0, px: 0.5 }} />
      </BottomNavigation>
    </Paper>
  );
}
