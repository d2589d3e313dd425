/**
 * The order page's dialogs: move the status (only the allowed moves, with a comment), set a waybill
 * made elsewhere (number and cost) and make one through Nova Poshta (weight, seats, description).
 * Server field errors land on their fields; other errors show in the dialog.
 * Test ids: move-dialog, move-status, move-comment, move-submit, ttn-dialog, ttn-number, ttn-cost,
 * ttn-submit, np-dialog, np-weight, np-seats, np-description, np-submit, dialog-error.
 */
import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import type { ConfigItem, OrderStatus } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { labelOf } from '../../orders/components/types.ts';
import { useCreateTtn, useMoveOrder, useSetTtn } from './api.ts';
import { useOrdersT } from './i18n.ts';

function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  busy,
  error,
  submitLabel,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { tc } = useOrdersT();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (e: React.FormEvent) => {
            e.preventDefault();
            onSubmit();
          },
        } as object,
      }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {error && (
            <Alert severity="error" data-testid="dialog-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tc('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} data-testid={`${testId.replace('-dialog', '')}-submit`}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Applies a 422's field errors, or returns the message to show in the dialog. */
function serverError<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], fallback: string): string | null {
  if (applyServerErrors(e, setError, fields)) return null;
  return isApiError(e) ? e.message : fallback;
}

const err = (m: string | undefined) => validationMessage(m);

// ---------- move ----------

const moveForm = z.object({ status: z.string().min(1, 'required'), comment: z.string().trim().max(500, 'too_long') });
type MoveForm = z.infer<typeof moveForm>;

