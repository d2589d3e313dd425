/**
 * The reseller page's lists: ledger (operations), orders (links to /admin/orders/{id}), devices and
 * audit entries. Test ids: user-ledger, user-operation-row, user-orders, user-order-row,
 * user-devices, user-device-row, user-audit; each empty state: user-<tab>-empty.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { StatusChip } from '../../../components/order/status-chip.tsx';
import { useConfig } from '../../../lib/config.ts';
import { useAudit } from '../api/audit.ts';
import { useAdminUserDevices, useAdminUserOperations, useAdminUserOrders } from '../api/users.ts';
import { AuditList } from '../audit/audit-list.tsx';
import { ListSkeleton, LoadError } from '../components/query-state.tsx';
import { kyivDateTime } from '../lib/format.ts';
import { useAdminT } from '../i18n.ts';

const head = { '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } } as const;
const num = { whiteSpace: 'nowrap', textAlign: 'right' } as const;
const signed = (v: number) => ({ ...num, fontWeight: 600, color: v < 0 ? 'error.main' : 'success.main' });

/** Horizontal scroll on narrow screens: these tables are short and read better whole. */
function Scroll({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined" data-testid={testId} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}

export function LedgerTab({ userId }: { userId: number }) {
  const { t } = useAdminT();
  const [page, setPage] = useState(1);
  const ops = useAdminUserOperations(userId, page);
  if (ops.isPending) return <ListSkeleton />;
  if (ops.isError) return <LoadError error={ops.error} onRetry={() => void ops.refetch()} />;
  if (ops.data.data.length === 0) return <EmptyState testId="user-ledger-empty" title={t('user.ledger.empty')} />;
  return (
    <>
      <Scroll label={t('user.tabs.ledger')} testId="user-ledger">
        <TableHead>
          <TableRow sx={head}>
            <TableCell>{t('user.ledger.date')}</TableCell>
            <TableCell>{t('user.ledger.type')}</TableCell>
            <TableCell>{t('user.ledger.description')}</TableCell>
            <TableCell sx={num}>{t('user.ledger.amount')}</TableCell>
            <TableCell sx={num}>{t('user.ledger.balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ops.data.data.map((o) => (
            <TableRow key={o.id} data-testid="user-operation-row" sx={{ '& td': { verticalAlign: 'top' } }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{kyivDateTime(o.created_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`user.ledger.types.${o.type}`)}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>
                {o.description}
                {o.comment && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {o.comment}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={signed(o.amount)}>
                {o.amount > 0 ? '+' : ''}
                {formatMoney(o.amount)}
              </TableCell>
              <TableCell sx={num}>{formatMoney(o.balance)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Scroll>
      <ListPagination page={page} lastPage={ops.data.meta.last_page} onChange={setPage} label={t('common.pagination')} testId="user-ledger-pagination" />
    </>
  );
}

export function OrdersTab({ userId }: { userId: number }) {
  const { t, i18n } = useAdminT();
  const [page, setPage] = useState(1);
  const orders = useAdminUserOrders(userId, page);
  const config = useConfig(i18n.language);
  if (orders.isPending) return <ListSkeleton />;
  if (orders.isError) return <LoadError error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.data.length === 0) return <EmptyState testId="user-orders-empty" title={t('user.orders.empty')} />;
  return (
    <>
      <Scroll label={t('user.tabs.orders')} testId="user-orders">
        <TableHead>
          <TableRow sx={head}>
            <TableCell>{t('user.orders.number')}</TableCell>
            <TableCell>{t('user.orders.date')}</TableCell>
            <TableCell>{t('user.orders.status')}</TableCell>
            <TableCell>{t('user.orders.client')}</TableCell>
            <TableCell sx={num}>{t('user.orders.total')}</TableCell>
            <TableCell sx={num}>{t('user.orders.profit')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.data.data.map((o) => (
            <TableRow key={o.id} hover data-testid="user-order-row" data-order-id={o.id}>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={`/admin/orders/${o.id}`}
                  underline="hover"
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                  aria-label={t('user.orders.open', { number: o.number })}
                >
                  №{o.number}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{kyivDateTime(o.created_at)}</TableCell>
              <TableCell>
                <StatusChip list={config.data?.order_status_list} id={o.status} name={o.status_name} testId="user-order-status" />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                {o.client.last_name} {o.client.first_name}
              </TableCell>
              <TableCell sx={num}>{formatMoney(o.total)}</TableCell>
              <TableCell sx={signed(o.calculations.profit)}>{formatMoney(o.calculations.profit)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Scroll>
      <ListPagination page={page} lastPage={orders.data.meta.last_page} onChange={setPage} label={t('common.pagination')} testId="user-orders-pagination" />
    </>
  );
}

export function DevicesTab({ userId }: { userId: number }) {
  const { t } = useAdminT();
  const devices = useAdminUserDevices(userId);
  if (devices.isPending) return <ListSkeleton rows={2} />;
  if (devices.isError) return <LoadError error={devices.error} onRetry={() => void devices.refetch()} />;
  if (devices.data.length === 0) return <EmptyState testId="user-devices-empty" title={t('user.devices.empty')} />;
  return (
    <Scroll label={t('user.tabs.devices')} testId="user-devices">
      <TableHead>
        <TableRow sx={head}>
          <TableCell>{t('user.devices.name')}</TableCell>
          <TableCell>{t('user.devices.ip')}</TableCell>
          <TableCell>{t('user.devices.agent')}</TableCell>
          <TableCell>{t('user.devices.used')}</TableCell>
          <TableCell>{t('user.devices.created')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {devices.data.map((d) => (
          <TableRow key={d.id} data-testid="user-device-row" sx={{ '& td': { verticalAlign: 'top' } }}>
            <TableCell sx={{ fontWeight: 500 }}>{d.name}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.ip_address ?? '—'}</TableCell>
            <TableCell sx={{ minWidth: 220, maxWidth: 420 }}>
              <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                {d.user_agent ?? '—'}
              </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{kyivDateTime(d.used_at)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{kyivDateTime(d.created_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Scroll>
  );
}

export function UserAuditTab({ userId }: { userId: number }) {
  const { t } = useAdminT();
  const [page, setPage] = useState(1);
  const audit = useAudit({ entity: 'user', entity_id: userId, page, per_page: 10 });
  if (audit.isPending) return <ListSkeleton rows={3} />;
  if (audit.isError) return <LoadError error={audit.error} onRetry={() => void audit.refetch()} />;
  if (audit.data.data.length === 0) return <EmptyState testId="user-audit-empty" title={t('user.auditEmpty')} />;
  return (
    <Box data-testid="user-audit">
      <AuditList entries={audit.data.data} showEntity={false} />
      <ListPagination page={page} lastPage={audit.data.meta.last_page} onChange={setPage} label={t('common.pagination')} testId="user-audit-pagination" />
    </Box>
  );
}
