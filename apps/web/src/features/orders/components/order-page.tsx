/**
 * /dashboard/order/:id (SPEC sections 2-4): number, status chips coloured from `/config` (order,
 * payment, delivery), the actions (confirm, edit, copy, cancel) enabled by `orderActions`, the
 * recipient, delivery (TTN, carrier status, delivery cost) and payment details, the lines, the
 * calculations, the documents and the history timeline. 404 (another user's order) shows not-found.
 * Test ids: order-page (data-state), order-number, order-status, order-payment-status, order-delivery-status,
 * order-client, order-address, order-ttn, order-tracking, order-delivery-cost, order-wholesale, order-retail,
 * order-profit, order-accrual, order-total, order-lines, order-line, order-not-found; see order-actions.tsx,
 * order-documents.tsx and components/order/order-history.tsx.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatPhone, type OrderDto } from '@drop/shared';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useOrder } from '../api/get-order.ts';
import { orderAddress } from '../../../lib/order/address.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderDocuments } from './order-documents.tsx';
import { OrderHistory } from '../../../components/order/order-history.tsx';
import { StatusChip } from '../../../components/order/status-chip.tsx';
import { OrderLines } from '../../../components/order/order-lines.tsx';
import { OrderStates, Rows, Section } from '../../../components/order/order-sections.tsx';
import { labelOf, type OrderLists } from '../../../lib/order/lists.ts';

export function OrderView({
  order,
  lists,
  onMoneyChanged,
}: {
  order: OrderDto;
  lists: Partial<OrderLists> | undefined;
  onMoneyChanged?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  const money = (v: number) => `${formatMoney(v)} ${currency}`;
  const c = order.calculations;
  return (
    <>
      <PageHeader title={t('orders.page.title', { number: order.number })} actions={<OrderActions order={order} onMoneyChanged={onMoneyChanged} />} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography component="span" sx={{ fontWeight: 700 }} data-testid="order-number">
          №{order.number}
        </Typography>
        <StatusChip list={lists?.order_status_list} id={order.status} name={order.status_name} testId="order-status" />
        <StatusChip list={lists?.pay_status_list} id={order.payment_status} testId="order-payment-status" />
        <StatusChip list={lists?.delivery_status_list} id={order.delivery_status} testId="order-delivery-status" />
        <Typography variant="body2" color="text.secondary">
          {t('orders.page.createdAt', { date: formatDate(order.created_at) })}
          {order.updated_at && order.updated_at !== order.created_at ? ` · ${t('orders.page.updatedAt', { date: formatDate(order.updated_at) })}` : ''}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          mb: 2,
          alignItems: 'start',
        }}
      >
        <Section title={t('orders.page.client')} id="order-section-client">
          <Rows
            rows={[
              [t('orders.page.recipient'), [order.last_name, order.first_name, order.middle_name].filter(Boolean).join(' '), 'order-client'],
              [t('orders.fields.phone'), formatPhone(order.phone), 'order-phone'],
              [t('orders.fields.comment'), order.comment],
            ]}
          />
        </Section>
        <Section title={t('orders.checkout.delivery')} id="order-section-delivery">
          <Rows
            rows={[
              [t('orders.fields.deliveryType'), labelOf(lists?.delivery_type_list, order.delivery_type)],
              ...(order.delivery_type === 'SelfTTN'
                ? []
                : ([
                    [t('orders.fields.deliveryService'), labelOf(lists?.delivery_service_list, order.delivery_service)],
                    [t('orders.fields.deliveryMethod'), labelOf(lists?.delivery_method_list, order.delivery_method)],
                  ] as [string, string][])),
              [t('orders.page.address'), orderAddress(order, lists, t), 'order-address'],
              [t('orders.fields.paymentDelivery'), labelOf(lists?.delivery_pay_method_list, order.payment_delivery)],
              [t('orders.page.ttn'), order.ttn, 'order-ttn'],
              [t('orders.page.tracking'), order.tracking_status, 'order-tracking'],
              [t('orders.page.deliveryCost'), order.delivery_cost === null ? null : money(order.delivery_cost), 'order-delivery-cost'],
              [t('orders.page.reservation'), order.reservation_number, 'order-reservation'],
            ]}
          />
        </Section>
        <Section title={t('orders.page.calculations')} testId="order-calculations" id="order-section-calculations">
          <Rows
            rows={[
              [t('orders.fields.paymentMethod'), labelOf(lists?.pay_method_list, order.payment_method), 'order-payment-method'],
              [t('orders.page.wholesale'), money(c.wholesale_sum), 'order-wholesale'],
              [t('orders.page.retail'), money(c.retail_sum), 'order-retail'],
              [t('orders.page.profit'), money(c.profit), 'order-profit'],
              ...(c.prepayment_sum > 0
                ? ([[t('orders.fields.prepaymentSum'), money(c.prepayment_sum), 'order-prepayment']] as [string, string, string][])
                : []),
              [t('orders.page.expectedAccrual'), money(c.expected_accrual), 'order-accrual'],
              [t('orders.page.total'), money(order.total), 'order-total'],
            ]}
          />
        </Section>
      </Box>
      <Section title={t('orders.page.lines')} testId="order-lines" id="order-section-lines">
        <OrderLines lines={order.products} testId="order-line" />
      </Section>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <OrderDocuments order={order} />
        <OrderHistory entries={order.history} lists={lists} />
      </Box>
    </>
  );
}

export function useOrderState(id: number) {
  const order = useOrder(id);
  const notFound = !Number.isInteger(id) || id <= 0 || (isApiError(order.error) && (order.error.status === 404 || order.error.status === 403));
  const state = notFound ? 'not-found' : order.data ? 'ready' : order.isError ? 'error' : 'loading';
  return { order, state } as const;
}

export function OrderPage({ id, lists, onMoneyChanged }: { id: number; lists: Partial<OrderLists> | undefined; onMoneyChanged?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { order, state } = useOrderState(id);
  return (
    <Box data-testid="order-page" data-state={state}>
      {state === 'ready' && order.data ? (
        <OrderView order={order.data} lists={lists} onMoneyChanged={onMoneyChanged} />
      ) : (
        <>
          <PageHeader title={t('pages.order', { id: String(id) })} />
          <OrderStates state={state === 'ready' ? 'loading' : state} error={order.error} onRetry={() => void order.refetch()} />
        </>
      )}
    </Box>
  );
}
