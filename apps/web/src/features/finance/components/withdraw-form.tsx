import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_WITHDRAW_UAH, cardDigits, formatMoney, type WithdrawInput } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { needsCode, useCreateWithdraw } from '../api/create-withdraw.ts';
import { parseAmount, sanitizeAmountInput } from '../lib/amount.ts';
import { withdrawFormSchema, type WithdrawFormValues } from '../lib/forms.ts';
import { financeMessage } from '../lib/messages.ts';
import { CardNumberField } from './card-number-field.tsx';
import { WithdrawCodeDialog } from './withdraw-code-dialog.tsx';

/** A withdrawal request to a card; with withdraw_2fa on, a mailed code confirms it. */
export function WithdrawForm({ balance, onCreated }: { balance: number | undefined; onCreated?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const create = useCreateWithdraw(onCreated);
  const schema = useMemo(() => withdrawFormSchema(() => balance), [balance]);
  const form = useForm<WithdrawFormValues>({ resolver: zodResolver(schema), defaultValues: { requisites: '', amount: '' } });
  const { errors } = form.formState;
  // The request waiting for its code (the same body is sent again with `code`).
  const [pending, setPending] = useState<WithdrawInput | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const fail = (e: unknown) => toast.error(isApiError(e) ? e.message : t('errors.generic'));
  /** Field errors (422) and InsufficientBalance (400) go under the fields; true when shown there. */
  const showFieldErrors = (e: unknown) => {
    if (isApiError(e) && e.code === 'InsufficientBalance') {
      form.setError('amount', { type: 'server', message: e.message });
      return true;
    }
    return applyServerErrors(e, form.setError, ['requisites', 'amount']);
  };
  const done = () => {
    toast.success(t('finance.withdraw.created'));
    setPending(null);
    setCode('');
    setCodeError(undefined);
    form.reset();
  };

  const onSubmit = form.handleSubmit((v) => {
    const amount = parseAmount(v.amount);
    if (amount === null) return;
    const body: WithdrawInput = { requisites: cardDigits(v.requisites), amount };
    create.mutate(body, {
      onSuccess: (res) => {
        if (needsCode(res)) {
          setCode('');
          setCodeError(undefined);
          setPending(body);
        } else done();
      },
      onError: (e) => {
        if (!showFieldErrors(e)) fail(e);
      },
    });
  });

  const confirm = () => {
    if (!pending) return;
    create.mutate(
      { ...pending, code },
      {
        onSuccess: (res) => {
          if (!needsCode(res)) done();
        },
        onError: (e) => {
          const msg = isApiError(e) ? e.errors?.code?.[0] : undefined;
          if (msg) return setCodeError(msg);
          setPending(null);
          if (!showFieldErrors(e)) fail(e);
        },
      },
    );
  };

  const available = balance === undefined ? undefined : t('finance.withdraw.available', { amount: formatMoney(balance) });

  return (
    <Card component="section" aria-labelledby="withdraw-form-title">
      <CardHeader title={t('finance.withdraw.formTitle')} slotProps={{ title: { id: 'withdraw-form-title', component: 'h2', variant: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="form" noValidate spacing={2} onSubmit={(e) => void onSubmit(e)} aria-labelledby="withdraw-form-title" data-testid="withdraw-form">
          <Typography variant="body2" color="text.secondary">
            {t('finance.withdraw.formText')}
          </Typography>
          <Controller
            control={form.control}
            name="requisites"
            render={({ field }) => (
              <CardNumberField
                id="withdraw-card"
                label={t('finance.withdraw.card')}
                required
                {...muiField(field)}
                error={Boolean(errors.requisites)}
                helperText={financeMessage(t, errors.requisites?.message)}
                testId="withdraw-card"
              />
            )}
          />
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <TextField
                id="withdraw-amount"
                label={t('finance.withdraw.amount')}
                required
                {...muiField(field)}
                onChange={(e) => field.onChange(sanitizeAmountInput(e.target.value))}
                error={Boolean(errors.amount)}
                helperText={financeMessage(t, errors.amount?.message, { max: MAX_WITHDRAW_UAH }) ?? available}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': 'withdraw-amount' } }}
              />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending && !pending}
            disabled={Boolean(pending)}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="withdraw-submit"
          >
            {t('finance.withdraw.submit')}
          </Button>
        </Stack>
      </CardContent>
      <WithdrawCodeDialog
        open={pending !== null}
        code={code}
        onCode={(c) => {
          setCode(c);
          setCodeError(undefined);
        }}
        error={codeError}
        busy={create.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
