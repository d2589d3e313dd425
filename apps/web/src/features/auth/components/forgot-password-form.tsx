import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { attemptIdField, CODE_LENGTH, CODE_RESEND_SECONDS, CODE_TTL_MINUTES, codeField, emailField } from '@drop/shared';
import { CodeField } from '../../../components/ui/code-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useRestorePassword } from '../api/restore-password.ts';
import { useResendCountdown } from '../hooks/use-resend-countdown.ts';

const CODE_RESEND_MS = CODE_RESEND_SECONDS * 1000;

interface RestoreValues {
  code: string;
  password: string;
  password_confirmation: string;
}

/**
 * The sent code's attempt, kept for this tab (sessionStorage) while the code lives: a reload, Back or
 * a visit to another page and back finds the form on its code step with the resend countdown running.
 */
const STORAGE_KEY = 'forgot_password';
interface SentCode {
  email: string;
  attempt_id: string;
  /** When the code was mailed (ms): the resend countdown runs from it. */
  sent_at: number;
  step: 'email' | 'restore';
}

function readSent(): SentCode | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SentCode> | null;
    if (!raw || typeof raw.email !== 'string' || typeof raw.attempt_id !== 'string' || typeof raw.sent_at !== 'number') return null;
    if (Date.now() - raw.sent_at > CODE_TTL_MINUTES * 60_000) return null;
    return { email: raw.email, attempt_id: raw.attempt_id, sent_at: raw.sent_at, step: raw.step === 'email' ? 'email' : 'restore' };
  } catch {
    return null;
  }
}

function writeSent(v: SentCode | null) {
  try {
    if (v) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(v));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the step lasts for this page only.
  }
}

/**
 * A staff invitation's link (`/forgot-password?email=&attempt_id=&code=`): the address, the attempt
 * and the mailed code the form opens with, on its new-password step.
 */
export interface InviteLink {
  email: string;
  attempt_id: string;
  code: string;
}

/** The invitation in the page's query, or null when any part is missing or malformed. */
export function inviteOf(params: URLSearchParams): InviteLink | null {
  const email = emailField.safeParse(params.get('email') ?? '');
  const attempt = attemptIdField.safeParse(params.get('attempt_id') ?? '');
  const code = codeField.safeParse(params.get('code')?.trim() ?? '');
  return email.success && attempt.success && code.success ? { email: email.data, attempt_id: attempt.data, code: code.data } : null;
}

/**
 * Step 1 (the e-mail) mails a code; step 2 takes the code and the new password twice. Opened from a
 * staff invitation (`invite`), it starts on step 2 with the address and the code filled in: the person
 * only chooses the password.
 */
