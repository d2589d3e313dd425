/**
 * The back office's frame: a top bar (menu on mobile, title, link back to the reseller dashboard,
 * language, the staff member's name and role in words, logout) and a side navigation built from the
 * sections the role may open (allowedSections; permanent from lg, a drawer below). Test ids:
 * admin-shell, admin-top-bar, admin-nav, admin-nav-<path>, admin-menu-button, admin-to-dashboard,
 * admin-user-name, admin-user-role, admin-logout; the worklists' links and counters: see
 * worklists/worklist-nav.tsx.
 */
import { Fragment, Suspense, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Link, useLocation, useNavigate } from 'react-router';
import type { UserDto } from '@drop/shared';
import { InlineSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { LanguageControl } from '../../../components/ui/language-control.tsx';
import { useLogout } from '../../../lib/user.ts';
import { useAdminT } from '../i18n.ts';
import { allowedSections } from '../sections.tsx';
import { useWorklistCounts, useWorklistInvalidation, visibleWorklists, worklistSection } from '../worklists/api.ts';
import { WorklistLinks, isCurrent } from '../worklists/worklist-nav.tsx';

export const ADMIN_NAV_WIDTH = 232;
export const ADMIN_BASE = '/admin';

/**
 * The sections `role` may open (STAFF_ACCESS); the others are not listed at all. Under the orders and
 * the money the worklists the role sees, each with its live counter (the section line shows none: an order may be in two worklists, so a sum would count it twice).
 */
function SideNavList({ role, onNavigate }: { role: string; onNavigate?: (() => void) | undefined }) {
  const { t } = useAdminT();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const counts = useWorklistCounts().data;
  return (
    <Box component="nav" aria-label={t('nav.label')} data-testid="admin-nav">
      <List component="div" sx={{ px: 1 }}>
        {allowedSections(role).map((s) => {
          const to = `${ADMIN_BASE}/${s.path}`;
          const selected = pathname === to || pathname.startsWith(`${to}/`);
          const Icon = s.icon;
          // A worklist of the section is the current page: that sub-link, not the section, is aria-current.
          const inWorklist = visibleWorklists(role).some((w) => worklistSection(w) === s.path && isCurrent(w, pathname, params));
          return (
            <Fragment key={s.path}>
              <ListItemButton
                component={Link}
                to={to}
                selected={selected}
                aria-current={selected && !inWorklist ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ borderRadius: 1, mb: 0.25 }}
                data-testid={`admin-nav-${s.path}`}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon color={selected ? 'primary' : 'inherit'} />
                </ListItemIcon>
                <ListItemText primary={t(s.labelKey)} slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 400 } } }} />
              </ListItemButton>
              <WorklistLinks section={s.path} role={role} counts={counts} onNavigate={onNavigate} />
            </Fragment>
          );
        })}
      </List>
    </Box>
  );
}

export function AdminShell({ user, children }: { user: UserDto; children: ReactNode }) {
  const { t, tc } = useAdminT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const navigate = useNavigate();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  // Any mutation in the back office refetches the worklist counters at once.
  useWorklistInvalidation();

  const onLogout = () => logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });

  const nav = (
    <>
      <Toolbar />
      <SideNavList role={user.role} onNavigate={desktop ? undefined : () => setOpen(false)} />
      {!desktop && (
        <>
          <Divider sx={{ my: 1 }} />
          <Box sx={{ px: 2, pb: 2, display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {user.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ mt: -1.25 }} data-testid="admin-user-role-mobile">
              {user.email} · {t(`roles.${user.role}`)}
            </Typography>
            <LanguageControl testId="admin-language-mobile" />
            <Button component={Link} to="/dashboard" startIcon={<StorefrontIcon />} onClick={() => setOpen(false)} data-testid="admin-to-dashboard-mobile">
              {t('nav.toDashboard')}
            </Button>
          </Box>
        </>
      )}
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }} data-testid="admin-shell" data-variant={desktop ? 'desktop' : 'mobile'}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ zIndex: (th) => th.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
        data-testid="admin-top-bar"
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 } }}>
          {!desktop && (
            <IconButton edge="start" onClick={() => setOpen(true)} aria-label={t('nav.open')} aria-expanded={open} data-testid="admin-menu-button">
              <MenuIcon />
            </IconButton>
          )}
          <Box
            component={Link}
            to={ADMIN_BASE}
            aria-label={t('shell.home')}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none', minWidth: 0 }}
          >
            <img src="/images/logo.svg" alt="" width={desktop ? 99 : 73} height={desktop ? 30 : 22} />
            <Chip size="small" color="primary" icon={<AdminPanelSettingsIcon />} label={t('title')} sx={{ fontWeight: 600 }} />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {desktop && (
            <>
              <Button component={Link} to="/dashboard" startIcon={<StorefrontIcon />} data-testid="admin-to-dashboard">
                {t('nav.toDashboard')}
              </Button>
              <LanguageControl testId="admin-language" />
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', minWidth: 0, lineHeight: 1.2 }} aria-label={t('shell.account')}>
                <Typography component="span" sx={{ fontWeight: 600, maxWidth: 200 }} noWrap data-testid="admin-user-name">
                  {user.name}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary" data-testid="admin-user-role">
                  {t(`roles.${user.role}`)}
                </Typography>
              </Box>
            </>
          )}
          <Tooltip title={tc('common.logout')}>
            <IconButton onClick={onLogout} aria-label={tc('common.logout')} loading={logout.isPending} data-testid="admin-logout">
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      {desktop ? (
        <Drawer variant="permanent" sx={{ width: ADMIN_NAV_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: ADMIN_NAV_WIDTH, boxSizing: 'border-box' } }}>
          {nav}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: ADMIN_NAV_WIDTH + 32 } }}
          data-testid="admin-nav-drawer"
        >
          {nav}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 2, lg: 3 } }}>
          <Suspense fallback={<InlineSpinner />}>{children}</Suspense>
        </Box>
      </Box>
    </Box>
  );
}
