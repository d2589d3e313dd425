import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FullScreenSpinner, InlineSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { useBalance } from '../../lib/balance.ts';
import { useUser, useLogout } from '../../lib/user.ts';
import { useConfig } from '../../lib/config.ts';
import { ChangelogDialog } from '../../features/settings/components/changelog-dialog.tsx';
import { CartSync } from './dashboard/cart-sync.tsx';
import { DashboardFooter } from './dashboard/dashboard-footer.tsx';
import { BOTTOM_NAV_HEIGHT, BottomNav, MobileTopBar } from './dashboard/mobile-bars.tsx';
import { RealtimeBridge } from './dashboard/realtime-bridge.tsx';
import { SideNav } from './dashboard/side-nav.tsx';
import { TopBar } from './dashboard/top-bar.tsx';

const COLLAPSE_KEY = 'drop-nav-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Dashboard shell: spinner until the user and /config are loaded, then bars, side navigation and footer. */
export function DashboardLayout() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const navigate = useNavigate();
  const user = useUser();
  const config = useConfig(i18n.language);
  const balance = useBalance(user.isSuccess);
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = () =>
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSE_KEY, c ? '0' : '1');
      } catch {
        // ignore
      }
      return !c;
    });

  const onLogout = () => {
    setMobileOpen(false);
    logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  if (user.isPending || config.isPending || logout.isPending) return <FullScreenSpinner />;
  if (user.isError) {
    return (
      <Box sx={{ p: 3, maxWidth: 600, mx: 'auto', mt: 8 }}>
        <EmptyState
          title={t('errors.loadFailed')}
          text={user.error.message}
          action={
            <Button variant="contained" onClick={() => void user.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Box>
    );
  }

  return (
    <Box
      sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}
      data-testid="dashboard-layout"
      data-variant={desktop ? 'desktop' : 'mobile'}
    >
      {desktop ? (
        <TopBar user={user.data} balance={balance.data} collapsed={collapsed} onToggle={toggle} onLogout={onLogout} />
      ) : (
        <MobileTopBar onMenu={() => setMobileOpen(true)} />
      )}
      <SideNav
        user={user.data}
        desktop={desktop}
        collapsed={collapsed}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
        onLogout={onLogout}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', pb: desktop ? 0 : `${BOTTOM_NAV_HEIGHT}px` }}>
        <Toolbar />
        {/* At least a screen high: the footer starts below the fold and does not jump as the page loads. */}
        <Box component="main" sx={{ flexGrow: 1, minHeight: '100dvh', p: { xs: 1.5, sm: 2, lg: 3 } }}>
          <Suspense fallback={<InlineSpinner />}>
            <CartSync>
              <Outlet />
            </CartSync>
          </Suspense>
        </Box>
        <DashboardFooter />
      </Box>
      {!desktop && <BottomNav />}
      <ChangelogDialog />
      <RealtimeBridge />
    </Box>
  );
}