export function MoveStatusDialog({
  orderId,
  moves,
  list,
  open,
  onClose,
}: {
  orderId: number;
  moves: readonly OrderStatus[];
  list: ConfigItem[] | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const move = useMoveOrder(orderId);
  const [error, setErrorText] = useState<string | null>(null);
  const form = useForm<MoveForm>({ resolver: zodResolver(moveForm), defaultValues: { status: moves[0] ?? '', comment: '' } });
  const submit = form.handleSubmit((v) => {
    setErrorText(null);
    move.mutate(
      { status: v.status as OrderStatus, ...(v.comment ? { comment: v.comment } : {}) },
      {
        onSuccess: (o) => {
          toast.success(t('move.done', { status: o.status_name }));
          onClose();
        },
        onError: (e) => setErrorText(serverError(e, form.setError, ['status', 'comment'], tc('errors.generic'))),
      },
    );
  });
  return (
    <FormDialog open={open} title={t('move.title')} onClose={onClose} onSubmit={() => void submit()} busy={move.isPending} error={error} submitLabel={t('move.submit')} testId="move-dialog">
      <Controller
        control={form.control}
        name="status"
        render={({ field, fieldState }) => (
          <TextField
            {...muiField(field)}
            select
            label={t('move.to')}
            error={!!fieldState.error}
            helperText={err(fieldState.error?.message)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'move-status' } as object } }}
          >
            {moves.map((s) => (
              <MenuItem key={s} value={s}>
                {labelOf(list, s)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="comment"
        render={({ field, fieldState }) => (
          <TextField
            {...muiField(field)}
            label={t('move.comment')}
            multiline
            minRows={2}
            error={!!fieldState.error}
            helperText={err(fieldState.error?.message) ?? t('move.commentHint')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'move-comment' } }}
          />
        )}
      />
    </FormDialog>
  );
}

// ---------- TTN made elsewhere ----------

const money = /^\d+([.,]\d{1,2})?$/;
const ttnForm = z.object({
  ttn: z.string().trim().regex(/^\d{8,20}$/, 'invalid_value'),
  cost: z
    .string()
    .trim()
    .refine((v) => v === '' || money.test(v), 'invalid_value')
    .refine((v) => v === '' || Number(v.replace(',', '.')) <= 100_000, 'too_big'),
});
type TtnForm = z.infer<typeof ttnForm>;

export function TtnDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const setTtn = useSetTtn(orderId);
  const [error, setErrorText] = useState<string | null>(null);
  const form = useForm<TtnForm>({ resolver: zodResolver(ttnForm), defaultValues: { ttn: '', cost: '' } });
  const submit = form.handleSubmit((v) => {
    setErrorText(null);
    setTtn.mutate(
      { ttn: v.ttn, ...(v.cost ? { cost: Number(v.cost.replace(',', '.')) } : {}) },
      {
        onSuccess: () => {
          toast.success(t('ttn.saved'));
          onClose();
        },
        onError: (e) => setErrorText(serverError(e, form.setError, ['ttn', 'cost'], tc('errors.generic'))),
      },
    );
  });
  return (
    <FormDialog open={open} title={t('ttn.title')} onClose={onClose} onSubmit={() => void submit()} busy={setTtn.isPending} error={error} submitLabel={tc('common.save')} testId="ttn-dialog">
      <Controller
        control={form.control}
        name="ttn"
        render={({ field, fieldState }) => (
          <TextField
            {...muiField(field)}
            label={t('ttn.number')}
            required
            autoFocus
            error={!!fieldState.error}
            helperText={fieldState.error ? (fieldState.error.message === 'invalid_value' ? t('ttn.numberHint') : err(fieldState.error.message)) : t('ttn.numberHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20, 'data-testid': 'ttn-number' } }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="cost"
        render={({ field, fieldState }) => (
          <TextField
            {...muiField(field)}
            label={t('ttn.cost')}
            error={!!fieldState.error}
            helperText={err(fieldState.error?.message) ?? t('ttn.costHint')}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'ttn-cost' } }}
          />
        )}
      />
    </FormDialog>
  );
}

// ---------- TTN through Nova Poshta ----------

const npForm = z.object({
  weight: z
    .string()
    .trim()
    .regex(/^\d+([.,]\d{1,3})?$/, 'invalid_value')
    .refine((v) => Number(v.replace(',', '.')) >= 0.1, 'too_small')
    .refine((v) => Number(v.replace(',', '.')) <= 1000, 'too_big'),
  seats: z
    .string()
    .trim()
    .regex(/^\d+$/, 'invalid_value')
    .refine((v) => Number(v) >= 1 && Number(v) <= 100, 'invalid_value'),
  description: z.string().trim().max(100, 'too_long'),
});
type NpForm = z.infer<typeof npForm>;

export function CreateTtnDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const create = useCreateTtn(orderId);
  const [error, setErrorText] = useState<string | null>(null);
  const form = useForm<NpForm>({ resolver: zodResolver(npForm), defaultValues: { weight: '1', seats: '1', description: '' } });
  const submit = form.handleSubmit((v) => {
    setErrorText(null);
    create.mutate(
      { weight: Number(v.weight.replace(',', '.')), seats: Number(v.seats), ...(v.description ? { description: v.description } : {}) },
      {
        onSuccess: (o) => {
          toast.success(t('np.created', { ttn: o.ttn ?? '' }));
          onClose();
        },
        onError: (e) => setErrorText(serverError(e, form.setError, ['weight', 'seats', 'description'], tc('errors.generic'))),
      },
    );
  });
  const numberField = (name: 'weight' | 'seats', label: string, inputMode: 'decimal' | 'numeric') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...muiField(field)}
          label={label}
          required
          error={!!fieldState.error}
          helperText={err(fieldState.error?.message)}
          slotProps={{ htmlInput: { inputMode, 'data-testid': `np-${name}` } }}
        />
      )}
    />
  );
  return (
    <FormDialog open={open} title={t('np.title')} onClose={onClose} onSubmit={() => void submit()} busy={create.isPending} error={error} submitLabel={t('np.submit')} testId="np-dialog">
      {numberField('weight', t('np.weight'), 'decimal')}
      {numberField('seats', t('np.seats'), 'numeric')}
      <Controller
        control={form.control}
        name="description"
        render={({ field, fieldState }) => (
          <TextField
            {...muiField(field)}
            label={t('np.description')}
            error={!!fieldState.error}
            helperText={err(fieldState.error?.message) ?? t('np.descriptionHint')}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'np-description' } }}
          />
        )}
      />
    </FormDialog>
  );
}
