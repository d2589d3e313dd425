/**
 * /admin/orders: the operator's orders as a board (a column per status, counts from
 * /admin/orders/stats, the newest cards in each) or as a filtered list (the reseller's filter bar,
 * a table from lg and cards below). The view and the filters live in the URL (`?view=list&status=...`).
 * Test ids: admin-orders-page (data-view), orders-view-board, orders-view-list, orders-board,
 * board-column (data-status), board-column-count, board-card (data-order-id), board-column-more,
 * board-column-empty, admin-orders-table, admin-orders-cards, admin-order-row (data-order-id),
 * admin-orders-total, admin-orders-empty, admin-orders-error, tracking-run (roles with orders.waybill).
 * Issue 28: the list filters to a worklist (`?worklist=to_ship`, chips worklist-chip-<name>), rows
 * have checkboxes (row-select, select-page, select-all-matching for every order the filter matches,
 * up to BULK_MAX) feeding the bulk bar (bulk-actions.tsx), and the keyboard moves a focused row
 * (j/k or arrows; data-focused), toggles it (x or Space) and opens it (Enter).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import TableRowsIcon from '@mui/icons-material/TableRowsOutlined';
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { useMemo, useRef, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  BULK_MAX,
  DEFAULT_ORDER_SORT,
  ORDER_SORT_WINDOW,
  ORDER_STATUSES,
  ORDER_WORKLISTS,
  UNINDEXED_ORDER_SORTS,
  sortField,
  WORKLIST_AREAS,
  formatDate,
  formatMoney,
  mayAccess,
  type AdminOrdersFilter,
  type OrderStatus,
  type OrderWorklist,
} from '@drop/shared';
import { useWorklistCounts, visibleWorklists, worklistSection } from '../worklists/api.ts';
import { BulkBar, type BulkTarget } from './bulk-actions.tsx';
import { KeysHint, isControlTarget, useKeys } from './keyboard.tsx';
import { useStaffRole } from './order-dialogs.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useConfig } from '../../../lib/config.ts';
import { OrdersFilters } from '../../../components/order/orders-filters.tsx';
import { StatusChip } from '../../../components/order/status-chip.tsx';
import { labelOf, type OrderLists } from '../../../lib/order/lists.ts';
import { clientName } from '../../../lib/order/address.ts';
import { BOARD_COLUMN_SIZE, useAdminOrders, useAdminOrderStats, type AdminOrderSummary } from './api.ts';
import { useOrdersT } from './i18n.ts';
import { ExportMenu, exportPath } from '../components/export-menu.tsx';
import { ColumnCell, ColumnChooser, ColumnHeader, PerPageSelect, SortSelect } from './list-columns.tsx';
import { viewOfList } from './list-state.ts';
import { AdminOrderFilters } from './order-filters.tsx';
import { SavedViews } from './saved-views.tsx';
import { useAdminList } from './use-admin-list.ts';

export const adminOrderPath = (id: number) => `/admin/orders/${id}`;

/**
 * Where an order's "back" leads: the board or list with the view and filters (and worklist) it was
 * opened from; `queue` is the list page's order ids, so the order's page can step to the next one.
 */
export interface OrderLinkState {
  back: string;
  queue?: number[];
}
export function useOrderLinkState(): OrderLinkState {
  const { pathname, search } = useLocation();
  return { back: pathname + search };
}
export const adminUserPath = (id: number) => `/admin/users/${id}`;

function useMoney() {
  const { tc } = useOrdersT();
  return (v: number) => `${formatMoney(v)} ${tc('common.currency')}`;
}

