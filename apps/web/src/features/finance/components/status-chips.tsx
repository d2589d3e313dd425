import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TopUpStatus, WithdrawStatus } from '@drop/shared';

const TOP_UP_COLORS = { Pending: 'warning', Approved: 'success', Declined: 'error' } as const;
const WITHDRAW_COLORS = { New: 'info', Paid: 'success', Declined: 'error' } as const;

/** Top-up request status: Pending orange, Approved green, Declined red. */
export function PaymentStatusChip({ status }: { status: TopUpStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={TOP_UP_COLORS[status]} label={t(`finance.payments.status.${status}`)} data-testid="payment-status" data-status={status} />;
}

/** Withdrawal status: New blue, Paid green, Declined red. */
export function WithdrawStatusChip({ status }: { status: WithdrawStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={WITHDRAW_COLORS[status]} label={t(`finance.withdraw.status.${status}`)} data-testid="withdraw-status" data-status={status} />
  );
}
