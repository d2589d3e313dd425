/**
 * Home card (SPEC section 2): the 5 newest orders (number, coloured status, client last and first
 * name, phone, delivery address or branch, total), each linking to its page.
 * Test ids: last-orders, last-order (data-order-id), last-order-number, last-order-status,
 * last-order-client, last-order-address, last-order-total, last-orders-empty, last-orders-all.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatPhone } from '@drop/shared';
import { useLastOrders } from '../api/get-last-orders.ts';
import { clientName, orderAddress } from '../../../lib/order/address.ts';
import { StatusChip } from '../../../components/order/status-chip.tsx';
import type { OrderLists } from '../../../lib/order/lists.ts';

export function LastOrdersCard({ lists }: { lists: Partial<OrderLists> | undefined }) {
  const { t } = useTranslation();
  const orders = useLastOrders();
  return (
    <Card component="section" aria-labelledby="last-orders-title" data-testid="last-orders">
      <CardHeader
        avatar={<LocalShippingIcon color="primary" />}
        title={t('orders.last.title')}
        action={
          <Button component={Link} to="/dashboard/orders" data-testid="last-orders-all">
            {t('orders.last.all')}
          </Button>
        }
        slotProps={{ title: { id: 'last-orders-title', component: 'h2', variant: 'h3' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {orders.isPending ? (
          <Box data-testid="last-orders-loading">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        ) : orders.isError ? (
          <Typography color="error">{t('errors.loadFailed')}</Typography>
        ) : orders.data.length === 0 ? (
          <Box data-testid="last-orders-empty">
            <Typography color="text.secondary">{t('orders.last.empty')}</Typography>
            <Button component={Link} to="/dashboard/catalog" sx={{ mt: 1, px: 0 }}>
              {t('orders.list.toCatalog')}
            </Button>
          </Box>
        ) : (
          <List dense disablePadding aria-labelledby="last-orders-title">
            {orders.data.map((o) => (
              <ListItem key={o.id} disablePadding divider data-testid="last-order" data-order-id={o.id}>
                <ListItemButton
                  component={Link}
                  to={`/dashboard/order/${o.id}`}
                  sx={{ px: 1, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.25 }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 700, color: 'primary.dark' }} data-testid="last-order-number">
                      №{o.number}
                    </Typography>
                    <StatusChip list={lists?.order_status_list} id={o.status} name={o.status_name} testId="last-order-status" />
                  </Box>
                  <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', textAlign: 'right' }} data-testid="last-order-total">
                    {formatMoney(o.total)} {t('common.currency')}
                  </Typography>
                  <Typography variant="body2" sx={{ gridColumn: '1 / -1', overflowWrap: 'anywhere' }} data-testid="last-order-client">
                    {clientName(o)} ·{' '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {formatPhone(o.client.phone)}
                    </Box>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', overflowWrap: 'anywhere' }} data-testid="last-order-address">
                    {orderAddress(o, lists, t) || '—'}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