function BoardCard({ order }: { order: AdminOrderSummary }) {
  const { t } = useOrdersT();
  const money = useMoney();
  const linkState = useOrderLinkState();
  return (
    // The number is the card's one link, stretched over the whole card (::after): its name stays short
    // ("Open order №…") and contains the visible text, which a name on the whole card would not.
    <Card component="li" data-testid="board-card" data-order-id={order.id} sx={{ position: 'relative', '&:hover': { bgcolor: 'action.hover' } }}>
      <Box sx={{ p: 1.25 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
          <Link
            component={RouterLink}
            to={adminOrderPath(order.id)}
            state={linkState}
            aria-label={t('board.open', { number: order.number })}
            color="inherit"
            underline="hover"
            sx={{ fontWeight: 700, '&::after': { content: '""', position: 'absolute', inset: 0 } }}
          >
            №{order.number}
          </Link>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="board-card-total">
            {money(order.total)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {clientName(order)}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="caption" color="text.secondary" data-testid="board-card-reseller">
            {t('board.reseller', { id: order.user_id, name: order.user_name })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={order.created_at}>
            {formatDate(order.created_at)}
          </Typography>
        </Box>
      </Box>
    </Card>
  );
}

function BoardColumn({ status, count, lists }: { status: OrderStatus; count: number | undefined; lists: Partial<OrderLists> | undefined }) {
  const { t, tc } = useOrdersT();
  const orders = useAdminOrders({ status, per_page: BOARD_COLUMN_SIZE });
  const name = labelOf(lists?.order_status_list, status);
  const items = orders.data?.data ?? [];
  const total = count ?? orders.data?.meta.total;
  const headingId = `board-column-${status}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="board-column"
      data-status={status}
      sx={{
        width: 280,
        flexShrink: 0,
        scrollSnapAlign: 'start',
        bgcolor: 'grey.50',
        display: 'flex',
        flexDirection: 'column',
        maxHeight: { lg: 'calc(100vh - 220px)' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} component="h2" variant="h3" sx={{ flexGrow: 1, fontSize: '1rem' }}>
          <StatusChip list={lists?.order_status_list} id={status} name={name} />
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }} aria-label={t('board.count', { count: total ?? 0 })} data-testid="board-column-count">
          {total ?? '…'}
        </Typography>
      </Box>
      <Box sx={{ p: 1, overflowY: 'auto', flexGrow: 1 }}>
        {orders.isPending ? (
          <Stack spacing={1} aria-busy="true" aria-label={tc('common.loading')}>
            <Skeleton variant="rounded" height={76} />
            <Skeleton variant="rounded" height={76} />
          </Stack>
        ) : orders.isError ? (
          <Typography variant="body2" color="error" role="alert">
            {tc('errors.loadFailed')}
          </Typography>
        ) : items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 2 }} data-testid="board-column-empty">
            {t('board.empty')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={name}>
            {items.map((o) => (
              <BoardCard key={o.id} order={o} />
            ))}
          </Stack>
        )}
      </Box>
      {total !== undefined && total > items.length && (
        <Button component={RouterLink} to={`?view=list&status=${status}`} size="small" sx={{ m: 1 }} data-testid="board-column-more">
          {t('board.more', { count: total })}
        </Button>
      )}
    </Paper>
  );
}

function Board({ lists }: { lists: Partial<OrderLists> | undefined }) {
  const { t } = useOrdersT();
  const stats = useAdminOrderStats();
  return (
    <>
      {stats.data && (
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="board-total">
          {t('board.total', { count: stats.data.total })}
        </Typography>
      )}
      <Box
        data-testid="orders-board"
        tabIndex={0}
        aria-label={t('board.label')}
        sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1, scrollSnapType: 'x mandatory', alignItems: 'stretch' }}
      >
        {ORDER_STATUSES.map((s) => (
          <BoardColumn key={s} status={s} count={stats.data?.by_status[s] ?? (stats.data ? 0 : undefined)} lists={lists} />
        ))}
      </Box>
    </>
  );
}

function Chips({ order, lists }: { order: AdminOrderSummary; lists: Partial<OrderLists> | undefined }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <StatusChip list={lists?.order_status_list} id={order.status} name={order.status_name} testId="admin-order-row-status" />
      <StatusChip list={lists?.pay_status_list} id={order.payment_status} />
      <StatusChip list={lists?.delivery_status_list} id={order.delivery_status} />
    </Box>
  );
}

function NumberLink({ order, state }: { order: AdminOrderSummary; state?: OrderLinkState }) {
  const { t } = useOrdersT();
  const linkState = useOrderLinkState();
  return (
    <Link
      component={RouterLink}
      to={adminOrderPath(order.id)}
      state={state ?? linkState}
      underline="hover"
      sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
      aria-label={t('board.open', { number: order.number })}
    >
      №{order.number}
    </Link>
  );
}

function ResellerLink({ order }: { order: AdminOrderSummary }) {
  const { t } = useOrdersT();
  return (
    <Link component={RouterLink} to={adminUserPath(order.user_id)} underline="hover" variant="body2">
      {t('board.reseller', { id: order.user_id, name: order.user_name })}
    </Link>
  );
}

/** The worklist the URL names (`?worklist=`), if the role may see it. */
export function worklistOf(params: URLSearchParams, role: string | undefined): OrderWorklist | undefined {
  const w = params.get('worklist');
  return (ORDER_WORKLISTS as readonly string[]).includes(w ?? '') && mayAccess(role, WORKLIST_AREAS[w as OrderWorklist]) ? (w as OrderWorklist) : undefined;
}

/** Chips to switch the list to a worklist (with its live counter) or back to all orders. */
function WorklistChips({ current, role }: { current: OrderWorklist | undefined; role: string | undefined }) {
  const { t } = useOrdersT();
  const counts = useWorklistCounts().data;
  const [, setParams] = useSearchParams();
  const own = visibleWorklists(role).filter((w): w is OrderWorklist => worklistSection(w) === 'orders');
  if (own.length === 0) return null;
  const pick = (w: OrderWorklist | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (w) next.set('worklist', w);
      else next.delete('worklist');
      next.delete('page');
      return next;
    });
  return (
    <Box role="group" aria-label={t('worklist.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }} data-testid="worklist-chips">
      <Chip
        label={t('worklist.all')}
        color={current ? 'default' : 'primary'}
        variant={current ? 'outlined' : 'filled'}
        onClick={() => pick(undefined)}
        aria-pressed={!current}
        data-testid="worklist-chip-all"
      />
      {own.map((w) => {
        const on = current === w;
        const count = counts?.[w];
        return (
          <Chip
            key={w}
            label={count === undefined ? t(`worklist.names.${w}`) : `${t(`worklist.names.${w}`)} · ${count}`}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => pick(on ? undefined : w)}
            aria-pressed={on}
            data-testid={`worklist-chip-${w}`}
          />
        );
      })}
    </Box>
  );
}

/** The selection: the chosen ids, or "every order the filter matches"; it belongs to one filter (`key`). */
interface Selection {
  key: string;
  ids: Set<number>;
  all: boolean;
  /** The numbers of the rows seen while choosing (id → number). */
  names: Map<number, string>;
}
const none = (key: string): Selection => ({ key, ids: new Set(), all: false, names: new Map() });

function OrdersList({ lists }: { lists: Partial<OrderLists> | undefined }) {
  const { t, tc } = useOrdersT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const money = useMoney();
  const navigate = useNavigate();
  const role = useStaffRole();
  const [params] = useSearchParams();
  const worklist = worklistOf(params, role);
  // Issue 29: filters, sort, rows per page and columns in the URL (list-state.ts); a saved view is those parameters.
  const list = useAdminList();
  const { filter: rest, page, per_page, sort, columns, setFilter, setPage, reset, active } = list;
  const filter = { ...rest, page, per_page };
  const orders = useAdminOrders({ ...rest, worklist, sort: sort === DEFAULT_ORDER_SORT ? undefined : sort, page, per_page });
  const rows = useMemo(() => orders.data?.data ?? [], [orders.data]);
  const total = orders.data?.meta.total ?? 0;
  const linkState = useOrderLinkState();
  const rowState: OrderLinkState = { ...linkState, queue: rows.map((o) => o.id) };

  // Who may act on many orders at once: any of the bulk actions.
  const bulkAllowed = mayAccess(role, 'orders.status') || mayAccess(role, 'orders.waybill') || mayAccess(role, 'printing');
  // The selection lives while the filter stays (pages may change); a new filter starts empty.
  const filterKey = JSON.stringify({ ...rest, worklist });
  const [sel, setSel] = useState<Selection>(() => none(filterKey));
  const current = sel.key === filterKey ? sel : none(filterKey);
  // "All matching" names its rows in the results too: every matching order's number is read (at most BULK_MAX).
  const allFirst = useAdminOrders({ ...rest, worklist, page: 1, per_page: 100 }, current.all);
  const allSecond = useAdminOrders({ ...rest, worklist, page: 2, per_page: 100 }, current.all && total > 100);
  // Order numbers of the chosen rows (and the page's, and all matching ones), to name the rows in a bulk action's results.
  const known = () => {
    const names = new Map(current.names);
    for (const o of [...rows, ...(allFirst.data?.data ?? []), ...(allSecond.data?.data ?? [])]) names.set(o.id, o.number);
    return names;
  };
  const numberOf = (id: number) => {
    const n = known().get(id);
    return n ? `№${n}` : `#${id}`;
  };
  const withNames = (ids: Set<number>, all = false): Selection => ({ key: filterKey, ids, all, names: known() });
  const pageAll = rows.length > 0 && rows.every((o) => current.all || current.ids.has(o.id));
  const pageSome = rows.some((o) => current.ids.has(o.id));
  const count = current.all ? total : current.ids.size;
  const toggle = (id: number) =>
    setSel(() => {
      // Unticking a row of "all matching" keeps the page's other rows chosen.
      const ids = new Set(current.all ? rows.map((o) => o.id) : current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return withNames(ids);
    });
  const togglePage = () =>
    setSel(() => {
      const ids = new Set(current.all ? [] : current.ids);
      for (const o of rows) {
        if (pageAll) ids.delete(o.id);
        else ids.add(o.id);
      }
      return withNames(ids);
    });
  const target: BulkTarget = current.all
    ? { filter: Object.fromEntries(Object.entries({ ...rest, worklist }).filter(([, v]) => v !== undefined && v !== '')) as AdminOrdersFilter }
    : { ids: [...current.ids] };

  // Keyboard: j/k or arrows move the focused row, x or Space toggles it, Enter opens it.
  const [focus, setFocus] = useState(-1);
  const rowRefs = useRef<(HTMLElement | null)[]>([]);
  const focusRow = (i: number) => {
    setFocus(i);
    const el = rowRefs.current[i];
    el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: 'nearest' });
  };
  useKeys((e) => {
    if (rows.length === 0 || e.altKey) return false;
    const at = focus >= 0 && focus < rows.length ? focus : -1;
    if (e.key === 'j' || e.key === 'ArrowDown') {
      focusRow(Math.min(at + 1, rows.length - 1));
      return true;
    }
    if (e.key === 'k' || e.key === 'ArrowUp') {
      focusRow(Math.max(at - 1, 0));
      return true;
    }
    if (at < 0) return false;
    if ((e.key === 'x' || e.key === ' ') && bulkAllowed && !(e.key === ' ' && isControlTarget(e.target))) {
      toggle(rows[at]!.id);
      return true;
    }
    if (e.key === 'Enter' && !isControlTarget(e.target)) {
      void navigate(adminOrderPath(rows[at]!.id), { state: rowState });
      return true;
    }
    return false;
  });

  const rowCheckbox = (o: AdminOrderSummary) =>
    bulkAllowed && (
      <Checkbox
        checked={current.all || current.ids.has(o.id)}
        onChange={() => toggle(o.id)}
        slotProps={{ input: { 'aria-label': t('select.row', { number: o.number }), 'data-testid': 'row-select' } as object }}
        sx={{ p: 0.5 }}
      />
    );
  const focusSx = (i: number) => (i === focus ? { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } : {});
  const keyLines = [t('keys.listDown'), t('keys.listUp'), ...(bulkAllowed ? [t('keys.listToggle')] : []), t('keys.listOpen')];
  const tooMany = total > BULK_MAX;

  return (
    <>
      <WorklistChips current={worklist} role={role} />
      <SavedViews current={viewOfList(list, worklist)} onApply={list.applyView} />
      <OrdersFilters filter={filter} lists={lists} active={active} onChange={setFilter} onReset={reset} />
      <AdminOrderFilters filter={rest} lists={lists} role={role} onChange={setFilter} />
      {orders.isError && !orders.data ? (
        <EmptyState
          title={tc('errors.loadFailed')}
          text={orders.error.message}
          icon={<ErrorOutlineIcon />}
          testId="admin-orders-error"
          action={
            <Button variant="contained" onClick={() => void orders.refetch()}>
              {tc('common.retry')}
            </Button>
          }
        />
      ) : orders.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={tc('common.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState title={t('list.empty')} text={active || worklist ? t('list.emptyFiltered') : undefined} icon={<InboxIcon />} testId="admin-orders-empty" />
      ) : (
        <Box data-testid="admin-orders-list">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
            {bulkAllowed && !desktop && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={pageAll}
                    indeterminate={!pageAll && pageSome}
                    onChange={togglePage}
                    slotProps={{ input: { 'data-testid': 'select-page' } as object }}
                  />
                }
                label={t('select.page')}
                sx={{ mr: 0 }}
              />
            )}
            <Typography color="text.secondary" data-testid="admin-orders-total" sx={{ mr: 'auto' }}>
              {t('list.found', { count: total })}
            </Typography>
            {total > ORDER_SORT_WINDOW && UNINDEXED_ORDER_SORTS.includes(sortField(sort)) && (
              <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%', order: 10 }} data-testid="list-sort-window">
                {t('sort.window', { count: ORDER_SORT_WINDOW })}
              </Typography>
            )}
            {bulkAllowed && pageAll && !current.all && total > rows.length && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Button size="small" variant="outlined" disabled={tooMany} onClick={() => setSel(withNames(new Set(), true))} data-testid="select-all-matching">
                  {t('select.allMatching', { count: total })}
                </Button>
                {tooMany && (
                  <Typography variant="caption" color="text.secondary" data-testid="select-too-many">
                    {t('select.tooMany', { max: BULK_MAX })}
                  </Typography>
                )}
              </Box>
            )}
            {/* Issue 29: the list as a file, for the filters it shows now (the page's own query). */}
            <ExportMenu path={exportPath('orders')} query={{ ...rest, worklist }} fileStem="orders" testId="admin-orders-export" />
            {!desktop && <SortSelect value={sort} onChange={list.setSort} />}
            <PerPageSelect value={per_page} onChange={list.setPerPage} />
            {desktop && <ColumnChooser columns={columns} onChange={list.setColumns} />}
            <KeysHint lines={keyLines} />
          </Box>
          {desktop ? (
            <TableContainer component={Paper} variant="outlined" data-testid="admin-orders-table">
              <Table size="small" aria-label={t('title')}>
                <TableHead>
                  <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                    {bulkAllowed && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={pageAll}
                          indeterminate={!pageAll && pageSome}
                          onChange={togglePage}
                          slotProps={{ input: { 'aria-label': t('select.page'), 'data-testid': 'select-page' } as object }}
                        />
                      </TableCell>
                    )}
                    <ColumnHeader column="number" sort={sort} onSort={list.setSort} />
                    {columns.map((c) => (
                      <ColumnHeader key={c} column={c} sort={sort} onSort={list.setSort} />
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((o, i) => (
                    <TableRow
                      key={o.id}
                      hover
                      selected={current.all || current.ids.has(o.id)}
                      ref={(el: HTMLTableRowElement | null) => {
                        rowRefs.current[i] = el;
                      }}
                      tabIndex={-1}
                      onFocus={() => setFocus(i)}
                      sx={focusSx(i)}
                      data-testid="admin-order-row"
                      data-order-id={o.id}
                      data-focused={i === focus || undefined}
                    >
                      {bulkAllowed && <TableCell padding="checkbox">{rowCheckbox(o)}</TableCell>}
                      <TableCell>
                        <NumberLink order={o} state={rowState} />
                      </TableCell>
                      {columns.map((c) => (
                        <ColumnCell key={c} column={c} order={o} lists={lists} reseller={<ResellerLink order={o} />} />
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('title')} data-testid="admin-orders-cards">
              {rows.map((o, i) => (
                <Card
                  component="li"
                  key={o.id}
                  ref={(el: HTMLLIElement | null) => {
                    rowRefs.current[i] = el;
                  }}
                  tabIndex={-1}
                  onFocus={() => setFocus(i)}
                  sx={{ p: 1.5, ...focusSx(i), ...(current.all || current.ids.has(o.id) ? { bgcolor: 'action.selected' } : {}) }}
                  data-testid="admin-order-row"
                  data-order-id={o.id}
                  data-focused={i === focus || undefined}
                >
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      {rowCheckbox(o)}
                      <NumberLink order={o} state={rowState} />
                    </Box>
                    <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(o.total)}</Typography>
                  </Box>
                  <Typography variant="body2">{clientName(o)}</Typography>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
                    <ResellerLink order={o} />
                    <Typography variant="caption" color="text.secondary">
                      {formatDate(o.created_at)}
                    </Typography>
                  </Box>
                  <Chips order={o} lists={lists} />
                  {o.ttn && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                      {t('list.ttnValue', { ttn: o.ttn })}
                    </Typography>
                  )}
                </Card>
              ))}
            </Stack>
          )}
          <ListPagination page={page} lastPage={orders.data.meta.last_page} onChange={setPage} label={t('list.pages')} testId="admin-orders-pagination" />
        </Box>
      )}
      {bulkAllowed && count > 0 && (
        // Outside the rows: after an action the chosen orders may have left this worklist, and stay chosen for the next one.
        <BulkBar
          count={count}
          allMatching={current.all}
          target={target}
          role={role}
          statusList={lists?.order_status_list}
          numberOf={numberOf}
          onDone={(ids) => setSel(withNames(new Set(ids)))}
          onSelectFailed={(ids) => setSel(withNames(new Set(ids)))}
          onClear={() => setSel(none(filterKey))}
        />
      )}
    </>
  );
}

export function OrdersBoardPage() {
  const { t, tc, i18n } = useOrdersT();
  const toast = useToast();
  const config = useConfig(i18n.language);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'list' ? 'list' : 'board';
  const tracking = useMutation({ mutationFn: () => api.post<{ asked: number }>('/admin/orders/tracking/run') });
  // Asking the carrier for tracking is waybill work (STAFF_ACCESS 'orders.waybill').
  const role = useStaffRole();
  const setView = (next: 'board' | 'list') =>
    setParams((prev) => {
      if (next === 'board') return new URLSearchParams();
      const p = new URLSearchParams(prev);
      p.set('view', 'list');
      return p;
    });
  return (
    <Box data-testid="admin-orders-page" data-view={view}>
      <PageHeader
        title={t('title')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {mayAccess(role, 'orders.waybill') && (
              <Button
                variant="outlined"
                startIcon={<LocalShippingIcon />}
                loading={tracking.isPending}
                onClick={() =>
                  tracking.mutate(undefined, {
                    onSuccess: (r) => toast.success(t('tracking.done', { count: r.asked })),
                    onError: (e) => toast.error(isApiError(e) ? e.message : tc('errors.generic')),
                  })
                }
                data-testid="tracking-run"
              >
                {t('tracking.run')}
              </Button>
            )}
            <ToggleButtonGroup value={view} exclusive size="small" onChange={(_e, v: 'board' | 'list' | null) => v && setView(v)} aria-label={t('view.label')}>
              <ToggleButton value="board" data-testid="orders-view-board">
                <ViewKanbanIcon fontSize="small" sx={{ mr: 0.5 }} />
                {t('view.board')}
              </ToggleButton>
              <ToggleButton value="list" data-testid="orders-view-list">
                <TableRowsIcon fontSize="small" sx={{ mr: 0.5 }} />
                {t('view.list')}
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
        }
      />
      {view === 'board' ? <Board lists={config.data} /> : <OrdersList lists={config.data} />}
    </Box>
  );
}
