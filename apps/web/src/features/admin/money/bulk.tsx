/**
 * Bulk actions on the money queues (issue 28): rows are chosen with their checkboxes (only open ones:
 * pending top-ups, new withdrawals), the whole page at once, or every open one ("filter" mode, offered
 * once the page is chosen and the queue has more, at most BULK_MAX). The bar under the list says how
 * many are chosen and offers the action; a confirmation names the count and the sum (for "every open
 * one" the rows are read first to add it up), then the results dialog lists each row's outcome and
 * can choose the failed ones again. One request at a time: the buttons wait while it runs.
 * Test ids: money-bulk-bar, money-bulk-count, money-select-page, money-select-all, money-select-clear,
 * money-bulk-action, money-bulk-confirm (-text, -go, -back), money-bulk-results (-title, -row with
 * data-id/data-ok, -select-failed, -done).
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import { useQuery } from '@tanstack/react-query';
import { BULK_MAX, formatMoney, type BulkResultDto } from '@drop/shared';
import { useScopedToast } from '../../../lib/toast.tsx';
import { openQueueRows, useMoneyBulk } from '../api/money.ts';
import { useErrorText } from '../components/query-state.tsx';
import { useAdminT } from '../i18n.ts';

export type BulkKind = 'topups' | 'withdrawals';
interface Row {
  id: number;
  amount: number;
}

/** What is chosen: some ids (with their amounts), or every open row of the queue. */
export interface Selection {
  ids: Map<number, number>;
  all: boolean;
}
export const emptySelection = (): Selection => ({ ids: new Map(), all: false });

/** The selection's state and its changes; `open` are the page's rows that may be chosen. */
export function useSelection(open: Row[]) {
  const [sel, setSel] = useState<Selection>(emptySelection);
  const onPage = open.filter((r) => sel.all || sel.ids.has(r.id)).length;
  return {
    sel,
    count: sel.ids.size,
    isChosen: (id: number) => sel.all || sel.ids.has(id),
    /** A row's checkbox; in "every open one" mode the others on the page stay chosen, by id. */
    toggle: (row: Row) =>
      setSel((s) => {
        const ids = s.all ? new Map(open.map((r) => [r.id, r.amount])) : new Map(s.ids);
        if (ids.has(row.id)) ids.delete(row.id);
        else ids.set(row.id, row.amount);
        return { ids, all: false };
      }),
    pageState: (onPage === 0 ? 'none' : onPage === open.length ? 'all' : 'some') as 'none' | 'some' | 'all',
    togglePage: () =>
      setSel((s) => {
        if (s.all) return emptySelection();
        const ids = new Map(s.ids);
        const allOn = open.every((r) => ids.has(r.id));
        for (const r of open) {
          if (allOn) ids.delete(r.id);
          else ids.set(r.id, r.amount);
        }
        return { ids, all: false };
      }),
    chooseAll: () => setSel({ ids: new Map(), all: true }),
    choose: (rows: Row[]) => setSel({ ids: new Map(rows.map((r) => [r.id, r.amount])), all: false }),
    clear: () => setSel(emptySelection()),
  };
}
export type SelectionApi = ReturnType<typeof useSelection>;

const TEXTS = {
  topups: {
    action: 'money.bulk.approve',
    title: 'money.bulk.approveTitle',
    text: 'money.bulk.approveText',
    noSum: 'money.bulk.sumUnknown',
    go: 'money.bulk.confirmApprove',
    all: 'money.select.allPending',
    allChosen: 'money.select.allChosen',
  },
  withdrawals: {
    action: 'money.bulk.paid',
    title: 'money.bulk.paidTitle',
    text: 'money.bulk.paidText',
    noSum: 'money.bulk.paidSumUnknown',
    go: 'money.bulk.confirmPaid',
    all: 'money.select.allNew',
    allChosen: 'money.select.allNewChosen',
  },
} as const;

