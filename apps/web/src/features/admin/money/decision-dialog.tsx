/**
 * Confirms a money decision: approve / mark paid (no reason) or decline (a reason is required, at
 * most 500 characters; a server field error on `reason` is shown on the field).
 * Approving a top-up (`claimed` given) shows the amount to credit, pre-filled with the claim: another
 * amount (UAH, 2 decimals) needs a reason, which the reseller sees, and the text says what will be
 * credited (issue 27 p.1). Server field errors on `amount` and `reason` are shown on their fields.
 * Test ids: {testId}, {testId}-text, {testId}-amount, {testId}-other, {testId}-reason, {testId}-confirm, {testId}-cancel.
 */
import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formatMoney, MAX_TOP_UP_UAH, paymentInput } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { hasKopecksOnly, parseSignedAmount } from '../lib/format.ts';
import { useAdminT } from '../i18n.ts';

export const REASON_MAX = 500;

export interface DecisionDialogProps {
  open: boolean;
  title: string;
  /** The confirmation; a function of the amount to credit when `claimed` is given. */
  text: string | ((amount: number) => string);
  confirmLabel: string;
  /** Decline: a reason must be given. */
  withReason: boolean;
  /** Approving a top-up: the claimed amount (UAH), which the amount field starts with. */
  claimed?: number;
  busy: boolean;
  onCancel: () => void;
  /**
   * Resolves on success; a rejection with a field error on `reason` or `amount` is shown on the field.
   * `amount` is given only when another amount than the claim is to be credited (with a reason).
   */
  onConfirm: (reason: string | undefined, amount?: number) => Promise<unknown>;
  testId: string;
}

const amountSchema = paymentInput.shape.amount;

function DecisionBody({ title, text, confirmLabel, withReason, claimed, busy, onCancel, onConfirm, testId }: Omit<DecisionDialogProps, 'open'>) {
  const { t, tc } = useAdminT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [amountRaw, setAmountRaw] = useState(claimed === undefined ? '' : claimed.toFixed(2));
  const [amountError, setAmountError] = useState<string | null>(null);
  // A decision on its way: a second click before the button shows it is busy sends nothing.
  const sending = useRef(false);

  const withAmount = claimed !== undefined;
  const parsed = withAmount ? parseSignedAmount(amountRaw) : null;
  const valid = parsed !== null && hasKopecksOnly(parsed) && amountSchema.safeParse(parsed).success;
  /** Another amount than claimed (in whole kopecks): a reason becomes required. */
  const other = withAmount && valid && Math.round(parsed * 100) !== Math.round(claimed * 100);
  const needsReason = withReason || other;
  const credit = withAmount && valid ? parsed : (claimed ?? 0);
  const shown = typeof text === 'function' ? text(credit) : text;

  const amountProblem = (): string | null => {
    if (parsed === null) return t('money.approveDialog.amountInvalid');
    const r = amountSchema.safeParse(parsed);
    const key = r.success ? null : r.error.issues[0]?.message;
    if (key === 'amount_positive') return t('money.approveDialog.amountPositive');
    if (key === 'too_big') return t('money.approveDialog.amountTooBig', { max: formatMoney(MAX_TOP_UP_UAH) });
    if (key || !hasKopecksOnly(parsed)) return t('money.approveDialog.amountInvalid');
    return null;
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    if (withAmount) {
      const problem = amountProblem();
      if (problem) return setAmountError(problem);
    }
    const r = reason.trim();
    if (needsReason && !r) return setError(t('common.reasonRequired'));
    if (r.length > REASON_MAX) return setError(t('common.tooLong', { max: REASON_MAX }));
    setError(null);
    setAmountError(null);
    sending.current = true;
    onConfirm(needsReason ? r : undefined, other ? parsed : undefined)
      .catch((err: unknown) => {
        const errors = isApiError(err) ? err.errors : undefined;
        if (errors?.reason?.[0]) setError(errors.reason[0]);
        if (errors?.amount?.[0]) setAmountError(errors.amount[0]);
      })
      .finally(() => {
        sending.current = false;
      });
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: 'anywhere', mb: withReason || withAmount ? 2 : 0 }} data-testid={`${testId}-text`}>
          {shown}
        </DialogContentText>
        {withAmount && (
          <TextField
            fullWidth
            required
            label={t('money.approveDialog.amount')}
            value={amountRaw}
            onChange={(e) => {
              setAmountRaw(e.target.value.replace(/[^\d.,\s]/g, ''));
              if (amountError) setAmountError(null);
            }}
            error={Boolean(amountError)}
            helperText={amountError ?? t('money.approveDialog.amountHint', { claimed: formatMoney(claimed) })}
            sx={{ mb: needsReason ? 2 : 0 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 16, 'data-testid': `${testId}-amount` } }}
          />
        )}
        {other && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid={`${testId}-other`}>
            {t('money.approveDialog.other', { amount: formatMoney(credit), claimed: formatMoney(claimed) })}
          </Alert>
        )}
        {needsReason && (
          <TextField
            autoFocus={withReason}
            fullWidth
            required
            multiline
            minRows={2}
            label={t('common.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? t('common.reasonHint')}
            slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': `${testId}-reason` } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* "Назад", never "Скасувати": beside "Відхилити" a cancel would read as one more way to refuse. */}
        <Button onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
          {tc('common.back')}
        </Button>
        <Button type="submit" variant="contained" color={withReason ? 'error' : 'success'} loading={busy} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

export function DecisionDialog({ open, ...rest }: DecisionDialogProps) {
  return (
    <Dialog open={open} onClose={rest.busy ? undefined : rest.onCancel} fullWidth maxWidth="xs" data-testid={rest.testId} aria-label={rest.title}>
      {open && <DecisionBody {...rest} />}
    </Dialog>
  );
}
