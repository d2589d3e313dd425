import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DRAWER_WIDTH, RAIL_WIDTH, type UserDto } from '@drop/shared';
import { LanguageControl } from '../../../components/ui/language-control.tsx';
import { NAV_ITEMS, isActive, type NavLinkItem } from './nav-items.tsx';
import { MarketSelector } from '../../../features/markets/components/market-selector.tsx';
import { UserBadgeChip } from '../../../components/ui/user-badge-chip.tsx';

function ProfileCard({ user, rail, onNavigate }: { user: UserDto; rail: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  if (rail) {
    return (
      <Tooltip title={user.name} placement="right">
        <ListItemButton
          component={Link}
          to="/dashboard/profile"
          aria-label={t('nav.profile')}
          sx={{ justifyContent: 'center', py: 1.5, flexGrow: 0 }}
          data-testid="side-nav-profile"
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', color: 'primary.contrastText' }}>{initial}</Avatar>
        </ListItemButton>
      </Tooltip>
    );
  }
  return (
    <ListItemButton
      component={Link}
      to="/dashboard/profile"
      onClick={onNavigate}
      sx={{ gap: 1.5, py: 1.5, alignItems: 'flex-start', flexGrow: 0 }}
      data-testid="side-nav-profile"
    >
      <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>{initial}</Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {user.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: 0.5 }}>
          {user.email}
        </Typography>
        <UserBadgeChip user={user} />
      </Box>
    </ListItemButton>
  );
}

function NavLinkRow({ item, rail, nested, onNavigate }: { item: NavLinkItem; rail: boolean; nested?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = isActive(pathname, item.to, item.exact);
  const label = t(item.labelKey);
  const button = (
    <ListItemButton
      component={Link}
      to={item.to}
      selected={selected}
      onClick={onNavigate}
      aria-label={rail ? label : undefined}
      aria-current={selected ? 'page' : undefined}
      data-testid={`nav-${item.key}`}
      sx={{ pl: rail ? 2 : nested ? 4 : 2, minHeight: 44 }}
    >
      <ListItemIcon sx={{ minWidth: rail ? 0 : 40, color: selected ? 'primary.main' : undefined }}>{item.icon}</ListItemIcon>
      {!rail && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return rail ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function NavContent({
  user,
  rail,
  onNavigate,
  mobile,
  onLogout,
}: {
  user: UserDto;
  rail: boolean;
  onNavigate?: () => void;
  mobile: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [financesOpen, setFinancesOpen] = useState(true);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }} data-testid={mobile ? 'mobile-drawer' : 'side-nav-content'}>
      <ProfileCard user={user} rail={rail} {...(onNavigate ? { onNavigate } : {})} />
      <Divider />
      <List component="nav" aria-label={t('nav.mainNavigation')} sx={{ flexGrow: 1, py: 0.5 }} data-testid="side-nav-list">
        {NAV_ITEMS.map((item) => {
          if (item.kind === 'link') return <NavLinkRow key={item.key} item={item} rail={rail} {...(onNavigate ? { onNavigate } : {})} />;
          if (rail) return item.children.map((c) => <NavLinkRow key={c.key} item={c} rail {...(onNavigate ? { onNavigate } : {})} />);
          const groupActive = item.children.some((c) => isActive(pathname, c.to));
          return (
            <Box key={item.key}>
              <ListItemButton
                onClick={() => setFinancesOpen((o) => !o)}
                aria-expanded={financesOpen}
                data-testid={`nav-group-${item.key}`}
                sx={{ minHeight: 44 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: groupActive ? 'primary.main' : undefined }}>{item.icon}</ListItemIcon>
                <ListItemText primary={t(item.labelKey)} />
                {financesOpen ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={financesOpen} timeout="auto" unmountOnExit>
                <List component="div" disablePadding>
                  {item.children.map((c) => (
                    <NavLinkRow key={c.key} item={c} rail={false} nested {...(onNavigate ? { onNavigate } : {})} />
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
      {mobile && (
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Divider />
          <MarketSelector testId="drawer-market-selector" fullWidth />
          <LanguageControl testId="drawer-language-switch" />
          {/* Staff: every role but reseller (isStaffRole sits with the staff contracts, zod, which the dashboard shell must not load: the build's preload-html check). */}
          {user.role !== 'reseller' && (
            <Button
              component={Link}
              to="/admin"
              startIcon={<AdminPanelSettingsIcon />}
              color="inherit"
              onClick={onNavigate}
              sx={{ justifyContent: 'flex-start' }}
              data-testid="drawer-admin"
            >
              {t('shell.backOffice')}
            </Button>
          )}
          <Button startIcon={<LogoutIcon />} color="inherit" onClick={onLogout} sx={{ justifyContent: 'flex-start' }} data-testid="drawer-logout">
            {t('common.logout')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Permanent drawer (256 px, collapsible to a 56 px rail) on lg+, temporary drawer below lg. */
export function SideNav({
  user,
  desktop,
  collapsed,
  mobileOpen,
  onMobileClose,
  onLogout,
}: {
  user: UserDto;
  desktop: boolean;
  collapsed: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
  onLogout: () => void;
}) {
  if (!desktop) {
    return (
      <Drawer variant="temporary" open={mobileOpen} onClose={onMobileClose} slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}>
        <NavContent user={user} rail={false} onNavigate={onMobileClose} mobile onLogout={onLogout} />
      </Drawer>
    );
  }
  const width = collapsed ? RAIL_WIDTH : DRAWER_WIDTH;
  return (
    <Drawer
      variant="permanent"
      data-testid="side-nav"
      data-collapsed={collapsed ? 'true' : 'false'}
      sx={{
        width,
        flexShrink: 0,
        transition: (th) => th.transitions.create('width'),
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden', transition: (th) => th.transitions.create('width') },
      }}
    >
      <Toolbar />
      <NavContent user={user} rail={collapsed} mobile={false} onLogout={onLogout} />
    </Drawer>
  );
}
