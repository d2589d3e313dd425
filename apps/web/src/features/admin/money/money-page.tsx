/**
 * /admin/money: the money queues. Tabs (`?tab=withdrawals`) Top-ups (Pending by default) and
 * Withdrawals (New by default), a status filter (`?status=`, `all` for every status), a table from
 * lg and cards below; approve / mark paid (confirm) and decline (reason required).
 * Issue 28: open rows have checkboxes and a bulk bar (bulk.tsx: approve / mark paid many at once,
 * each row's result); "Перевіряти по черзі" or a receipt opens the walk dialog (receipt-walk.tsx),
 * which goes through the page from the keyboard and on to the next open request after each decision.
 * Test ids: admin-money-page (data-tab, data-state), money-tab-topups, money-tab-withdrawals,
 * money-status, money-row (data-id, data-status), money-amount, money-card, money-approve,
 * money-decline, money-paid, approve-dialog, decline-dialog, paid-dialog, money-empty, money-pagination,
 * money-select-row, money-select-page-head, money-walk (and bulk.tsx's, receipt-walk.tsx's).
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { useSearchParams } from 'react-router';
import { formatMoney, TOP_UP_STATUSES, WITHDRAW_STATUSES, type TopUpStatus, type WithdrawStatus } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useAdminPayments, useAdminWithdraws, useDecidePayment, useDecideWithdraw, type AdminPayment, type AdminWithdraw } from '../api/money.ts';
import type { MoneyFilter } from '../api/keys.ts';
import { ExportMenu, exportPath } from '../components/export-menu.tsx';
import { ListSkeleton, LoadError } from '../components/query-state.tsx';
import { ResellerLink } from '../components/reseller-link.tsx';
import { kyivDateTime, pageParam } from '../lib/format.ts';
import { useAdminT } from '../i18n.ts';
import { MoneyDecisionDialog, useMoneyDecision, groupedCard } from './money-decision.tsx';
import { BulkBar, BulkFlow, useSelection, type BulkKind, type SelectionApi } from './bulk.tsx';
import { CreditedNote, ReceiptPreview } from './receipt-preview.tsx';
import { ReceiptWalk, WithdrawWalk } from './receipt-walk.tsx';
import { hasMoneyFilter, MoneyFilters, moneyFilterOf } from './money-filters.tsx';
import { MoneyTabs } from './money-tabs.tsx';

type MoneyTab = 'topups' | 'withdrawals';
const TOP_UP_COLORS = { Pending: 'warning', Approved: 'success', Declined: 'error' } as const;
const WITHDRAW_COLORS = { New: 'info', Paid: 'success', Declined: 'error' } as const;
const head = { '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } } as const;

/** `?status=` of a tab: its first (open) status by default, `all` for every status. */
export function statusOf<S extends string>(raw: string | null, statuses: readonly S[]): S | undefined {
  if (raw === 'all') return undefined;
  return statuses.includes(raw as S) ? (raw as S) : statuses[0];
}

function Amount({ value }: { value: number }) {
  return (
    <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="money-amount">
      {formatMoney(value)}
    </Typography>
  );
}

function Note({ comment, reason }: { comment: string | null; reason: string | null }) {
  const { t } = useAdminT();
  return (
    <>
      {comment && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {comment}
        </Typography>
      )}
      {reason && (
        <Typography variant="caption" color="error" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {t('money.declineReason', { reason })}
        </Typography>
      )}
      {!comment && !reason && <Typography color="text.secondary">—</Typography>}
    </>
  );
}

/** Row checkboxes: which rows may be chosen (the open ones) and the selection. */
interface RowSelect<T> {
  can: (item: T) => boolean;
  selection: SelectionApi;
}

function RowCheckbox<T extends { id: number; amount: number }>({ item, select }: { item: T; select: RowSelect<T> }) {
  const { t } = useAdminT();
  if (!select.can(item)) return null;
  return (
    <Checkbox
      checked={select.selection.isChosen(item.id)}
      onChange={() => select.selection.toggle(item)}
      slotProps={{ input: { 'aria-label': t('money.select.row', { id: item.id }), 'data-testid': 'money-select-row' } as object }}
    />
  );
}

