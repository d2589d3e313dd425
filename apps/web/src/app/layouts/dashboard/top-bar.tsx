import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import FavoriteIcon from '@mui/icons-material/Favorite';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserDto } from '@drop/shared';
import { Logo } from '../../../components/ui/logo.tsx';
import { CartButton } from '../../../features/cart/components/cart-button.tsx';
import { NotificationsButton } from '../../../features/notifications/components/notifications-button.tsx';
import { MarketSelector } from '../../../features/markets/components/market-selector.tsx';
import { HeaderSearch } from '../../../features/search/components/header-search.tsx';
import { LanguageControl } from '../../../components/ui/language-control.tsx';
import { UserMenu } from './user-menu.tsx';

/** Desktop (lg+) top bar. */
export function TopBar({
  user,
  balance,
  collapsed,
  onToggle,
  onLogout,
}: {
  user: UserDto;
  balance: number | undefined;
  collapsed: boolean;
  onToggle: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ zIndex: (th) => th.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="top-bar"
    >
      <Toolbar sx={{ gap: 1.5 }}>
        <IconButton
          edge="start"
          onClick={onToggle}
          aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          aria-expanded={!collapsed}
          data-testid="side-nav-toggle"
        >
          {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
        </IconButton>
        <Logo to="/dashboard" label={t('shell.logoDashboard')} />
        <Box sx={{ flexGrow: 1, maxWidth: 520, ml: 3 }}>
          <HeaderSearch />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <MarketSelector />
        <LanguageControl />
        <IconButton component={Link} to="/dashboard/favorites" aria-label={t('nav.favorites')} data-testid="favorites-button">
          <FavoriteIcon />
        </IconButton>
        <NotificationsButton />
        <CartButton />
        <UserMenu user={user} balance={balance} onLogout={onLogout} />
      </Toolbar>
    </AppBar>
  );
}
