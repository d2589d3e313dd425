/**
 * /admin/orders/:id: the order as staff see it: status chips, the actions the role may take (confirm
 * a New non-Balance order for the reseller, move status by the allowed moves — a warehouse person
 * only packs and ships —, mark a card invoice paid, set a waybill or make one through Nova Poshta), the
 * reseller (a link to /admin/users/{id}), recipient and delivery, sums, lines, the reservation jobs
 * and the history. Test ids: admin-order-page (data-state), admin-order-status, admin-order-payment,
 * admin-order-delivery, order-confirm, order-balance-confirm-note, order-move, order-mark-paid, order-set-ttn, order-create-ttn, order-reseller,
 * admin-order-ttn, admin-order-lines, admin-order-line; see order-dialogs.tsx, reservation-jobs.tsx.
 * Issue 28: the "Друк" menu (print-menu.tsx) and, opened from a list or worklist, the previous/next
 * order of that list with P/N, and on an order worklist its main action with A (confirm, pack, make
 * the NP waybill, run the failed 1C job again), then on to the next order (queue-nav.tsx).
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import PaidIcon from '@mui/icons-material/PaidOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TagIcon from '@mui/icons-material/Tag';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  ORDER_TRANSITIONS,
  formatDate,
  formatMoney,
  formatPhone,
  mayAccess,
  mustBePaidToShip,
  staffMayConfirm,
  staffOrderMoves,
  type AdminOrderDto,
} from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useConfig } from '../../../lib/config.ts';
import { OrderHistory } from '../../../components/order/order-history.tsx';
import { OrderLines } from '../../../components/order/order-lines.tsx';
import { OrderStates, Rows, Section } from '../../../components/order/order-sections.tsx';
import { StatusChip } from '../../../components/order/status-chip.tsx';
import { labelOf, type OrderLists } from '../../../lib/order/lists.ts';
import { orderAddress } from '../../../lib/order/address.ts';
import { useAdminOrder, useMarkPaid } from './api.ts';
import { useOrdersT } from './i18n.ts';
import { ConfirmDialog, CreateTtnDialog, MoveStatusDialog, StaffConfirmDialog, TtnDialog, useIsAdmin, useStaffRole } from './order-dialogs.tsx';
import { adminUserPath, type OrderLinkState } from './orders-board-page.tsx';
import { PrintMenu } from './print-menu.tsx';
import { QueueNav } from './queue-nav.tsx';
import { ReservationJobs } from './reservation-jobs.tsx';

/** The statuses this staff role may move this order to now in the move dialog (confirming has its own button). */
export const allowedMoves = (o: Pick<AdminOrderDto, 'status'>, role: string | undefined) =>
  ORDER_TRANSITIONS[o.status].filter((s) => s !== 'Confirmed' && staffOrderMoves(role).includes(s));
/** The role may confirm a New order for the reseller (the button shows; a Balance order's is disabled with a note). */
export const offersConfirm = (o: Pick<AdminOrderDto, 'status'>, role: string | undefined) =>
  ORDER_TRANSITIONS[o.status].includes('Confirmed') && staffOrderMoves(role).includes('Confirmed');
/** A waybill can be set from confirmation until the parcel leaves, unless one is there (a deleted one may be replaced). */
export const canSetTtn = (o: Pick<AdminOrderDto, 'status' | 'ttn' | 'delivery_status'>) =>
  (o.status === 'Confirmed' || o.status === 'Complected') && (!o.ttn || o.delivery_status === 'Deleted');
/** Nova Poshta waybills only for Nova Poshta deliveries with a known city. */
export const canCreateNpTtn = (o: AdminOrderDto) =>
  canSetTtn(o) && o.delivery_type === 'NovaPoshta' && o.delivery_service === 'NovaPoshta' && !!o.delivery.city_ref;
export const canMarkPaid = (o: Pick<AdminOrderDto, 'payment_method' | 'payment_status'>) => o.payment_method === 'Card' && o.payment_status === 'WaitPaid';
/** A Card order awaiting payment that could otherwise ship now (a waybill or Complected): the page says why it cannot. */
export const unpaidBlocksShipping = (o: AdminOrderDto, role: string | undefined) =>
  mustBePaidToShip(o) && ((canSetTtn(o) && mayAccess(role, 'orders.waybill')) || allowedMoves(o, role).includes('Complected'));

type DialogName = 'move' | 'confirm' | 'ttn' | 'np' | 'paid' | null;

