/**
 * /dashboard/order/:id (SPEC section 3): number, status chip coloured from `/config`, payment and
 * delivery statuses, client, delivery, lines, calculations, history; 'Підтвердити' while New.
 * Test ids: order-page (data-state), order-number, order-status, order-confirm, order-history, order-not-found.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney, formatPhone, type OrderDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useConfirmOrder } from '../api/confirm-order.ts';
import { useOrder } from '../api/get-order.ts';
import { labelOf, type OrderLists } from './types.ts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `order-section-${title.replace(/\W+/g, '-')}`;
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

function Rows({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {rows.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function StatusChip({ list, id, name, testId }: { list: OrderLists[keyof OrderLists] | undefined; id: string; name?: string; testId?: string }) {
  const item = list?.find((i) => i.id === id);
  const color = item?.color ?? '#9e9e9e';
  return <Chip label={name ?? item?.name ?? id} size="small" sx={{ bgcolor: color, color: '#fff', fontWeight: 600 }} data-testid={testId} data-status={id} />;
}

export function OrderView({ order, lists }: { order: OrderDto; lists: Partial<OrderLists> | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirmOrder();
  const currency = t('common.currency');
  const money = (v: number) => `${formatMoney(v)} ${currency}`;
  const onConfirm = () =>
    confirm.mutate(order.id, {
      onSuccess: () => toast.success(t('orders.page.confirmed')),
      onError: (e) => toast.error(isApiError(e) ? e.message : t('errors.generic')),
    });
  const d = order.delivery;
  const address =
    order.delivery_type === 'SelfTTN'
      ? `${labelOf(lists?.self_ttn_type_list, order.self_ttn_type)} ${order.self_ttn ?? ''}`.trim()
      : order.delivery_method === 'Branch'
        ? [d.city_name, d.branch_name].filter(Boolean).join(', ')
        : [d.city_name, d.street_name, d.house, d.appt ? `${t('orders.fields.appt')} ${d.appt}` : null].filter(Boolean).join(', ');
  return (
    <>
      <PageHeader
        title={t('orders.page.title', { number: order.number })}
        actions={
          order.status === 'New' ? (
            <Button variant="contained" onClick={onConfirm} loading={confirm.isPending} data-testid="order-confirm">
              {t('orders.page.confirm')}
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography component="span" sx={{ fontWeight: 700 }} data-testid="order-number">
          №{order.number}
        </Typography>
        <StatusChip list={lists?.order_status_list} id={order.status} name={order.status_name} testId="order-status" />
        <StatusChip list={lists?.pay_status_list} id={order.payment_status} testId="order-payment-status" />
        <StatusChip list={lists?.delivery_status_list} id={order.delivery_status} testId="order-delivery-status" />
        <Typography variant="body2" color="text.secondary">
          {formatDate(new Date(order.created_at))}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}>
        <Section title={t('orders.page.client')}>
          <Rows
            rows={[
              [t('orders.page.recipient'), [order.last_name, order.first_name, order.middle_name].filter(Boolean).join(' '), 'order-client'],
              [t('orders.fields.phone'), formatPhone(order.phone)],
              [t('orders.fields.comment'), order.comment],
            ]}
          />
        </Section>
        <Section title={t('orders.checkout.delivery')}>
          <Rows
            rows={[
              [t('orders.fields.deliveryType'), labelOf(lists?.delivery_type_list, order.delivery_type)],
              [t('orders.fields.deliveryService'), labelOf(lists?.delivery_service_list, order.delivery_service)],
              [t('orders.fields.deliveryMethod'), labelOf(lists?.delivery_method_list, order.delivery_method)],
              [t('orders.page.address'), address, 'order-address'],
              [t('orders.fields.paymentDelivery'), labelOf(lists?.delivery_pay_method_list, order.payment_delivery)],
              [t('orders.page.reservation'), order.reservation_number],
            ]}
          />
        </Section>
        <Section title={t('orders.page.calculations')} testId="order-calculations">
          <Rows
            rows={[
              [t('orders.fields.paymentMethod'), labelOf(lists?.pay_method_list, order.payment_method)],
              [t('orders.page.wholesale'), money(order.calculations.wholesale_sum), 'order-wholesale'],
              [t('orders.page.retail'), money(order.calculations.retail_sum), 'order-retail'],
              [t('orders.page.profit'), money(order.calculations.profit), 'order-profit'],
              [t('orders.page.expectedAccrual'), money(order.calculations.expected_accrual), 'order-accrual'],
              ...(order.calculations.prepayment_sum > 0 ? ([[t('orders.fields.prepaymentSum'), money(order.calculations.prepayment_sum)]] as [string, string][]) : []),
              [t('orders.page.total'), money(order.total), 'order-total'],
            ]}
          />
        </Section>
      </Box>
      <Section title={t('orders.page.lines')} testId="order-lines">
        <TableContainer>
          <Table size="small" aria-label={t('orders.page.lines')}>
            <TableHead>
              <TableRow>
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
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{p.vendor_code}</TableCell>
                  <TableCell align="right">{p.qty}</TableCell>
                  <TableCell align="right">{money(p.drop_price)}</TableCell>
                  <TableCell align="right">{money(p.retail_price)}</TableCell>
                  <TableCell align="right">{money(p.profit)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>
      <Box sx={{ mt: 2 }}>
        <Section title={t('orders.page.history')} testId="order-history">
          {order.history.length === 0 ? (
            <Typography color="text.secondary">{t('orders.page.noHistory')}</Typography>
          ) : (
            <List dense disablePadding>
              {order.history.map((h) => (
                <ListItem key={h.id} disableGutters>
                  <ListItemText
                    primary={[h.from && h.to ? `${labelOf(lists?.order_status_list, h.from)} → ${labelOf(lists?.order_status_list, h.to)}` : h.to ? labelOf(lists?.order_status_list, h.to) : h.kind, h.note].filter(Boolean).join(' · ')}
                    secondary={[formatDate(new Date(h.created_at)), h.actor].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Section>
      </Box>
    </>
  );
}

export function OrderPage({ id, lists }: { id: number; lists: Partial<OrderLists> | undefined }) {
  const { t } = useTranslation();
  const order = useOrder(id);
  const notFound = !Number.isInteger(id) || id <= 0 || (isApiError(order.error) && (order.error.status === 404 || order.error.status === 403));
  const state = notFound ? 'not-found' : order.data ? 'ready' : order.isError ? 'error' : 'loading';
  let body;
  if (state === 'not-found') {
    body = (
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
  } else if (state === 'error') {
    body = (
      <EmptyState
        title={t('errors.loadFailed')}
        text={order.error?.message}
        icon={<ErrorOutlineIcon />}
        testId="order-error"
        action={<Button variant="contained" onClick={() => void order.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (state === 'loading' || !order.data) {
    body = (
      <Box aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton width="40%" height={48} />
        <Skeleton variant="rounded" height={200} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  } else body = <OrderView order={order.data} lists={lists} />;
  return (
    <Box data-testid="order-page" data-state={state}>
      {state !== 'ready' && <PageHeader title={t('pages.order', { id: String(id) })} />}
      {body}
    </Box>
  );
}
