import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { LanguageControl } from '../../components/ui/language-control.tsx';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={t('auth.login.title')}
      aside={<LanguageControl />}
      footer={
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">
            {t('auth.login.noAccount')}{' '}
            <Link component={RouterLink} to="/register" data-testid="link-register">
              {t('auth.login.registerLink')}
            </Link>
          </Typography>
          <Link component={RouterLink} to="/forgot-password" variant="body2" data-testid="link-forgot-password">
            {t('auth.login.forgotLink')}
          </Link>
        </Stack>
      }
    >
      <LoginForm onSignedIn={() => void navigate('/dashboard', { replace: true })} />
    </AuthCard>
  );
}