export function ForgotPasswordForm({ onRestored, invite = null }: { onRestored: () => void; invite?: InviteLink | null }) {
  const { t } = useTranslation();
  // Warnings and errors belong to this form: they go when it does (they must not greet the dashboard).
  const toast = useScopedToast();
  const forgot = useForgotPassword();
  const restore = useRestorePassword();
  // An invitation's link wins over a code this tab asked for earlier.
  const [saved] = useState<SentCode | null>(() => (invite ? { email: invite.email, attempt_id: invite.attempt_id, sent_at: 0, step: 'restore' } : readSent()));
  const [email, setEmail] = useState(saved?.email ?? '');
  // The reset attempt the mailed code belongs to (sent back with the code).
  const [attemptId, setAttemptId] = useState(saved?.attempt_id ?? '');
  const [sentAt, setSentAt] = useState<number | null>(saved?.sent_at || null);
  const [sentTo, setSentTo] = useState(saved?.email ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [step, setStepState] = useState<'email' | 'restore'>(saved?.step ?? 'email');
  const resendIn = useResendCountdown(sentAt);
  const form = useForm<RestoreValues>({ defaultValues: { password: '', password_confirmation: '' } });
  const { errors } = form.formState;
  const [code, setCode] = useState(invite?.code ?? '');
  const [password, confirmation] = useWatch({ control: form.control, name: ['password', 'password_confirmation'] });

  const setStep = (next: 'email' | 'restore') => {
    setStepState(next);
    const current = readSent();
    if (current) writeSent({ ...current, step: next });
  };

  const codeSent = (to: string, attempt: string, at: number) => {
    setEmailError(undefined);
    setAttemptId(attempt);
    setSentAt(at);
    setSentTo(to);
    setStepState('restore');
    writeSent({ email: to, attempt_id: attempt, sent_at: at, step: 'restore' });
  };

  // A request on its way: a second click before its button shows it is busy sends nothing (a second
  // forgot was refused 429 and kept the form on step 1 although the code went out).
  const sending = useRef(false);
  /** Step 1's send, or step 2's resend (`resend`: the form stays on step 2 whatever the answer). */
  const sendEmail = (resend = false) => {
    const to = email.trim();
    if (!to || sending.current) return;
    // The code mailed to this address a moment ago is still the one to type: back to step 2.
    if (!resend && to === sentTo && attemptId && resendIn > 0) {
      setStep('restore');
      return;
    }
    sending.current = true;
    forgot.mutate(
      { email: to },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (res) => {
          codeSent(to, res.attempt_id, Date.now());
          if (resend) {
            setCode('');
            form.clearErrors('code');
            toast.info(t('auth.forgot.resent', { email: to }));
          }
        },
        onError: (e) => {
          const msg = isApiError(e) ? e.errors?.email?.[0] : undefined;
          if (isApiError(e) && e.status === 429 && to === sentTo && attemptId) {
            // Too early for another code: the last one stands; the countdown says when.
            const wait = e.retryAfter ?? 0;
            if (wait > 0) codeSent(to, attemptId, Date.now() - (CODE_RESEND_MS - wait * 1000));
            else setStep('restore');
            toast.warning(e.message);
          } else if (msg) setEmailError(msg);
          else toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  };

  // handleSubmit calls this only on submit (an event), never during render.
  // eslint-disable-next-line react-hooks/refs
  const onRestore = form.handleSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    restore.mutate(
      { email: sentTo || email.trim(), attempt_id: attemptId, password: values.password, password_confirmation: values.password_confirmation, code },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          writeSent(null);
          onRestored();
        },
        onError: (e) => {
          const applied = applyServerErrors(e, form.setError, ['code', 'password', 'password_confirmation']);
          if (isApiError(e) && e.errors?.email?.[0]) {
            setEmailError(e.errors.email[0]);
            toast.warning(e.errors.email[0]);
          } else if (applied && isApiError(e) && e.errors?.code) toast.warning(t('auth.code.badCode'));
          else if (!applied) toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  });

  if (step === 'email') {
    return (
      <Box
        component="form"
        noValidate
        data-testid="forgot-email-step"
        onSubmit={(e) => {
          e.preventDefault();
          sendEmail();
        }}
      >
        <Stack spacing={2}>
          <Alert severity="info">{t('auth.forgot.hint')}</Alert>
          <TextField
            id="forgot-email"
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailError(undefined);
            }}
            error={Boolean(emailError)}
            helperText={emailError}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={!email.trim()} loading={forgot.isPending} data-testid="forgot-send">
            {t('auth.forgot.send')}
          </Button>
        </Stack>
      </Box>
    );
  }

  const filled = code.length === CODE_LENGTH && password.length > 0 && confirmation.length > 0;

  return (
    <Box component="form" noValidate onSubmit={(e) => void onRestore(e)} data-testid="forgot-restore-step">
      <Stack spacing={2}>
        <Alert severity="info" data-testid="forgot-code-sent">
          {invite && sentTo === invite.email && code === invite.code
            ? t('auth.forgot.inviteHint', { email: sentTo })
            : t('auth.forgot.codeSent', { email: sentTo || email.trim() })}
        </Alert>
        <CodeField
          id="forgot-code"
          label={t('auth.code.label')}
          value={code}
          onValueChange={(v) => {
            setCode(v);
            form.clearErrors('code');
          }}
          error={Boolean(errors.code)}
          helperText={errors.code?.message}
        />
        <Controller
          control={form.control}
          name="password"
          render={({ field }) => (
            <PasswordField
              id="forgot-password"
              label={t('auth.fields.newPassword')}
              autoComplete="new-password"
              {...muiField(field)}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              testId="forgot-password"
            />
          )}
        />
        <Controller
          control={form.control}
          name="password_confirmation"
          render={({ field }) => (
            <PasswordField
              id="forgot-password-confirmation"
              label={t('auth.fields.passwordConfirmation')}
              autoComplete="new-password"
              {...muiField(field)}
              error={Boolean(errors.password_confirmation)}
              helperText={errors.password_confirmation?.message}
              testId="forgot-password-confirmation"
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={!filled} loading={restore.isPending} data-testid="forgot-restore">
          {invite ? t('auth.forgot.inviteSubmit') : t('auth.forgot.restore')}
        </Button>
        <Button
          variant="text"
          onClick={() => sendEmail(true)}
          disabled={resendIn > 0}
          loading={forgot.isPending}
          data-testid="forgot-resend"
          data-seconds={resendIn}
        >
          {resendIn > 0 ? t('auth.forgot.resendIn', { s: resendIn }) : t('auth.forgot.resend')}
        </Button>
        <Button color="inherit" onClick={() => setStep('email')} data-testid="forgot-back">
          {t('common.back')}
        </Button>
      </Stack>
    </Box>
  );
}
