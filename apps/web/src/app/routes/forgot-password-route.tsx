import { useState } from 'react';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { ForgotPasswordForm, inviteOf } from '../../features/auth/components/forgot-password-form.tsx';
import { LanguageControl } from '../../components/ui/language-control.tsx';

/**
 * /forgot-password: a forgotten password, or (`?email=&attempt_id=&code=`, a staff invitation's
 * link) a new person setting theirs; either way the person is signed in afterwards, staff land in
 * the back office.
 */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [invite] = useState(() => inviteOf(params));
  return (
    <AuthCard
      title={invite ? t('auth.forgot.inviteTitle') : t('auth.forgot.title')}
      aside={<LanguageControl />}
      footer={
        <Link component={RouterLink} to="/login" variant="body2" data-testid="link-login">
          {t('auth.forgot.backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm invite={invite} onRestored={() => void navigate(invite ? '/admin' : '/dashboard', { replace: true })} />
    </AuthCard>
  );
}
