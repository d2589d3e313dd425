import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_TOP_UP_UAH } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { createSingleFlight } from '../../../lib/idempotency.ts';
import { applyServerErrors, muiField, muiRegister } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useCreatePayment } from '../api/create-payment.ts';
import { useUploadPaymentDocument } from '../api/upload-payment-document.ts';
import { parseAmount, sanitizeAmountInput } from '../lib/amount.ts';
import { topUpFormSchema, type TopUpFormValues } from '../lib/forms.ts';
import { financeMessage } from '../lib/messages.ts';
import { ReceiptDropZone } from './receipt-drop-zone.tsx';

function TopUpForm({ onClose, onCreated }: { onClose: () => void; onCreated?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const upload = useUploadPaymentDocument();
  const create = useCreatePayment(onCreated);
  // A receipt already uploaded for this file is reused when only the payment call failed.
  const [uploaded, setUploaded] = useState<{ file: File; id: number } | null>(null);
  const form = useForm<TopUpFormValues>({ resolver: zodResolver(topUpFormSchema), defaultValues: { file: null, amount: '', comment: '' } });
  const { errors } = form.formState;
  const busy = upload.isPending || create.isPending;
  const fail = (e: unknown) => toast.error(isApiError(e) ? e.message : t('errors.generic'));

  // A second click before the button shows it is busy joins the first submission: the receipt is
  // uploaded once and the payment sent once (with one Idempotency-Key).
  const [flight] = useState(createSingleFlight);
  const onSubmit = form.handleSubmit((v) =>
    flight.run(async () => {
      const file = v.file;
      const amount = parseAmount(v.amount);
      if (!file || amount === null) return;
      let documentId = uploaded?.file === file ? uploaded.id : null;
      if (documentId === null) {
        try {
          documentId = (await upload.mutateAsync(file)).id;
          setUploaded({ file, id: documentId });
        } catch (e) {
          if (!applyServerErrors(e, form.setError, ['file'])) fail(e);
          return;
        }
      }
      const comment = v.comment.trim();
      try {
        const res = await create.mutateAsync({ amount, payment_document_id: documentId, ...(comment ? { comment } : {}) });
        toast.success(res.message || t('finance.topUpDialog.submit'));
        onClose();
      } catch (e) {
        const docError = isApiError(e) ? e.errors?.payment_document_id?.[0] : undefined;
        if (docError) {
          form.setError('file', { type: 'server', message: docError });
          setUploaded(null);
        }
        if (!applyServerErrors(e, form.setError, ['amount', 'comment']) && !docError) fail(e);
      }
    }),
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="topup-dialog-title">
      <DialogTitle id="topup-dialog-title">{t('finance.topUpDialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary" variant="body2">
            {t('finance.topUpDialog.text')}
          </Typography>
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <ReceiptDropZone
                file={field.value}
                disabled={busy}
                error={financeMessage(t, errors.file?.message)}
                onFile={(f) => form.setValue('file', f, { shouldValidate: true, shouldDirty: true })}
              />
            )}
          />
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <TextField
                id="topup-amount"
                label={t('finance.topUpDialog.amount')}
                required
                {...muiField(field)}
                onChange={(e) => field.onChange(sanitizeAmountInput(e.target.value))}
                error={Boolean(errors.amount)}
                helperText={financeMessage(t, errors.amount?.message, { max: MAX_TOP_UP_UAH })}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': 'topup-amount' } }}
              />
            )}
          />
          <TextField
            id="topup-comment"
            label={t('finance.topUpDialog.comment')}
            multiline
            minRows={2}
            {...muiRegister(form.register, 'comment')}
            error={Boolean(errors.comment)}
            helperText={financeMessage(t, errors.comment?.message)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'topup-comment' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} data-testid="topup-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} data-testid="topup-submit">
          {t('finance.topUpDialog.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Top-up by receipt: upload the file, then create the pending payment (max width 500). */
export function TopUpDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (() => void) | undefined }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby="topup-dialog-title"
      data-testid="topup-dialog"
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
    >
      <TopUpForm onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}
