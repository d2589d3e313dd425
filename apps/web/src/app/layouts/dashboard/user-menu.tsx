import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, type UserDto } from '@drop/shared';
import { LanguageControl } from '../../../components/ui/language-control.tsx';

export function UserMenu({ user, balance, onLogout }: { user: UserDto; balance: number | undefined; onLogout: () => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const money = `${formatMoney(balance ?? user.balance)} ${t('common.currency')}`;
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('shell.userMenu', { name: user.name, balance: money })}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'user-menu' : undefined}
        endIcon={<ExpandMoreIcon />}
        startIcon={<AccountCircleIcon />}
        data-testid="user-menu-button"
        sx={{ textAlign: 'left', lineHeight: 1.2 }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 600, maxWidth: 160 }} noWrap data-testid="user-menu-name">
            {user.name}
          </Typography>
          {/* A space between the name and the balance for the text's readers (a flex container does not render it). */}{' '}
          <Typography component="span" variant="caption" data-testid="user-menu-balance-text">
            {money}
          </Typography>
        </Box>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={Link} to="/dashboard/finances" onClick={close} data-testid="user-menu-balance">
          <ListItemIcon>
            <AccountBalanceWalletIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.balance')} secondary={money} />
        </MenuItem>
        <MenuItem component={Link} to="/dashboard/profile" onClick={close} data-testid="user-menu-profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('nav.profile')} />
        </MenuItem>
        {/* Staff: every role but reseller (isStaffRole sits with the staff contracts, zod, which the dashboard shell must not load: the build's preload-html check). */}
        {user.role !== 'reseller' && (
          <MenuItem component={Link} to="/admin" onClick={close} data-testid="user-menu-admin">
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('shell.backOffice')} />
          </MenuItem>
        )}
        <Divider />
        {/* In a menu the switch is a group of menu radio items (named "Language"; the caption is for the eye). */}
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {t('common.language')}
          </Typography>
          <LanguageControl testId="user-menu-language" menu />
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
          data-testid="user-menu-logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common.logout')} />
        </MenuItem>
      </Menu>
    </>
  );
}
