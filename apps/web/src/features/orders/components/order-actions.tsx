/**
 * The order's actions, enabled by the shared `orderActions(order)`: confirm, edit (a link to the edit
 * page), copy (a new order in New; goes to it) and cancel (asks first). Business refusals (400 with a
 * code) are warning toasts. Test ids: order-actions, order-confirm, order-edit, order-copy, order-cancel,
 * order-cancel-dialog(-confirm, -cancel).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { orderActions, type OrderDto } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useCancelOrder, useConfirmOrder, useCopyOrder } from '../api/order-mutations.ts';

export function OrderActions({ order, onMoneyChanged }: { order: OrderDto; onMoneyChanged?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const navigate = useNavigate();
  const actions = orderActions(order);
  const confirm = useConfirmOrder(onMoneyChanged);
  const copy = useCopyOrder(onMoneyChanged);
  const cancel = useCancelOrder(onMoneyChanged);
  const [asking, setAsking] = useState(false);
  const busy = confirm.isPending || copy.isPending || cancel.isPending;

  const failed = (e: unknown) => {
    if (isApiError(e) && e.status === 400 && e.code) toast.warning(e.message);
    else toast.error(isApiError(e) ? e.message : t('errors.generic'));
  };

  const onConfirm = () => confirm.mutate(order.id, { onSuccess: () => toast.success(t('orders.page.confirmed')), onError: failed });
  const onCopy = () =>
    copy.mutate(order.id, {
      onSuccess: (created) => {
        toast.success(t('orders.page.copied', { number: created.number }));
        void navigate(`/dashboard/order/${created.id}`);
      },
      onError: failed,
    });
  const onCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t('orders.page.canceled'));
      },
      onError: (e) => {
        setAsking(false);
        failed(e);
      },
    });

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="order-actions">
      <Button
        variant="contained"
        startIcon={<CheckCircleOutlineIcon />}
        onClick={onConfirm}
        loading={confirm.isPending}
        disabled={!actions.confirm || busy}
        data-testid="order-confirm"
      >
        {t('orders.page.confirm')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<EditIcon />}
        {...(actions.edit && !busy ? { component: RouterLink, to: `/dashboard/order/${order.id}/edit` } : { disabled: true })}
        data-testid="order-edit"
      >
        {t('orders.page.edit')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={onCopy}
        loading={copy.isPending}
        disabled={!actions.copy || busy}
        data-testid="order-copy"
      >
        {t('orders.page.copy')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<HighlightOffIcon />}
        onClick={() => setAsking(true)}
        disabled={!actions.cancel || busy}
        data-testid="order-cancel"
      >
        {t('orders.page.cancel')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('orders.page.cancelTitle', { number: order.number })}
        text={t('orders.page.cancelText')}
        confirmLabel={t('orders.page.cancelConfirm')}
        cancelLabel={t('orders.page.cancelKeep')}
        busy={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={onCancel}
        testId="order-cancel-dialog"
      />
    </Box>
  );
}
