/**
 * One decision on one money request, for both queues: the action's confirm dialog (approve a top-up,
 * mark a withdrawal paid, decline either) and the call behind it, which the walk's one-key decisions
 * (A, P) use too. The action picks the dialog's title, text, button, reason and amount fields, test id
 * (approve-dialog, paid-dialog, decline-dialog; DecisionDialog's ids below it), the status sent and
 * the toast.
 */
import { useState } from 'react';
import { formatMoney } from '@drop/shared';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useAdminUser } from '../api/users.ts';
import { useErrorText } from '../components/query-state.tsx';
import { useAdminT } from '../i18n.ts';
import { DecisionDialog } from './decision-dialog.tsx';

export type MoneyAction = 'approve' | 'paid' | 'decline';
export type MoneyKind = 'topups' | 'withdrawals';
/** The request a decision is about: a top-up (its reseller) or a withdrawal (its card). */
export type MoneyItem = { id: number; amount: number; user_id?: number; card_number?: string };
export interface MoneyTarget<T extends MoneyItem> {
  item: T;
  action: MoneyAction;
}

const TOAST = { approve: 'money.toast.approved', paid: 'money.toast.paid', decline: 'money.toast.declined' } as const;
const TEST_ID = { approve: 'approve-dialog', paid: 'paid-dialog', decline: 'decline-dialog' } as const;
export const groupedCard = (card: string) => card.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The queue's decision state: the request a dialog is open for, and `decide`, which sends one
 * decision (`send` builds the call), toasts it, closes the dialog and moves an open walk on; a
 * refusal is toasted and rethrown (the dialog shows its field errors).
 */
export function useMoneyDecision<T extends MoneyItem>({
  send,
  walking,
  advance,
}: {
  send: (id: number, action: MoneyAction, reason?: string, amount?: number) => Promise<unknown>;
  walking: boolean;
  advance: (done: number) => Promise<void>;
}) {
  const { t } = useAdminT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const [target, setTarget] = useState<MoneyTarget<T> | null>(null);
  const decide = (item: T, action: MoneyAction, reason?: string, amount?: number) =>
    send(item.id, action, reason, amount)
      .then(() => {
        toast.success(t(TOAST[action]));
        setTarget(null);
        if (walking) void advance(item.id);
      })
      .catch((e: unknown) => {
        toast.error(errorText(e));
        throw e;
      });
  const open = (item: T, action: MoneyAction) => setTarget({ item, action });
  return { target, open, close: () => setTarget(null), decide };
}

/** The confirm dialog of `target`'s action (closed without one; the last one stays while it closes). */
export function MoneyDecisionDialog<T extends MoneyItem>({
  kind,
  target,
  busy,
  onCancel,
  onConfirm,
}: {
  kind: MoneyKind;
  target: MoneyTarget<T> | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (target: MoneyTarget<T>, reason: string | undefined, amount?: number) => Promise<unknown>;
}) {
  const { t } = useAdminT();
  // The last target, kept while the dialog closes (state adjusted during render, no effect).
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const reseller = useAdminUser(shown?.item.user_id ?? 0, kind === 'topups' && target !== null);
  if (!shown) return null;
  const { item, action } = shown;
  const amount = formatMoney(item.amount);
  const common = {
    open: target !== null,
    busy,
    onCancel,
    onConfirm: (reason: string | undefined, credit?: number) => onConfirm(shown, reason, credit),
    testId: TEST_ID[action],
  };
  if (action === 'decline')
    return (
      <DecisionDialog
        {...common}
        title={t(kind === 'topups' ? 'money.declineDialog.topUpTitle' : 'money.declineDialog.withdrawTitle', { id: item.id })}
        text={t('money.declineDialog.text', { amount })}
        confirmLabel={t('money.declineDialog.confirm')}
        withReason
      />
    );
  if (action === 'paid')
    return (
      <DecisionDialog
        {...common}
        title={t('money.paidDialog.title')}
        text={t('money.paidDialog.text', { amount, card: groupedCard(item.card_number ?? '') })}
        confirmLabel={t('money.paidDialog.confirm')}
        withReason={false}
      />
    );
  return (
    <DecisionDialog
      {...common}
      title={t('money.approveDialog.title')}
      text={(credit: number) => t('money.approveDialog.text', { amount: formatMoney(credit), name: reseller.data?.name ?? `#${item.user_id}` })}
      confirmLabel={t('money.approveDialog.confirm')}
      withReason={false}
      claimed={item.amount}
    />
  );
}