function Actions({ order, onOpen }: { order: AdminOrderDto; onOpen: (d: DialogName) => void }) {
  const { t } = useOrdersT();
  // Only what the role may do is offered (STAFF_ACCESS); the API answers 403 to the rest.
  const role = useStaffRole();
  const moves = allowedMoves(order, role);
  // An unpaid Card order: only an admin opens the waybill dialogs (to override with a reason).
  const isAdmin = useIsAdmin();
  const shipBlocked = mustBePaidToShip(order) && !isAdmin;
  const waybills = mayAccess(role, 'orders.waybill');
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={t('order.actions')}>
      {offersConfirm(order, role) && (
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckCircleIcon />}
          disabled={!staffMayConfirm(order)}
          onClick={() => onOpen('confirm')}
          data-testid="order-confirm"
        >
          {t('order.confirm')}
        </Button>
      )}
      {mayAccess(role, 'orders.status') && (
        <Button variant="contained" startIcon={<SwapHorizIcon />} disabled={moves.length === 0} onClick={() => onOpen('move')} data-testid="order-move">
          {t('order.move')}
        </Button>
      )}
      {canMarkPaid(order) && mayAccess(role, 'orders.payment') && (
        <Button variant="outlined" color="success" startIcon={<PaidIcon />} onClick={() => onOpen('paid')} data-testid="order-mark-paid">
          {t('order.markPaid')}
        </Button>
      )}
      {waybills && (
        <Button
          variant="outlined"
          startIcon={<TagIcon />}
          disabled={!canSetTtn(order) || shipBlocked}
          onClick={() => onOpen('ttn')}
          data-testid="order-set-ttn"
        >
          {t('order.setTtn')}
        </Button>
      )}
      {waybills && (
        <Button
          variant="outlined"
          startIcon={<LocalShippingIcon />}
          disabled={!canCreateNpTtn(order) || shipBlocked}
          onClick={() => onOpen('np')}
          data-testid="order-create-ttn"
        >
          {t('order.createTtn')}
        </Button>
      )}
      <PrintMenu order={order} role={role} />
    </Box>
  );
}

/** Asks before marking a Card invoice paid, listing what follows. */
function MarkPaidDialog({ order, lists, onClose }: { order: AdminOrderDto; lists: Partial<OrderLists> | undefined; onClose: () => void }) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const pay = useMarkPaid(order.id);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const paid = labelOf(lists?.pay_status_list, 'Paid');
  return (
    <ConfirmDialog
      open
      title={t('paid.title', { number: order.number })}
      items={[
        t('paid.status', { status: paid }),
        t('paid.amount', { amount: `${formatMoney(order.calculations.wholesale_sum)} ${t('confirm.currency')}`, name: order.user.name }),
        t('paid.ship'),
        t('paid.undo'),
      ]}
      confirmLabel={t('paid.submit')}
      busy={pay.isPending}
      error={error}
      onBack={onClose}
      onConfirm={() => {
        // A second click before the button shows it is busy sends nothing.
        if (sending.current) return;
        sending.current = true;
        pay.mutate(undefined, {
          onSettled: () => {
            sending.current = false;
          },
          onSuccess: () => {
            toast.success(t('order.paidDone', { status: paid }));
            onClose();
          },
          onError: (e) => setError(isApiError(e) ? e.message : tc('errors.generic')),
        });
      }}
    />
  );
}

