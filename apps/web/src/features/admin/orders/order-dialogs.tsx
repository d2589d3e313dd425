/**
 * The order page's dialogs: move the status (only the allowed moves, nothing preselected, with a
 * comment), set a waybill made elsewhere (number and cost) and make one through Nova Poshta
 * (weight, seats, description). Moves that end or undo the order (cancel, return, part return) and
 * marking an invoice paid ask first in a dialog that lists what will happen, with a confirm button
 * that names the action (the dismiss buttons say "Закрити"/"Назад", never "Скасувати"). An unpaid
 * Card order ships (a waybill, Complected) only by an admin's override with a reason.
 * Server field errors land on their fields; other errors show in the dialog.
 * Test ids: move-dialog, move-status, move-comment, move-submit, ttn-dialog, ttn-number, ttn-cost,
 * ttn-submit, np-dialog, np-weight, np-seats, np-description, np-submit, dialog-error, dialog-close,
 * unpaid-note, override-reason, confirm-dialog, confirm-item, confirm-submit, confirm-back.
 * Staff confirm a New non-Balance order for the reseller through StaffConfirmDialog (the same
 * confirm-dialog test ids).
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney, mustBePaidToShip, type AdminOrderDto, type ConfigItem, type OrderStatus } from '@drop/shared';
import { useUser } from '../../../lib/user.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { labelOf } from '../../../lib/order/lists.ts';
import { useCreateTtn, useMoveOrder, useSetTtn } from './api.ts';
import { useOrdersT } from './i18n.ts';

export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  busy,
  error,
  submitLabel,
  submitDisabled = false,
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
  submitDisabled?: boolean;
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
        <Button onClick={onClose} disabled={busy} data-testid="dialog-close">
          {tc('common.close')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} disabled={submitDisabled} data-testid={`${testId.replace('-dialog', '')}-submit`}>
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

/** The signed-in user is an admin (only admins override the paid-Card rule). */
export const useIsAdmin = () => useUser(false).data?.role === 'admin';
/** The signed-in staff member's role: the page offers what `mayAccess(role, area)` allows (the API answers 403 to the rest). */
export const useStaffRole = () => useUser(false).data?.role;

/** Moves that end or undo the order: asked first, listing what will happen. */
export const DESTRUCTIVE_MOVES: readonly OrderStatus[] = ['Canceled', 'Return', 'PartReturn'];

/** What cancelling gives back to the reseller's balance: what the order took from it (the API refunds the order's net). */
export function cancelRefund(o: AdminOrderDto): number {
  let sum = 0;
  if (o.payment_status === 'PaidFromBalance' || (o.payment_method === 'Card' && o.payment_status === 'Paid')) sum += o.calculations.wholesale_sum;
  if (o.payment_delivery === 'Balance' && o.ttn && o.delivery_cost) sum += o.delivery_cost;
  return Math.round(sum * 100) / 100;
}