/** The rows as a table (lg+) or as cards; `cells` gives each row's labelled parts; `select` adds the checkboxes. */
function Rows<T extends { id: number; status: string; amount: number }>({
  items,
  desktop,
  columns,
  cells,
  select,
}: {
  items: T[];
  desktop: boolean;
  columns: string[];
  cells: (item: T) => ReactNode[];
  select?: RowSelect<T>;
}) {
  const { t } = useAdminT();
  const selectable = select ? items.some(select.can) : false;
  if (desktop) {
    return (
      <TableContainer component={Paper} variant="outlined" data-testid="money-table">
        <Table size="small" aria-label={t('money.list')}>
          <TableHead>
            <TableRow sx={head}>
              {select && selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={select.selection.pageState === 'all'}
                    indeterminate={select.selection.pageState === 'some'}
                    onChange={select.selection.togglePage}
                    slotProps={{ input: { 'aria-label': t('money.select.page'), 'data-testid': 'money-select-page-head' } as object }}
                  />
                </TableCell>
              )}
              {columns.map((c) => (
                <TableCell key={c}>{c}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((it) => (
              <TableRow
                key={it.id}
                hover
                selected={Boolean(select?.can(it) && select.selection.isChosen(it.id))}
                data-testid="money-row"
                data-id={it.id}
                data-status={it.status}
                sx={{ '& td': { verticalAlign: 'top', py: 1.25 } }}
              >
                {select && selectable && (
                  <TableCell padding="checkbox" sx={{ '&&': { py: 0.5 } }}>
                    <RowCheckbox item={it} select={select} />
                  </TableCell>
                )}
                {cells(it).map((c, i) => (
                  <TableCell key={columns[i]}>{c}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('money.list')} data-testid="money-cards">
      {items.map((it) => {
        const parts = cells(it);
        return (
          <Card
            component="li"
            key={it.id}
            sx={{ p: 1.5, ...(select?.can(it) && select.selection.isChosen(it.id) ? { outline: 2, outlineColor: 'primary.main' } : {}) }}
            data-testid="money-row"
            data-id={it.id}
            data-status={it.status}
          >
            {select?.can(it) && (
              <Box sx={{ mt: -1, ml: -1, mb: 0.5 }}>
                <RowCheckbox item={it} select={select} />
              </Box>
            )}
            <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.75, alignItems: 'start' }}>
              {parts.map((p, i) => (
                <Box key={columns[i]} sx={{ display: 'contents' }}>
                  <Typography variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
                    {columns[i]}
                  </Typography>
                  <Box sx={{ minWidth: 0 }}>{p}</Box>
                </Box>
              ))}
            </Box>
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * After a decision on `done` during the walk: the next top-up to show. The list is read again; the
 * first still-pending one that came after `done` on the page before, else any pending one, else none.
 */
export function nextPending<T extends { id: number; status: string }>(before: T[], fresh: T[], done: number, open: string): number | null {
  const pending = new Set(fresh.filter((x) => x.status === open && x.id !== done).map((x) => x.id));
  const at = before.findIndex((x) => x.id === done);
  const after = before.slice(at + 1).find((x) => pending.has(x.id));
  if (after) return after.id;
  return fresh.find((x) => pending.has(x.id))?.id ?? null;
}

/**
 * The receipt walk over a money queue: the request shown (`walkId`), and `advance(done)` which reads
 * the list again after a decision and shows the next one still `open` (or ends with a message);
 * `moving` while it reads, so the decided one takes no second key meanwhile.
 */
function useQueueWalk<T extends { id: number; status: string }>(
  list: { data?: { data: T[] } | undefined; refetch: () => Promise<{ data?: { data: T[] } | undefined }> },
  open: string,
) {
  const { t } = useAdminT();
  const toast = useScopedToast();
  const [walkId, setWalkId] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const advance = async (done: number) => {
    const before = list.data?.data ?? [];
    setMoving(true);
    const fresh = await list
      .refetch()
      .then((r) => r.data?.data ?? [])
      .finally(() => setMoving(false));
    const next = nextPending(before, fresh, done, open);
    setWalkId(next);
    if (next === null) toast.info(t('money.walk.queueDone'));
  };
  return { walkId, setWalkId, moving, advance };
}

/**
 * One money queue's frame, the same for top-ups and withdrawals: the toolbar, the rows (or the empty
 * state), the bulk bar and flow over the chosen requests, the pages, and the queue's own walk and
 * decision dialog (`children`).
 */
function QueueFrame({
  kind,
  toolbar,
  emptyTitle,
  list,
  filter,
  wholeQueue,
  rows,
  selection,
  pageRows,
  page,
  onPage,
  children,
}: {
  kind: BulkKind;
  toolbar: ReactNode;
  emptyTitle: string;
  list: { data: unknown[]; meta: { total: number; last_page: number } };
  filter: MoneyFilter;
  /** The list shows the open status: with no filter, its total is every open request (the bulk flow's "all"). */
  wholeQueue: boolean;
  rows: ReactNode;
  selection: SelectionApi;
  pageRows: number;
  page: number;
  onPage: (p: number) => void;
  children: ReactNode;
}) {
  const { t } = useAdminT();
  const [bulkOpen, setBulkOpen] = useState(false);
  const filtered = hasMoneyFilter(filter);
  const openTotal = wholeQueue && !filtered ? list.meta.total : null;
  return (
    <>
      <Toolbar>{toolbar}</Toolbar>
      {list.data.length === 0 ? (
        <EmptyState
          testId="money-empty"
          icon={<AccountBalanceWalletOutlined />}
          title={emptyTitle}
          text={t(filtered ? 'moneyFilters.emptyFiltered' : 'money.emptyText')}
        />
      ) : (
        rows
      )}
      <BulkBar kind={kind} selection={selection} pageRows={pageRows} openTotal={openTotal} busy={bulkOpen} onAction={() => setBulkOpen(true)} />
      <ListPagination page={page} lastPage={list.meta.last_page} onChange={onPage} label={t('common.pagination')} testId="money-pagination" />
      {children}
      <BulkFlow kind={kind} selection={selection} openTotal={openTotal} open={bulkOpen} onClose={() => setBulkOpen(false)} />
    </>
  );
}

function TopUps({
  status,
  filter,
  page,
  onPage,
  desktop,
}: {
  status: TopUpStatus | undefined;
  filter: MoneyFilter;
  page: number;
  onPage: (p: number) => void;
  desktop: boolean;
}) {
  const { t } = useAdminT();
  const list = useAdminPayments(status, page, filter);
  const decidePayment = useDecidePayment();
  const { walkId, setWalkId, moving, advance } = useQueueWalk(list, 'Pending');
  const {
    target,
    open: openDialog,
    close,
    decide,
  } = useMoneyDecision<AdminPayment>({
    send: (id, action, reason, amount) =>
      decidePayment.mutateAsync({
        id,
        status: action === 'approve' ? 'Approved' : 'Declined',
        ...(reason ? { reason } : {}),
        ...(action === 'approve' && amount !== undefined ? { amount } : {}),
      }),
    walking: walkId !== null,
    advance,
  });
  const items = list.data?.data ?? [];
  const open = items.filter((p) => p.status === 'Pending');
  const selection = useSelection(open);

  /** The walk's A: approve for the claimed amount, no dialog. */
  const approveClaimed = (item: AdminPayment) => {
    if (!decidePayment.isPending) decide(item, 'approve').catch(() => undefined);
  };

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const walkItem = walkId === null ? undefined : items.find((p) => p.id === walkId);
  const columns = [
    t('money.columns.id'),
    t('money.columns.receipt'),
    t('money.columns.amount'),
    t('money.columns.reseller'),
    t('money.columns.comment'),
    t('money.columns.status'),
    t('common.actions'),
  ];
  return (
    <QueueFrame
      kind="topups"
      toolbar={<WalkButton show={open.length > 0} onClick={() => setWalkId(open[0]!.id)} />}
      emptyTitle={t('money.emptyTopUps')}
      list={list.data}
      filter={filter}
      wholeQueue={status === 'Pending'}
      selection={selection}
      pageRows={open.length}
      page={page}
      onPage={onPage}
      rows={
        <Rows
          items={items}
          desktop={desktop}
          columns={columns}
          select={{ can: (p) => p.status === 'Pending', selection }}
          cells={(p) => [
            <Box key="id">
              <Typography sx={{ fontWeight: 600 }}>#{p.id}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {kyivDateTime(p.created_at)}
              </Typography>
            </Box>,
            <ReceiptPreview
              key="receipt"
              doc={p.document}
              paymentId={p.id}
              claimed={p.amount}
              status={p.status}
              credited={p.credited_amount}
              creditReason={p.credit_reason}
              onOpen={() => setWalkId(p.id)}
            />,
            <Box key="amount">
              <Amount value={p.amount} />
              <CreditedNote claimed={p.amount} credited={p.credited_amount} reason={p.credit_reason} />
            </Box>,
            <ResellerLink key="reseller" id={p.user_id} />,
            <Note key="note" comment={p.comment} reason={p.decline_reason} />,
            <Chip key="status" size="small" color={TOP_UP_COLORS[p.status]} label={t(`money.topUpStatus.${p.status}`)} data-testid="money-status-chip" />,
            <DecisionActions
              key="actions"
              open={p.status === 'Pending'}
              acceptLabel={t('money.approve')}
              acceptTestId="money-approve"
              onAccept={() => openDialog(p, 'approve')}
              onDecline={() => openDialog(p, 'decline')}
              processedAt={p.processed_at}
            />,
          ]}
        />
      }
    >
      {walkItem && (
        <ReceiptWalk
          items={items}
          item={walkItem}
          busy={decidePayment.isPending || moving || target !== null}
          onMove={setWalkId}
          onApprove={approveClaimed}
          onOther={(item) => openDialog(item, 'approve')}
          onDecline={(item) => openDialog(item, 'decline')}
          onClose={() => setWalkId(null)}
        />
      )}
      <MoneyDecisionDialog
        kind="topups"
        target={target}
        busy={decidePayment.isPending}
        onCancel={close}
        onConfirm={({ item, action }, reason, amount) => decide(item, action, reason, amount)}
      />
    </QueueFrame>
  );
}

function CardNumber({ value }: { value: string }) {
  const { t } = useAdminT();
  const toast = useScopedToast();
  const grouped = groupedCard(value);
  const copy = () =>
    void navigator.clipboard?.writeText(value.replace(/\D/g, '')).then(
      () => toast.success(t('money.copied')),
      () => undefined,
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 500 }} data-testid="money-card">
        {grouped}
      </Typography>
      <Tooltip title={t('money.copyCard')}>
        <IconButton size="small" onClick={copy} aria-label={t('money.copyCard')}>
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function Withdrawals({
  status,
  filter,
  page,
  onPage,
  desktop,
}: {
  status: WithdrawStatus | undefined;
  filter: MoneyFilter;
  page: number;
  onPage: (p: number) => void;
  desktop: boolean;
}) {
  const { t } = useAdminT();
  const list = useAdminWithdraws(status, page, filter);
  const decideWithdraw = useDecideWithdraw();
  const { walkId, setWalkId, moving, advance } = useQueueWalk(list, 'New');
  const {
    target,
    open: openDialog,
    close,
    decide,
  } = useMoneyDecision<AdminWithdraw>({
    send: (id, action, reason) => decideWithdraw.mutateAsync({ id, status: action === 'paid' ? 'Paid' : 'Declined', ...(reason ? { reason } : {}) }),
    walking: walkId !== null,
    advance,
  });
  const items = list.data?.data ?? [];
  const open = items.filter((w) => w.status === 'New');
  const selection = useSelection(open);

  /** The walk's P: mark paid at once (the walk shows the amount and the card). */
  const markPaid = (item: AdminWithdraw) => {
    if (!decideWithdraw.isPending) decide(item, 'paid').catch(() => undefined);
  };

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const walkItem = walkId === null ? undefined : items.find((w) => w.id === walkId);
  const columns = [
    t('money.columns.id'),
    t('money.columns.card'),
    t('money.columns.amount'),
    t('money.columns.reseller'),
    t('money.columns.status'),
    t('common.actions'),
  ];
  // The bank's payouts file: the chosen new withdrawals; else, while a reseller or days narrow the
  // list, the new ones it shows; else every new one (the queue as it stands).
  const chosenIds = selection.sel.all ? [] : [...selection.sel.ids.keys()];
  const payoutIds = chosenIds.length ? chosenIds : hasMoneyFilter(filter) ? open.map((w) => w.id) : [];
  const payoutText = chosenIds.length ? 'chosen' : payoutIds.length ? 'shown' : 'all';
  return (
    <QueueFrame
      kind="withdrawals"
      toolbar={
        <>
          {status === 'New' && open.length > 0 && (
            <ExportMenu
              path="/admin/withdraws/payouts"
              query={payoutIds.length ? { ids: payoutIds.join(',') } : {}}
              fileStem="payouts"
              label={t(`money.payouts.${payoutText}`, { count: payoutIds.length })}
              ariaLabel={t(`money.payouts.${payoutText}Aria`, { count: payoutIds.length })}
              icon={<PaymentsOutlined />}
              testId="money-payouts"
            />
          )}
          <WalkButton show={open.length > 0} onClick={() => setWalkId(open[0]!.id)} />
        </>
      }
      emptyTitle={t('money.emptyWithdrawals')}
      list={list.data}
      filter={filter}
      wholeQueue={status === 'New'}
      selection={selection}
      pageRows={open.length}
      page={page}
      onPage={onPage}
      rows={
        <Rows
          items={items}
          desktop={desktop}
          columns={columns}
          select={{ can: (w) => w.status === 'New', selection }}
          cells={(w) => [
            <Box key="id">
              <Typography sx={{ fontWeight: 600 }}>#{w.id}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {kyivDateTime(w.created_at)}
              </Typography>
            </Box>,
            <CardNumber key="card" value={w.card_number} />,
            <Amount key="amount" value={w.amount} />,
            <ResellerLink key="reseller" id={w.user_id} />,
            <Box key="status">
              <Chip size="small" color={WITHDRAW_COLORS[w.status]} label={t(`money.withdrawStatus.${w.status}`)} data-testid="money-status-chip" />
              <Note comment={null} reason={w.decline_reason} />
            </Box>,
            <DecisionActions
              key="actions"
              open={w.status === 'New'}
              acceptLabel={t('money.markPaid')}
              acceptTestId="money-paid"
              onAccept={() => openDialog(w, 'paid')}
              onDecline={() => openDialog(w, 'decline')}
              processedAt={w.paid_at}
            />,
          ]}
        />
      }
    >
      {walkItem && (
        <WithdrawWalk
          items={items}
          item={walkItem}
          busy={decideWithdraw.isPending || moving || target !== null}
          onMove={setWalkId}
          onPaid={markPaid}
          onDecline={(item) => openDialog(item, 'decline')}
          onClose={() => setWalkId(null)}
          card={<CardNumber value={walkItem.card_number} />}
        />
      )}
      <MoneyDecisionDialog
        kind="withdrawals"
        target={target}
        busy={decideWithdraw.isPending}
        onCancel={close}
        onConfirm={({ item, action }, reason) => decide(item, action, reason)}
      />
    </QueueFrame>
  );
}

export function MoneyPage() {
  const { t } = useAdminT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const tab: MoneyTab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'topups';
  const page = pageParam(params.get('page'));
  const statuses: readonly string[] = tab === 'topups' ? TOP_UP_STATUSES : WITHDRAW_STATUSES;
  const status = tab === 'topups' ? statusOf(params.get('status'), TOP_UP_STATUSES) : statusOf(params.get('status'), WITHDRAW_STATUSES);
  const filter = moneyFilterOf(params);
  const listKey = JSON.stringify([status ?? 'all', filter]);

  const set = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });

  return (
    <Box data-testid="admin-money-page" data-tab={tab}>
      <PageHeader title={t('money.title')} icon={<AccountBalanceWalletOutlined color="primary" />} />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <MoneyTabs value={tab} />
        <TextField
          select
          size="small"
          label={t('money.status')}
          value={status ?? 'all'}
          onChange={(e) => set({ status: e.target.value, page: null })}
          fullWidth={false}
          sx={{ minWidth: 200, mb: 1 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'money-status' } as object } }}
        >
          {statuses.map((s) => (
            <MenuItem key={s} value={s}>
              {t(tab === 'topups' ? `money.topUpStatus.${s}` : `money.withdrawStatus.${s}`)}
            </MenuItem>
          ))}
          <MenuItem value="all">{t('common.all')}</MenuItem>
        </TextField>
      </Box>
      <MoneyFilters
        filter={filter}
        update={(changes) => set({ ...changes, page: null })}
        actions={
          <ExportMenu
            path={exportPath(tab === 'topups' ? 'payments' : 'withdraws')}
            query={{ status, ...filter }}
            fileStem={tab === 'topups' ? 'payments' : 'withdraws'}
            ariaLabel={t('exports.of', { list: t(tab === 'topups' ? 'money.tabs.topUps' : 'money.tabs.withdrawals') })}
            testId="money-export"
          />
        }
      />
      {tab === 'topups' ? (
        <TopUps
          key={listKey}
          status={status as TopUpStatus | undefined}
          filter={filter}
          page={page}
          onPage={(p) => set({ page: p > 1 ? String(p) : null })}
          desktop={desktop}
        />
      ) : (
        <Withdrawals
          key={listKey}
          status={status as WithdrawStatus | undefined}
          filter={filter}
          page={page}
          onPage={(p) => set({ page: p > 1 ? String(p) : null })}
          desktop={desktop}
        />
      )}
    </Box>
  );
}

/** The buttons above a queue (the payouts file, the walk), on the right; nothing when it has none. */
function Toolbar({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 1.5, '&:empty': { display: 'none' } }}>{children}</Box>;
}

/** "Перевіряти по черзі": the walk dialog from the page's first open request. */
function WalkButton({ show, onClick }: { show: boolean; onClick: () => void }) {
  const { t } = useAdminT();
  if (!show) return null;
  return (
    <Button variant="outlined" startIcon={<KeyboardOutlined />} onClick={onClick} data-testid="money-walk">
      {t('money.walk.open')}
    </Button>
  );
}

/** An open request's two actions (accept: approve or mark paid; decline), or when it was processed. */
function DecisionActions({
  open,
  acceptLabel,
  acceptTestId,
  onAccept,
  onDecline,
  processedAt,
}: {
  open: boolean;
  acceptLabel: string;
  acceptTestId: string;
  onAccept: () => void;
  onDecline: () => void;
  processedAt: string | null;
}) {
  const { t } = useAdminT();
  if (!open) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {t('money.processed', { date: kyivDateTime(processedAt) })}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="contained" color="success" startIcon={<CheckIcon />} onClick={onAccept} data-testid={acceptTestId}>
        {acceptLabel}
      </Button>
      <Button size="small" variant="outlined" color="error" startIcon={<CloseIcon />} onClick={onDecline} data-testid="money-decline">
        {t('money.decline')}
      </Button>
    </Box>
  );
}