/**
 * The bar under a queue's list: the page's checkbox (the cards have no header), how many are chosen,
 * "every open one" when the whole page is chosen and there are more, and the action.
 */
export function BulkBar({
  kind,
  selection,
  pageRows,
  openTotal,
  busy,
  onAction,
}: {
  kind: BulkKind;
  selection: SelectionApi;
  pageRows: number;
  /** How many open rows the queue holds (the list's total when it shows the open status; null otherwise). */
  openTotal: number | null;
  busy: boolean;
  onAction: () => void;
}) {
  const { t } = useAdminT();
  const tx = TEXTS[kind];
  const { sel, pageState } = selection;
  const count = sel.all ? (openTotal ?? 0) : selection.count;
  const offerAll = !sel.all && pageState === 'all' && openTotal !== null && openTotal > pageRows;
  if (pageRows === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={t('money.bulk.bar')}
      data-testid="money-bulk-bar"
      sx={{
        position: 'sticky',
        bottom: 8,
        zIndex: 2,
        mt: 1.5,
        px: 1.5,
        py: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        boxShadow: count ? 3 : 0,
      }}
    >
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Checkbox
            checked={pageState === 'all'}
            indeterminate={pageState === 'some'}
            onChange={selection.togglePage}
            slotProps={{ input: { 'data-testid': 'money-select-page' } as object }}
          />
        }
        label={t('money.select.page')}
      />
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="money-bulk-count" aria-live="polite">
        {sel.all ? t(tx.allChosen, { count }) : t('money.select.selected', { count })}
      </Typography>
      {offerAll &&
        (openTotal > BULK_MAX ? (
          <Typography variant="body2" color="text.secondary">
            {t('money.select.tooMany', { max: BULK_MAX })}
          </Typography>
        ) : (
          <Button size="small" onClick={selection.chooseAll} data-testid="money-select-all">
            {t(tx.all, { count: openTotal })}
          </Button>
        ))}
      {count > 0 && (
        <Button size="small" color="inherit" onClick={selection.clear} disabled={busy} data-testid="money-select-clear">
          {t('money.select.clear')}
        </Button>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Button
        variant="contained"
        color="success"
        disabled={count === 0 || busy}
        onClick={onAction}
        data-testid="money-bulk-action"
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {t(tx.action, { count })}
      </Button>
    </Paper>
  );
}

/** The rows "every open one" means now: read for the sum and for naming the results. */
function useOpenRows(kind: BulkKind, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'money', 'open-rows', kind],
    queryFn: () => (kind === 'topups' ? openQueueRows<Row>('payments', 'Pending', BULK_MAX) : openQueueRows<Row>('withdraws', 'New', BULK_MAX)),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The confirmation (count and sum) and, after the request, the results. `onFailed` chooses the
 * failed rows again; `onDone` ends it (the selection is cleared by the caller).
 */
export function BulkFlow({
  kind,
  selection,
  openTotal,
  open,
  onClose,
}: {
  kind: BulkKind;
  selection: SelectionApi;
  openTotal: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t, tc } = useAdminT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const tx = TEXTS[kind];
  const bulk = useMoneyBulk(kind === 'topups' ? 'payments' : 'withdraws');
  const sending = useRef(false);
  const [result, setResult] = useState<{ res: BulkResultDto; amounts: Map<number, number> } | null>(null);
  const { sel } = selection;
  const rows = useOpenRows(kind, open && sel.all);
  const amounts = sel.all ? new Map((rows.data ?? []).map((r) => [r.id, r.amount])) : sel.ids;
  const count = sel.all ? (rows.data?.length ?? openTotal ?? 0) : sel.ids.size;
  const sum = [...amounts.values()].reduce((a, b) => a + Math.round(b * 100), 0) / 100;
  const sumKnown = !sel.all || rows.isSuccess;

  const go = () => {
    if (sending.current || bulk.isPending) return;
    sending.current = true;
    const body =
      kind === 'topups'
        ? sel.all
          ? { action: 'approve' as const, filter: { status: 'Pending' as const } }
          : { action: 'approve' as const, ids: [...sel.ids.keys()] }
        : sel.all
          ? { action: 'paid' as const, filter: { status: 'New' as const } }
          : { action: 'paid' as const, ids: [...sel.ids.keys()] };
    bulk
      .mutateAsync(body)
      .then((res) => {
        setResult({ res, amounts: new Map(amounts) });
        selection.clear();
        if (res.meta.failed === 0) toast.success(t('money.bulk.toast', { ok: res.meta.ok, total: res.meta.total }));
      })
      .catch((e: unknown) => toast.error(errorText(e)))
      .finally(() => {
        sending.current = false;
      });
  };

  const close = () => {
    setResult(null);
    onClose();
  };

  if (result) {
    const { res } = result;
    const failed = res.data.filter((r) => !r.ok);
    return (
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="money-bulk-results-title" data-testid="money-bulk-results">
        <DialogTitle id="money-bulk-results-title" data-testid="money-bulk-results-title">
          {t('money.bulk.resultsTitle', { ok: res.meta.ok, total: res.meta.total })}
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {failed.length > 0 && (
            <Alert severity="warning" sx={{ m: 2, mb: 1 }}>
              {t('money.bulk.failedCount', { count: failed.length })}
            </Alert>
          )}
          <List dense>
            {/* The failed ones first: they are what needs a look. */}
            {[...failed, ...res.data.filter((r) => r.ok)].map((r) => {
              const amount = result.amounts.get(r.id);
              return (
                <ListItem key={r.id} data-testid="money-bulk-results-row" data-id={r.id} data-ok={r.ok ? 'true' : 'false'}>
                  <ListItemIcon sx={{ minWidth: 36 }}>{r.ok ? <CheckCircleOutline color="success" /> : <ErrorOutline color="error" />}</ListItemIcon>
                  <ListItemText
                    primary={amount !== undefined ? t('money.bulk.row', { id: r.id, amount: formatMoney(amount) }) : t('money.bulk.rowId', { id: r.id })}
                    secondary={r.ok ? t('money.bulk.resultOk') : (r.error ?? r.code ?? t('money.bulk.resultFailed'))}
                    slotProps={{ secondary: { color: r.ok ? 'success.main' : 'error', sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {failed.length > 0 && (
            <Button
              onClick={() => {
                selection.choose(failed.map((r) => ({ id: r.id, amount: result.amounts.get(r.id) ?? 0 })));
                close();
              }}
              data-testid="money-bulk-results-select-failed"
            >
              {t('money.bulk.selectFailed')}
            </Button>
          )}
          <Button variant="contained" onClick={close} data-testid="money-bulk-results-done">
            {t('money.bulk.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const status = kind === 'topups' ? t('money.topUpStatus.Pending') : t('money.withdrawStatus.New');
  return (
    <Dialog
      open={open}
      onClose={bulk.isPending ? undefined : close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="money-bulk-confirm-title"
      data-testid="money-bulk-confirm"
    >
      <DialogTitle id="money-bulk-confirm-title">{t(tx.title, { count })}</DialogTitle>
      <DialogContent>
        {sel.all && rows.isPending ? (
          <Skeleton variant="text" aria-label={tc('common.loading')} />
        ) : (
          <DialogContentText data-testid="money-bulk-confirm-text">
            {sumKnown ? t(tx.text, { count, sum: formatMoney(sum) }) : t(tx.noSum, { count })}
          </DialogContentText>
        )}
        {sel.all && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('money.bulk.filterNote', { status })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={bulk.isPending} data-testid="money-bulk-confirm-back">
          {tc('common.back')}
        </Button>
        <Button
          variant="contained"
          color="success"
          loading={bulk.isPending}
          disabled={count === 0 || (sel.all && rows.isPending)}
          onClick={go}
          data-testid="money-bulk-confirm-go"
        >
          {t(tx.go)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