/** What a destructive move does to this order, one line each, in the user's language. */
export function consequencesOf(
  o: AdminOrderDto,
  to: OrderStatus,
  list: ConfigItem[] | undefined,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string[] {
  const money = (v: number) => `${formatMoney(v)} ${t('confirm.currency')}`;
  const status = labelOf(list, to);
  const notify = t('confirm.notify', { name: o.user.name });
  if (to === 'Canceled') {
    const refund = cancelRefund(o);
    const qty = o.products.reduce((n, p) => n + p.qty, 0);
    return [
      t('confirm.cancel.status', { number: o.number, status }),
      refund > 0 ? t('confirm.cancel.refund', { amount: money(refund), name: o.user.name }) : t('confirm.cancel.noRefund'),
      ...(o.payment_method === 'Card' && o.payment_status === 'WaitPaid' ? [t('confirm.cancel.invoice')] : []),
      ...(o.ttn && ['CreatedTTN', 'Wait'].includes(o.delivery_status) ? [t('confirm.cancel.ttn', { ttn: o.ttn })] : []),
      t('confirm.cancel.stock', { count: qty }),
      o.reservation_number ? t('confirm.cancel.reservationNumber', { number: o.reservation_number }) : t('confirm.cancel.reservation'),
      notify,
    ];
  }
  if (to === 'Return') return [t('confirm.return.status', { number: o.number, status }), t('confirm.return.tracking'), t('confirm.return.noAccrual'), notify];
  return [t('confirm.partReturn.status', { number: o.number, status }), t('confirm.partReturn.noAccrual'), notify];
}

/** Asks before a destructive action: a title, what will happen (a list), Back and a confirm button that names the action. */
export function ConfirmDialog({
  open,
  title,
  items,
  confirmLabel,
  busy,
  error,
  onBack,
  onConfirm,
  tone = 'error',
}: {
  open: boolean;
  title: string;
  items: string[];
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
  /** The confirm button's colour: red for what ends or undoes the order. */
  tone?: 'error' | 'primary';
}) {
  const { t, tc } = useOrdersT();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onBack}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-list`}
      data-testid="confirm-dialog"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('confirm.lead')}
        </Typography>
        <Stack component="ul" id={`${id}-list`} spacing={0.75} sx={{ m: 0, pl: 2.5 }}>
          {items.map((item) => (
            <Typography component="li" variant="body2" key={item} data-testid="confirm-item" sx={{ overflowWrap: 'anywhere' }}>
              {item}
            </Typography>
          ))}
        </Stack>
        {error && (
          <Alert severity="error" data-testid="dialog-error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onBack} disabled={busy} data-testid="confirm-back">
          {tc('common.back')}
        </Button>
        <Button variant="contained" color={tone} loading={busy} onClick={onConfirm} data-testid="confirm-submit">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * An unpaid Card order about to ship: why it cannot, and for an admin the override's reason field
 * (required; sent as `override_reason`, written to the audit log and the order's history).
 */
function UnpaidShipping({ isAdmin, reason, onReason, error }: { isAdmin: boolean; reason: string; onReason: (v: string) => void; error: string | null }) {
  const { t } = useOrdersT();
  return (
    <>
      <Alert severity="warning" data-testid="unpaid-note">
        {t('unpaid.text')} {isAdmin ? t('unpaid.admin') : t('unpaid.staff')}
      </Alert>
      {isAdmin && (
        <TextField
          label={t('unpaid.reason')}
          required
          multiline
          minRows={2}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          error={!!error}
          helperText={error ?? t('unpaid.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'override-reason' } }}
        />
      )}
    </>
  );
}

/** The override's state for a dialog that ships: needed, valid, and what to send. */
function useOverride(order: AdminOrderDto, shipping: boolean) {
  const { t } = useOrdersT();
  const isAdmin = useIsAdmin();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needed = shipping && mustBePaidToShip(order);
  return {
    needed,
    blocked: needed && !isAdmin,
    node: needed ? <UnpaidShipping isAdmin={isAdmin} reason={reason} onReason={setReason} error={error} /> : null,
    /** The body's override_reason, or false (an error is shown) when the admin gave none. */
    take(): { override_reason?: string } | false {
      if (!needed) return {};
      const r = reason.trim();
      if (!r) {
        setError(t('unpaid.reasonRequired'));
        return false;
      }
      setError(null);
      return { override_reason: r };
    },
  };
}

// ---------- move ----------

const moveForm = z.object({ status: z.string().min(1, 'required'), comment: z.string().trim().max(500, 'too_long') });
type MoveForm = z.infer<typeof moveForm>;

export function MoveStatusDialog({
  order,
  moves,
  list,
  open,
  onClose,
}: {
  order: AdminOrderDto;
  moves: readonly OrderStatus[];
  list: ConfigItem[] | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const move = useMoveOrder(order.id);
  const [error, setErrorText] = useState<string | null>(null);
  // Nothing preselected: the operator picks the move (a New order's only move is Cancel).
  const form = useForm<MoveForm>({ resolver: zodResolver(moveForm), defaultValues: { status: '', comment: '' } });
  const target = useWatch({ control: form.control, name: 'status' }) as OrderStatus | '';
  const override = useOverride(order, target === 'Complected');
  const [confirming, setConfirming] = useState<{ status: OrderStatus; comment?: string } | null>(null);
  // A move on its way: a second click before the button shows it is busy sends nothing (the second
  // cancel would fail and show an error over a cancel that went through).
  const sending = useRef(false);
  const send = (body: { status: OrderStatus; comment?: string; override_reason?: string }) => {
    if (sending.current) return;
    sending.current = true;
    setErrorText(null);
    move.mutate(body, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (o) => {
        toast.success(t('move.done', { status: o.status_name }));
        onClose();
      },
      onError: (e) => {
        const text = serverError(e, form.setError, ['status', 'comment'], tc('errors.generic'));
        if (text === null) setConfirming(null);
        setErrorText(text);
      },
    });
  };
  // handleSubmit calls this only on submit (an event), never during render: `send` reads its ref there.
  // eslint-disable-next-line react-hooks/refs
  const submit = form.handleSubmit((v) => {
    const extra = override.take();
    if (extra === false) return;
    const body = { status: v.status as OrderStatus, ...(v.comment ? { comment: v.comment } : {}), ...extra };
    if (DESTRUCTIVE_MOVES.includes(body.status)) {
      setErrorText(null);
      setConfirming(body);
    } else send(body);
  });
  if (confirming)
    return (
      <ConfirmDialog
        open={open}
        title={t(`confirm.title.${confirming.status}`, { number: order.number })}
        items={consequencesOf(order, confirming.status, list, t)}
        confirmLabel={t(`confirm.submit.${confirming.status}`)}
        busy={move.isPending}
        error={error}
        onBack={() => {
          setErrorText(null);
          setConfirming(null);
        }}
        onConfirm={() => send(confirming)}
      />
    );
  return (
    <FormDialog
      open={open}
      title={t('move.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={move.isPending}
      error={error}
      submitLabel={t('move.submit')}
      submitDisabled={override.blocked}
      testId="move-dialog"
    >
      <Controller
        control={form.control}
        name="status"
        render={({ field, fieldState }) => (
          <TextField
            {...muiField(field)}
            select
            required
            label={t('move.to')}
            error={!!fieldState.error}
            helperText={err(fieldState.error?.message) ?? t('move.toHint')}
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
      {override.node}
    </FormDialog>
  );
}

// ---------- confirm for the reseller ----------

/**
 * Staff confirm a New order for the reseller (not a Balance one: its confirmation debits the
 * reseller, who confirms it). Asks first, listing what the confirmation does; sends the move to
 * Confirmed, which the API audits as `order.confirm`.
 */
export function StaffConfirmDialog({
  order,
  lists,
  onClose,
}: {
  order: AdminOrderDto;
  lists: { order_status_list?: ConfigItem[]; pay_status_list?: ConfigItem[] } | undefined;
  onClose: () => void;
}) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const move = useMoveOrder(order.id);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const items = [
    t('confirm.confirmed.status', { number: order.number, status: labelOf(lists?.order_status_list, 'Confirmed') }),
    t('confirm.confirmed.reservation'),
    ...(order.payment_method === 'Card' ? [t('confirm.confirmed.invoice', { status: labelOf(lists?.pay_status_list, 'WaitPaid') })] : []),
    ...(order.payment_method === 'COD' || order.payment_method === 'Prepayment' ? [t('confirm.confirmed.cash')] : []),
    t('confirm.notify', { name: order.user.name }),
    t('confirm.confirmed.audit'),
  ];
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t('confirm.title.Confirmed', { number: order.number })}
      items={items}
      confirmLabel={t('confirm.submit.Confirmed')}
      busy={move.isPending}
      error={error}
      onBack={onClose}
      onConfirm={() => {
        // A second click before the button shows it is busy sends nothing.
        if (sending.current) return;
        sending.current = true;
        setError(null);
        move.mutate(
          { status: 'Confirmed' },
          {
            onSettled: () => {
              sending.current = false;
            },
            onSuccess: (o) => {
              toast.success(t('move.done', { status: o.status_name }));
              onClose();
            },
            onError: (e) => setError(isApiError(e) ? e.message : tc('errors.generic')),
          },
        );
      }}
    />
  );
}

// ---------- TTN made elsewhere ----------

const money = /^\d+([.,]\d{1,2})?$/;
const ttnForm = z.object({
  ttn: z
    .string()
    .trim()
    .regex(/^\d{8,20}$/, 'invalid_value'),
  cost: z
    .string()
    .trim()
    .refine((v) => v === '' || money.test(v), 'invalid_value')
    .refine((v) => v === '' || Number(v.replace(',', '.')) <= 100_000, 'too_big'),
});
type TtnForm = z.infer<typeof ttnForm>;

export function TtnDialog({ order, open, onClose }: { order: AdminOrderDto; open: boolean; onClose: () => void }) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const setTtn = useSetTtn(order.id);
  const [error, setErrorText] = useState<string | null>(null);
  const override = useOverride(order, true);
  const form = useForm<TtnForm>({ resolver: zodResolver(ttnForm), defaultValues: { ttn: '', cost: '' } });
  const submit = form.handleSubmit((v) => {
    const extra = override.take();
    if (extra === false) return;
    setErrorText(null);
    setTtn.mutate(
      { ttn: v.ttn, ...(v.cost ? { cost: Number(v.cost.replace(',', '.')) } : {}), ...extra },
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
    <FormDialog
      open={open}
      title={t('ttn.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={setTtn.isPending}
      error={error}
      submitLabel={tc('common.save')}
      submitDisabled={override.blocked}
      testId="ttn-dialog"
    >
      {override.node}
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
            helperText={
              fieldState.error ? (fieldState.error.message === 'invalid_value' ? t('ttn.numberHint') : err(fieldState.error.message)) : t('ttn.numberHint')
            }
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

export const npForm = z.object({
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
export type NpForm = z.infer<typeof npForm>;

/** `onCreated` hears of the waybill made (before `onClose`): a worklist's walk goes on to the next order. */
export function CreateTtnDialog({
  order,
  open,
  onClose,
  onCreated,
}: {
  order: AdminOrderDto;
  open: boolean;
  onClose: () => void;
  onCreated?: (o: AdminOrderDto) => void;
}) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const create = useCreateTtn(order.id);
  const [error, setErrorText] = useState<string | null>(null);
  const override = useOverride(order, true);
  const form = useForm<NpForm>({ resolver: zodResolver(npForm), defaultValues: { weight: '1', seats: '1', description: '' } });
  const submit = form.handleSubmit((v) => {
    const extra = override.take();
    if (extra === false) return;
    setErrorText(null);
    create.mutate(
      { weight: Number(v.weight.replace(',', '.')), seats: Number(v.seats), ...(v.description ? { description: v.description } : {}), ...extra },
      {
        onSuccess: (o) => {
          toast.success(t('np.created', { ttn: o.ttn ?? '' }));
          onCreated?.(o);
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
          // The weight takes the focus, so Enter submits the prefilled 1 kg / 1 seat at once.
          autoFocus={name === 'weight'}
          error={!!fieldState.error}
          helperText={err(fieldState.error?.message)}
          slotProps={{ htmlInput: { inputMode, 'data-testid': `np-${name}` } }}
        />
      )}
    />
  );
  return (
    <FormDialog
      open={open}
      title={t('np.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={create.isPending}
      error={error}
      submitLabel={t('np.submit')}
      submitDisabled={override.blocked}
      testId="np-dialog"
    >
      {override.node}
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
