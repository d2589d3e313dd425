import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link } from 'react-router';
import { useAdminT } from '../i18n.ts';

/** What a reseller sees at /admin (the API answers 403 to them anyway). */
export function NoAccessPage() {
  const { t } = useAdminT();
  return (
    <Box
      component="main"
      data-testid="admin-no-access"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <LockOutlinedIcon sx={{ fontSize: 72, color: 'primary.main' }} aria-hidden />
      <Typography variant="h1" component="h1">
        {t('noAccess.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t('noAccess.text')}
      </Typography>
      <Button component={Link} to="/dashboard" variant="contained" data-testid="admin-no-access-back">
        {t('noAccess.back')}
      </Button>
    </Box>
  );
}

/** An unknown path inside the back office. */
export function AdminNotFound() {
  const { t } = useAdminT();
  return (
    <Box data-testid="admin-not-found" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.text')}</Typography>
      <Button component={Link} to="/admin/users" variant="outlined">
        {t('notFound.back')}
      </Button>
    </Box>
  );
}