function AdminOrderView({ order, lists }: { order: AdminOrderDto; lists: Partial<OrderLists> | undefined }) {
  const { t, tc } = useOrdersT();
  const isAdmin = useIsAdmin();
  const role = useStaffRole();
  const [dialog, setDialog] = useState<DialogName>(null);
  const money = (v: number) => `${formatMoney(v)} ${tc('common.currency')}`;
  const c = order.calculations;
  const close = () => setDialog(null);
  return (
    <>
      <PageHeader title={t('order.title', { number: order.number })} actions={<Actions order={order} onOpen={setDialog} />} />
      {unpaidBlocksShipping(order, role) && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="order-unpaid-note">
          {t('unpaid.text')} {isAdmin ? t('unpaid.admin') : t('unpaid.staff')}
        </Alert>
      )}
      {offersConfirm(order, role) && !staffMayConfirm(order) && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="order-balance-confirm-note">
          {t('order.balanceConfirm')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <StatusChip list={lists?.order_status_list} id={order.status} name={order.status_name} testId="admin-order-status" />
        <StatusChip list={lists?.pay_status_list} id={order.payment_status} testId="admin-order-payment" />
        <StatusChip list={lists?.delivery_status_list} id={order.delivery_status} testId="admin-order-delivery" />
        <Typography variant="body2" color="text.secondary">
          {t('order.created', { date: formatDate(order.created_at) })}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
          mb: 2,
          alignItems: 'start',
        }}
      >
        <Section title={t('order.reseller')} id="admin-order-reseller" testId="order-reseller">
          <Rows
            rows={[
              [
                t('order.resellerName'),
                <Link key="l" component={RouterLink} to={adminUserPath(order.user.id)} underline="hover" data-testid="order-reseller-link">
                  {order.user.name}
                </Link>,
              ],
              [t('order.email'), order.user.email],
              [t('order.phone'), formatPhone(order.user.phone)],
            ]}
          />
        </Section>
        <Section title={t('order.recipient')} id="admin-order-recipient">
          <Rows
            rows={[
              [t('order.recipientName'), [order.last_name, order.first_name, order.middle_name].filter(Boolean).join(' ')],
              [t('order.phone'), formatPhone(order.phone)],
              [t('order.comment'), order.comment],
            ]}
          />
        </Section>
        <Section title={t('order.delivery')} id="admin-order-delivery-section">
          <Rows
            rows={[
              [t('order.deliveryType'), labelOf(lists?.delivery_type_list, order.delivery_type)],
              [t('order.address'), orderAddress(order, lists, tc)],
              [t('order.payer'), labelOf(lists?.delivery_pay_method_list, order.payment_delivery)],
              [t('order.ttn'), order.ttn, 'admin-order-ttn'],
              [t('order.tracking'), order.tracking_status],
              [t('order.deliveryCost'), order.delivery_cost === null ? null : money(order.delivery_cost)],
              [t('order.returnTtn'), order.return_ttn],
              [t('order.reservation'), order.reservation_number],
            ]}
          />
        </Section>
        <Section title={t('order.sums')} id="admin-order-sums">
          <Rows
            rows={[
              [t('order.paymentMethod'), labelOf(lists?.pay_method_list, order.payment_method)],
              [t('order.wholesale'), money(c.wholesale_sum)],
              [t('order.retailSum'), money(c.retail_sum)],
              [t('order.profit'), money(c.profit)],
              ...(c.prepayment_sum > 0 ? ([[t('order.prepayment'), money(c.prepayment_sum)]] as [string, string][]) : []),
              [t('order.accrual'), money(c.expected_accrual)],
              [t('order.total'), money(order.total), 'admin-order-total'],
            ]}
          />
        </Section>
      </Box>
      <Section title={t('order.lines')} id="admin-order-lines" testId="admin-order-lines">
        <OrderLines lines={order.products} testId="admin-order-line" linkOf={(p) => (p.product_id ? `/admin/catalog/products/${p.product_id}` : null)} />
      </Section>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {mayAccess(role, 'orders.reservation') && <ReservationJobs orderId={order.id} />}
        <OrderHistory entries={order.history} lists={lists} />
      </Box>
      {dialog === 'move' && <MoveStatusDialog open order={order} moves={allowedMoves(order, role)} list={lists?.order_status_list} onClose={close} />}
      {dialog === 'confirm' && <StaffConfirmDialog order={order} lists={lists} onClose={close} />}
      {dialog === 'ttn' && <TtnDialog open order={order} onClose={close} />}
      {dialog === 'np' && <CreateTtnDialog open order={order} onClose={close} />}
      {dialog === 'paid' && <MarkPaidDialog order={order} lists={lists} onClose={close} />}
    </>
  );
}

export function AdminOrderPage({ id }: { id: number }) {
  const { t, tc, i18n } = useOrdersT();
  const config = useConfig(i18n.language);
  const order = useAdminOrder(id);
  const notFound = !Number.isInteger(id) || id <= 0 || (isApiError(order.error) && order.error.status === 404);
  const state = notFound ? 'not-found' : order.data ? 'ready' : order.isError ? 'error' : 'loading';
  // Back to the board or list as it was (view, filters, page) when the order was opened from it.
  const from = (useLocation().state as Partial<OrderLinkState> | null)?.back;
  const backTo = typeof from === 'string' && /^\/admin\/orders\/?(\?|$)/.test(from) ? from : '/admin/orders';
  return (
    <Box data-testid="admin-order-page" data-state={state}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} size="small">
          {t('order.back')}
        </Button>
        <QueueNav id={id} />
      </Box>
      {state === 'ready' && order.data ? (
        <AdminOrderView order={order.data} lists={config.data} />
      ) : state === 'not-found' ? (
        <EmptyState title={t('order.notFound')} icon={<SearchOffIcon />} testId="admin-order-not-found" />
      ) : state === 'error' ? (
        <EmptyState
          title={tc('errors.loadFailed')}
          text={order.error?.message}
          icon={<ErrorOutlineIcon />}
          action={
            <Button variant="contained" onClick={() => void order.refetch()}>
              {tc('common.retry')}
            </Button>
          }
        />
      ) : (
        <OrderStates state="loading" onRetry={() => void order.refetch()} />
      )}
    </Box>
  );
}
