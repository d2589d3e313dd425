/**
 * /dashboard/order/:id (SPEC sections 2-4): number, status chips coloured from `/config` (order,
 * payment, delivery), the actions (confirm, edit, copy, cancel) enabled by `orderActions`, the
 * recipient, delivery (TTN, carrier status, delivery cost) and payment details, the lines, the
 * calculations, the documents and the history timeline. 404 (another user's order) shows not-found.
 * Test ids: order-page (data-state), order-number, order-status, order-payment-status, order-delivery-status,
 * order-client, order-address, order-ttn, order-tracking, order-delivery-cost, order-wholesale, order-retail,
 * order-profit, order-accrual, order-total, order-lines, order-line, order-not-found; see order-actions.tsx,
 * order-documents.tsx, order-history.tsx.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney, formatPhone, type OrderDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useOrder } from '../api/get-order.ts';
import { orderAddress } from '../lib/address.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderDocuments } from './order-documents.tsx';
import { OrderHistory } from './order-history.tsx';
import { StatusChip } from './status-chip.tsx';
import { labelOf, type OrderLists } from './types.ts';

export function Section({ title, children, testId, id }: { title: string; children: ReactNode; testId?: string; id: string }) {
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent>
        <Typography id={id} variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function Rows({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {rows.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere', minWidth: 0 }} data-testid={testId}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Lines({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const money = (v: number) => `${formatMoney(v)} ${t('common.currency')}`;
  const profitSx = (v: number) => ({ fontWeight: 700, color: v < 0 ? 'error.main' : 'success.main' });
  if (!desktop)
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('orders.page.lines')}>
        {order.products.map((p) => (
          <Paper component="li" variant="outlined" key={p.id} sx={{ p: 1.5 }} data-testid="order-line">
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{p.name}</Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('orders.page.code')}: {p.b2b_code_id}
              {p.vendor_code && ` · ${t('orders.page.vendorCode')}: ${p.vendor_code}`}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
              <Typography variant="body2">
                {p.qty} × {money(p.retail_price)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('orders.page.dropPrice')}: {money(p.drop_price)}
              </Typography>
              <Typography variant="body2" sx={profitSx(p.profit)}>
                {money(p.profit)}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('orders.page.lines')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
            <TableCell>{t('orders.page.product')}</TableCell>
            <TableCell>{t('orders.page.vendorCode')}</TableCell>
            <TableCell align="right">{t('orders.page.qty')}</TableCell>
            <TableCell align="right">{t('orders.page.dropPrice')}</TableCell>
            <TableCell align="right">{t('orders.page.retailPrice')}</TableCell>
            <TableCell align="right">{t('orders.page.profit')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.products.map((p) => (
            <TableRow key={p.id} data-testid="order-line">
              <TableCell>
                {p.name}
                <Typography variant="caption" color="text.secondary" component="p">
                  {t('orders.page.code')}: {p.b2b_code_id}
                </Typography>
              </TableCell>
              <TableCell>{p.vendor_code}</TableCell>
              <TableCell align="right" data-testid="order-line-qty">
                {p.qty}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(p.drop_price)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="order-line-price">
                {money(p.retail_price)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...profitSx(p.profit) }}>
                {money(p.profit)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

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
        <Lines order={order} />
      </Section>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <OrderDocuments order={order} />
        <OrderHistory entries={order.history} lists={lists} />
      </Box>
    </>
  );
}

/** The not-found, error and loading states shared by the order and its edit page. */
export function OrderStates({ state, error, onRetry }: { state: 'not-found' | 'error' | 'loading'; error?: Error | null | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'not-found')
    return (
      <EmptyState
        title={t('orders.page.notFound')}
        text={t('orders.page.notFoundText')}
        icon={<SearchOffIcon />}
        testId="order-not-found"
        action={
          <Button component={RouterLink} to="/dashboard/orders" variant="contained">
            {t('orders.page.toOrders')}
          </Button>
        }
      />
    );
  if (state === 'error')
    return (
      <EmptyState
        title={t('errors.loadFailed')}
        text={error?.message}
        icon={<ErrorOutlineIcon />}
        testId="order-error"
        action={
          <Button variant="contained" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  return (
    <Box aria-busy="true" aria-label={t('common.loading')} data-testid="order-loading">
      <Skeleton width="40%" height={40} sx={{ mb: 1 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}>
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={180} />
      </Box>
      <Skeleton variant="rounded" height={160} />
    </Box>
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
