import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link } from 'react-router';
import { useAdminT } from '../i18n.ts';
import { firstSectionPath } from '../sections.tsx';
import { useStaffAccess } from './use-staff-access.ts';

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

/**
 * A section the signed-in staff member's role may not open (STAFF_ACCESS), shown inside the shell
 * instead of the section (its API would answer 403). `home` is the first section the role may open.
 */
export function SectionNoAccess({ role, home }: { role: string; home: string }) {
  const { t } = useAdminT();
  return (
    <Box
      data-testid="admin-section-no-access"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8, px: 2, textAlign: 'center' }}
    >
      <LockOutlinedIcon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
      <Typography variant="h1" component="h1">
        {t('sectionNoAccess.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
        {t('sectionNoAccess.text', { role: t(`roles.${role}`, { defaultValue: role }) })}
      </Typography>
      <Button component={Link} to={home} variant="contained" data-testid="admin-section-no-access-back">
        {t('sectionNoAccess.back')}
      </Button>
    </Box>
  );
}

/**
 * An unknown path inside the back office; its link goes to `home`, by default the first section the
 * signed-in role may open.
 */
export function AdminNotFound({ home }: { home?: string }) {
  const { t } = useAdminT();
  const first = firstSectionPath(useStaffAccess().role);
  const to = home ?? first;
  return (
    <Box data-testid="admin-not-found" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.text')}</Typography>
      <Button component={Link} to={to} variant="outlined" data-testid="admin-not-found-back">
        {t('notFound.back')}
      </Button>
    </Box>
  );
}
