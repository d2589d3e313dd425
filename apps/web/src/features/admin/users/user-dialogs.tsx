/**
 * The reseller page's dialogs: discount (0..100) and balance correction (signed amount + required
 * comment). Client checks mirror @drop/shared (adminUserUpdateInput, correctionInput); the
 * server's field errors land on the fields. Test ids: discount-dialog, discount-input,
 * discount-submit, correction-dialog, correction-amount, correction-comment, correction-submit.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminUserUpdateInput, correctionInput, formatMoney } from '@drop/shared';
import { applyServerErrors, muiField } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useCorrectBalance, useUpdateAdminUser } from '../api/users.ts';
import { useErrorText } from '../components/query-state.tsx';
import { parseSignedAmount } from '../lib/format.ts';
import { useAdminT } from '../i18n.ts';

const discountForm = z.object({
  discount: z
    .string()
    .trim()
    .refine((v) => /^\d{1,3}([.,]\d{1,2})?$/.test(v) && adminUserUpdateInput.shape.discount.safeParse(Number(v.replace(',', '.'))).success, 'invalid'),
});
type DiscountForm = z.infer<typeof discountForm>;

function DiscountForm({ userId, current, onClose }: { userId: number; current: number; onClose: () => void }) {
  const { t } = useAdminT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const update = useUpdateAdminUser(userId);
  const form = useForm<DiscountForm>({ resolver: zodResolver(discountForm), defaultValues: { discount: String(current) } });
  const error = form.formState.errors.discount?.message;
  const onSubmit = form.handleSubmit((v) =>
    update.mutate(
      { discount: Number(v.discount.replace(',', '.')) },
      {
        onSuccess: () => {
          toast.success(t('user.toast.discount'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, ['discount'])) toast.error(errorText(e));
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <DialogTitle id="discount-dialog-title">{t('user.discountDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('user.discountDialog.text')}</DialogContentText>
        <Controller
          control={form.control}
          name="discount"
          render={({ field }) => (
            <TextField
              {...muiField(field)}
              autoFocus
              fullWidth
              label={t('user.discountDialog.label')}
              error={Boolean(error)}
              helperText={error === 'invalid' ? t('user.discountDialog.invalid') : error}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'discount-input', maxLength: 6 } }}
            />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending} data-testid="discount-submit">
          {t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function DiscountDialog({ open, userId, current, onClose }: { open: boolean; userId: number; current: number; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="discount-dialog-title" data-testid="discount-dialog">
      {open && <DiscountForm userId={userId} current={current} onClose={onClose} />}
    </Dialog>
  );
}

const correctionForm = z.object({
  amount: z.string().superRefine((v, ctx) => {
    const n = parseSignedAmount(v);
    const r = n === null ? null : correctionInput.shape.amount.safeParse(n);
    if (!r || !r.success) ctx.addIssue({ code: 'custom', message: r?.error.issues[0]?.message === 'too_big' ? 'too_big' : 'invalid' });
  }),
  comment: z
    .string()
    .refine((v) => v.trim().length > 0, 'required')
    .refine((v) => v.trim().length <= 500, 'too_long'),
});
type CorrectionForm = z.infer<typeof correctionForm>;

function CorrectionFormBody({ userId, balance, onClose }: { userId: number; balance: number; onClose: () => void }) {
  const { t } = useAdminT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const correct = useCorrectBalance(userId);
  const form = useForm<CorrectionForm>({ resolver: zodResolver(correctionForm), defaultValues: { amount: '', comment: '' } });
  const { errors } = form.formState;
  const amountError = errors.amount?.message;
  const commentError = errors.comment?.message;
  const amountText =
    amountError === 'invalid' ? t('user.correctionDialog.amountInvalid') : amountError === 'too_big' ? t('user.correctionDialog.amountTooBig') : amountError;
  const commentText =
    commentError === 'required'
      ? t('user.correctionDialog.commentRequired')
      : commentError === 'too_long'
        ? t('common.tooLong', { max: 500 })
        : (commentError ?? t('user.correctionDialog.commentHint'));

  const onSubmit = form.handleSubmit((v) =>
    correct.mutate(
      { amount: parseSignedAmount(v.amount) ?? 0, comment: v.comment.trim() },
      {
        onSuccess: () => {
          toast.success(t('user.toast.corrected'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, ['amount', 'comment'])) toast.error(errorText(e));
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <DialogTitle id="correction-dialog-title">{t('user.correctionDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('user.correctionDialog.text', { balance: formatMoney(balance) })}</DialogContentText>
        <Stack spacing={2}>
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <TextField
                {...muiField(field)}
                onChange={(e) => field.onChange(e.target.value.replace(/[^\d.,+\-\s]/g, ''))}
                autoFocus
                required
                label={t('user.correctionDialog.amount')}
                error={Boolean(amountError)}
                helperText={amountText}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': 'correction-amount', maxLength: 16 } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="comment"
            render={({ field }) => (
              <TextField
                {...muiField(field)}
                required
                multiline
                minRows={2}
                label={t('user.correctionDialog.comment')}
                error={Boolean(commentError)}
                helperText={commentText}
                slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'correction-comment' } }}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={correct.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={correct.isPending} data-testid="correction-submit">
          {t('user.correctionDialog.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function CorrectionDialog({ open, userId, balance, onClose }: { open: boolean; userId: number; balance: number; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="correction-dialog-title" data-testid="correction-dialog">
      {open && <CorrectionFormBody userId={userId} balance={balance} onClose={onClose} />}
    </Dialog>
  );
}
