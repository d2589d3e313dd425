/**
 * Orders in a list: a table from lg (1280 px), cards below (SPEC section 2, mobile breakpoint lg).
 * Test ids: orders-table, orders-cards, order-row (data-order-id), order-row-number, order-row-status,
 * order-row-payment, order-row-delivery, order-row-ttn, order-row-client, order-row-address, order-row-total,
 * order-row-profit, orders-skeleton.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney, formatPhone, type OrderSummaryDto } from '@drop/shared';
import { clientName, orderAddress } from '../../../lib/order/address.ts';
import { StatusChip } from '../../../components/order/status-chip.tsx';
import type { OrderLists } from '../../../lib/order/lists.ts';

export const orderPath = (id: number) => `/dashboard/order/${id}`;
const num = { whiteSpace: 'nowrap', textAlign: 'right' } as const;
const profitColor = (v: number) => (v < 0 ? 'error.main' : 'success.main');

interface ListProps {
  orders: OrderSummaryDto[];
  lists: Partial<OrderLists> | undefined;
}

function NumberLink({ order }: { order: OrderSummaryDto }) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={orderPath(order.id)}
      underline="hover"
      sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
      aria-label={t('orders.list.open', { number: order.number })}
      data-testid="order-row-number"
    >
      №{order.number}
    </Link>
  );
}

function Delivery({ order, lists }: { order: OrderSummaryDto; lists: ListProps['lists'] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <StatusChip list={lists?.delivery_status_list} id={order.delivery_status} testId="order-row-delivery" />
      {order.ttn && (
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }} data-testid="order-row-ttn">
          {t('orders.list.ttn', { ttn: order.ttn })}
        </Typography>
      )}
    </Box>
  );
}

export function OrdersTable({ orders, lists }: ListProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="orders-table">
      <Table size="small" aria-label={t('pages.orders')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('orders.list.number')}</TableCell>
            <TableCell>{t('orders.list.status')}</TableCell>
            <TableCell>{t('orders.list.paymentStatus')}</TableCell>
            <TableCell>{t('orders.list.deliveryStatus')}</TableCell>
            <TableCell>{t('orders.list.client')}</TableCell>
            <TableCell>{t('orders.list.address')}</TableCell>
            <TableCell sx={num}>{t('orders.list.total')}</TableCell>
            <TableCell sx={num}>{t('orders.list.profit')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((o) => (
            <TableRow key={o.id} hover data-testid="order-row" data-order-id={o.id} sx={{ '& td': { verticalAlign: 'top', py: 1.25 } }}>
              <TableCell>
                <NumberLink order={o} />
                <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(o.created_at)}
                </Typography>
              </TableCell>
              <TableCell>
                <StatusChip list={lists?.order_status_list} id={o.status} name={o.status_name} testId="order-row-status" />
              </TableCell>
              <TableCell>
                <StatusChip list={lists?.pay_status_list} id={o.payment_status} testId="order-row-payment" />
              </TableCell>
              <TableCell>
                <Delivery order={o} lists={lists} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="order-row-client">
                  {clientName(o)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(o.client.phone)}
                </Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 280 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="order-row-address">
                  {orderAddress(o, lists, t) || '—'}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...num, fontWeight: 600 }} data-testid="order-row-total">
                {formatMoney(o.total)}
              </TableCell>
              <TableCell sx={{ ...num, fontWeight: 700, color: profitColor(o.calculations.profit) }} data-testid="order-row-profit">
                {formatMoney(o.calculations.profit)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function OrderCards({ orders, lists }: ListProps) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('pages.orders')} data-testid="orders-cards">
      {orders.map((o) => (
        <Card component="li" key={o.id} sx={{ p: 1.5 }} data-testid="order-row" data-order-id={o.id}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <NumberLink order={o} />
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(o.created_at)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
            <StatusChip list={lists?.order_status_list} id={o.status} name={o.status_name} testId="order-row-status" />
            <StatusChip list={lists?.pay_status_list} id={o.payment_status} testId="order-row-payment" />
            <StatusChip list={lists?.delivery_status_list} id={o.delivery_status} testId="order-row-delivery" />
          </Box>
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="order-row-client">
              {clientName(o)} ·{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 400 }}>
                {formatPhone(o.client.phone)}
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="order-row-address">
              {orderAddress(o, lists, t) || '—'}
            </Typography>
            {o.ttn && (
              <Typography variant="caption" color="text.secondary" data-testid="order-row-ttn">
                {t('orders.list.ttn', { ttn: o.ttn })}
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', borderTop: 1, borderColor: 'divider', pt: 0.75, mt: 1, gap: 2 }}>
            <Typography variant="body2">
              {t('orders.list.total')}:{' '}
              <Box component="b" sx={{ whiteSpace: 'nowrap' }} data-testid="order-row-total">
                {formatMoney(o.total)} {currency}
              </Box>
            </Typography>
            <Typography variant="body2">
              {t('orders.list.profit')}:{' '}
              <Box component="b" sx={{ whiteSpace: 'nowrap', color: profitColor(o.calculations.profit) }} data-testid="order-row-profit">
                {formatMoney(o.calculations.profit)} {currency}
              </Box>
            </Typography>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

export function OrdersSkeleton({ desktop, rows = 5 }: { desktop: boolean; rows?: number }) {
  const items = Array.from({ length: rows }, (_, i) => i);
  return (
    <Box aria-hidden data-testid="orders-skeleton">
      {desktop ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {items.map((i) => (
            <Box key={i} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr 1fr 1.5fr 2fr 0.8fr 0.8fr', gap: 2, alignItems: 'center', py: 1 }}>
              <Skeleton />
              <Skeleton variant="rounded" height={24} />
              <Skeleton variant="rounded" height={24} />
              <Skeleton variant="rounded" height={24} />
              <Skeleton />
              <Skeleton />
              <Skeleton />
              <Skeleton />
            </Box>
          ))}
        </Paper>
      ) : (
        <Stack spacing={1.5}>
          {items.slice(0, 3).map((i) => (
            <Card key={i} sx={{ p: 1.5 }}>
              <Skeleton width="40%" />
              <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
                <Skeleton variant="rounded" width={80} height={24} />
                <Skeleton variant="rounded" width={80} height={24} />
                <Skeleton variant="rounded" width={80} height={24} />
              </Box>
              <Skeleton />
              <Skeleton width="70%" />
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}
