import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { LanguageControl } from '../../components/ui/language-control.tsx';

export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={t('auth.register.title')}
      aside={<LanguageControl />}
      footer={
        <Typography variant="body2">
          {t('auth.register.hasAccount')}{' '}
          <Link component={RouterLink} to="/login" data-testid="link-login">
            {t('auth.register.loginLink')}
          </Link>
        </Typography>
      }
    >
      <RegisterForm onRegistered={() => void navigate('/dashboard', { replace: true })} />
    </AuthCard>
  );
}
