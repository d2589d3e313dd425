import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { LanguageControl } from '../layouts/dashboard/language-control.tsx';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={t('auth.forgot.title')}
      aside={<LanguageControl />}
      footer={
        <Link component={RouterLink} to="/login" variant="body2" data-testid="link-login">
          {t('auth.forgot.backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm onRestored={() => void navigate('/dashboard', { replace: true })} />
    </AuthCard>
  );
}
