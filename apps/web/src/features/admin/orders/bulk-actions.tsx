/**
 * Bulk actions on the orders list (issue 28): a sticky bar while rows are selected with the actions
 * the role may take — move the status (the role's moves; those that end or undo an order ask first),
 * make Nova Poshta waybills (one weight and seats for all), print (marking, packing list, invoice) —
 * and a results dialog listing each order's own outcome, with "Вибрати невдалі" and, for a print,
 * the PDF opened in a new tab (or a link when the browser blocked the tab). The action buttons are
 * disabled while one runs, so a double click sends once.
 * Test ids: bulk-bar (data-count), bulk-count, bulk-clear, bulk-status, bulk-status-option (data-status),
 * bulk-ttn, bulk-ttn-dialog, np-weight, np-seats, bulk-ttn-submit, bulk-print, bulk-print-option
 * (data-kind), bulk-results (data-action), bulk-result-row (data-id, data-ok), bulk-summary,
 * bulk-select-failed, bulk-results-close, bulk-pdf (data-state), bulk-pdf-open.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  ORDER_PRINT_KINDS,
  mayAccess,
  staffOrderMoves,
  type AdminOrdersFilter,
  type BulkResultDto,
  type ConfigItem,
  type OrderPrintKind,
  type OrderStatus,
} from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { muiField, validationMessage } from '../../../lib/form.ts';
import { labelOf } from '../../../lib/order/lists.ts';
import { pdfName, pdfWindow, type PdfWindow } from '../printing/open-pdf.ts';
import { useBulkOrders, type BulkInput } from './api.ts';
import { useOrdersT } from './i18n.ts';
import { ConfirmDialog, FormDialog, npForm, type NpForm } from './order-dialogs.tsx';

/** The rows an action applies to: the chosen ones, or every order the filter matches. */
export type BulkTarget = { ids: number[] } | { filter: AdminOrdersFilter };
export type BulkAction = 'status' | 'ttn' | 'print';

/** Moves that go straight from the menu; the others (ending or undoing orders) ask first. */
const QUICK_MOVES: readonly OrderStatus[] = ['Confirmed', 'Complected', 'Delivered'];

type PdfState = { state: 'loading' } | { state: 'opened' | 'blocked'; url: string; name: string } | { state: 'error'; message: string };

interface Outcome {
  action: BulkAction;
  result: BulkResultDto;
  pdf?: PdfState;
}

/** The results of one bulk action: every row's number and its outcome (failed rows first). */
function ResultsDialog({
  outcome,
  numberOf,
  onSelectFailed,
  onClose,
}: {
  outcome: Outcome;
  numberOf: (id: number) => string;
  onSelectFailed: (ids: number[]) => void;
  onClose: () => void;
}) {
  const { t } = useOrdersT();
  const { result, pdf } = outcome;
  const failed = result.data.filter((r) => !r.ok);
  const rows = [...failed, ...result.data.filter((r) => r.ok)];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-results-title" data-testid="bulk-results" data-action={outcome.action}>
      <DialogTitle id="bulk-results-title">{t(`bulk.resultsTitle.${outcome.action}`)}</DialogTitle>
      <DialogContent dividers>
        <Alert severity={result.meta.failed === 0 ? 'success' : result.meta.ok === 0 ? 'error' : 'warning'} sx={{ mb: 1.5 }} data-testid="bulk-summary">
          {t('bulk.summary', { ok: result.meta.ok, total: result.meta.total, failed: result.meta.failed })}
        </Alert>
        {pdf && (
          <Alert
            severity={pdf.state === 'error' ? 'error' : 'info'}
            icon={<PictureAsPdfIcon />}
            sx={{ mb: 1.5 }}
            data-testid="bulk-pdf"
            data-state={pdf.state}
            action={
              pdf.state === 'opened' || pdf.state === 'blocked' ? (
                <Button
                  component="a"
                  href={pdf.url}
                  target="_blank"
                  rel="noopener"
                  download={pdf.name}
                  size="small"
                  color="inherit"
                  data-testid="bulk-pdf-open"
                >
                  {t('bulk.openPdf')}
                </Button>
              ) : undefined
            }
          >
            {pdf.state === 'loading'
              ? t('bulk.pdfLoading')
              : pdf.state === 'error'
                ? t('bulk.pdfFailed', { error: pdf.message })
                : `${t('bulk.pdfReady', { count: result.meta.ok })}${pdf.state === 'blocked' ? ` ${t('bulk.pdfBlocked')}` : ''}`}
          </Alert>
        )}
        {outcome.action === 'print' && result.meta.ok === 0 && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {t('bulk.nothingToPrint')}
          </Alert>
        )}
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('bulk.result')}>
          {rows.map((r) => (
            <Box
              component="li"
              key={r.id}
              data-testid="bulk-result-row"
              data-id={r.id}
              data-ok={r.ok}
              sx={{ display: 'flex', gap: 1, alignItems: 'baseline', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography sx={{ fontWeight: 700, minWidth: 80, whiteSpace: 'nowrap' }}>{numberOf(r.id)}</Typography>
              <Chip size="small" color={r.ok ? 'success' : 'error'} label={r.ok ? t('bulk.ok') : t('bulk.failed')} sx={{ flexShrink: 0 }} />
              {!r.ok && (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  {r.error ?? r.code}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {failed.length > 0 && (
          <Button
            onClick={() => {
              onSelectFailed(failed.map((r) => r.id));
              onClose();
            }}
            data-testid="bulk-select-failed"
          >
            {t('bulk.selectFailed')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} data-testid="bulk-results-close">
          {t('bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One weight and seats for the waybills of all the chosen orders (1 kg, 1 seat by default). */
function BulkTtnDialog({
  count,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  count: number;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (v: { weight: number; seats: number }) => void;
}) {
  const { t } = useOrdersT();
  const form = useForm<NpForm>({ resolver: zodResolver(npForm), defaultValues: { weight: '1', seats: '1', description: '' } });
  const submit = form.handleSubmit((v) => onSubmit({ weight: Number(v.weight.replace(',', '.')), seats: Number(v.seats) }));
  const field = (name: 'weight' | 'seats', label: string, inputMode: 'decimal' | 'numeric') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TextField
          {...muiField(f)}
          label={label}
          required
          error={!!fieldState.error}
          helperText={validationMessage(fieldState.error?.message)}
          slotProps={{ htmlInput: { inputMode, 'data-testid': `np-${name}` } }}
        />
      )}
    />
  );
  return (
    <FormDialog
      open
      title={t('bulk.ttnTitle', { count })}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel={t('bulk.ttnSubmit')}
      testId="bulk-ttn-dialog"
    >
      <Typography variant="body2" color="text.secondary">
        {t('bulk.ttnText')}
      </Typography>
      {field('weight', t('np.weight'), 'decimal')}
      {field('seats', t('np.seats'), 'numeric')}
    </FormDialog>
  );
}

/**
 * The sticky bar over the selected rows. `target` is what the action applies to; `numberOf` names a
 * row in the results; after an action the rows it acted on stay chosen (`onDone`: "all matching"
 * becomes those ids, so the next action takes the same orders even when they left the worklist);
 * `onSelectFailed` keeps only the failed rows selected.
 */
export function BulkBar({
  count,
  allMatching,
  target,
  role,
  statusList,
  numberOf,
  onDone,
  onSelectFailed,
  onClear,
}: {
  count: number;
  allMatching: boolean;
  target: BulkTarget;
  role: string | undefined;
  statusList: ConfigItem[] | undefined;
  numberOf: (id: number) => string;
  /** After an action: the rows it acted on (they stay chosen for the next action, e.g. waybills, then Complected, then print). */
  onDone: (ids: number[]) => void;
  onSelectFailed: (ids: number[]) => void;
  onClear: () => void;
}) {
  const { t, tc } = useOrdersT();
  const bulk = useBulkOrders();
  const sending = useRef(false);
  const [menu, setMenu] = useState<{ kind: 'status' | 'print'; anchor: HTMLElement } | null>(null);
  const [confirm, setConfirm] = useState<OrderStatus | null>(null);
  const [ttnOpen, setTtnOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const moves = mayAccess(role, 'orders.status') ? staffOrderMoves(role) : [];
  const busy = bulk.isPending;

  const run = (input: BulkInput, action: BulkAction, after?: { tab: PdfWindow; kind: OrderPrintKind }) => {
    // A second click before the buttons show they are busy sends nothing.
    if (sending.current) {
      after?.tab.close();
      return;
    }
    sending.current = true;
    setError(null);
    bulk.mutate(input, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (result) => {
        setConfirm(null);
        setTtnOpen(false);
        if (result.data.length > 0) onDone(result.data.map((r) => r.id));
        if (!after) return setOutcome({ action, result });
        const file = result.meta.file;
        if (!file || result.meta.ok === 0) {
          after.tab.close();
          return setOutcome({ action, result });
        }
        setOutcome({ action, result, pdf: { state: 'loading' } });
        const name = pdfName(after.kind, result.meta.ok);
        after.tab
          .load(file, name)
          .then((r) => setOutcome({ action, result, pdf: { state: r.opened ? 'opened' : 'blocked', url: r.url, name } }))
          .catch((e: unknown) => setOutcome({ action, result, pdf: { state: 'error', message: isApiError(e) ? e.message : tc('errors.generic') } }));
      },
      onError: (e) => {
        after?.tab.close();
        setError(isApiError(e) ? e.message : tc('errors.generic'));
      },
    });
  };

  const move = (status: OrderStatus) => run({ action: 'status', status, ...target }, 'status');
  const pickMove = (status: OrderStatus) => {
    setMenu(null);
    if (QUICK_MOVES.includes(status)) move(status);
    else setConfirm(status);
  };
  const print = (kind: OrderPrintKind) => {
    setMenu(null);
    // The tab opens now, in the click: after the request's await the browser would block it.
    const tab = pdfWindow(t('bulk.pdfLoading'));
    run({ action: 'print', kind, ...target }, 'print', { tab, kind });
  };

  return (
    <>
      <Paper
        elevation={6}
        role="toolbar"
        aria-label={t('bulk.bar')}
        data-testid="bulk-bar"
        data-count={count}
        sx={{
          position: 'sticky',
          bottom: { xs: 8, lg: 16 },
          zIndex: (th) => th.zIndex.appBar - 1,
          mt: 1.5,
          p: { xs: 1, sm: 1.25 },
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          borderRadius: 2,
        }}
      >
        <Typography sx={{ fontWeight: 700, mr: 'auto', whiteSpace: 'nowrap' }} data-testid="bulk-count" aria-live="polite">
          {allMatching ? t('select.allMatchingOn', { count }) : t('select.selected', { count })}
        </Typography>
        {moves.length > 0 && (
          <Button
            variant="contained"
            size="small"
            startIcon={<SwapHorizIcon />}
            disabled={busy}
            onClick={(e) => setMenu({ kind: 'status', anchor: e.currentTarget })}
            aria-haspopup="menu"
            data-testid="bulk-status"
          >
            {t('bulk.status')}
          </Button>
        )}
        {mayAccess(role, 'orders.waybill') && (
          <Button variant="contained" size="small" startIcon={<LocalShippingIcon />} disabled={busy} onClick={() => setTtnOpen(true)} data-testid="bulk-ttn">
            {t('bulk.ttn')}
          </Button>
        )}
        {mayAccess(role, 'printing') && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<PrintIcon />}
            disabled={busy}
            onClick={(e) => setMenu({ kind: 'print', anchor: e.currentTarget })}
            aria-haspopup="menu"
            data-testid="bulk-print"
          >
            {t('bulk.print')}
          </Button>
        )}
        <Button size="small" startIcon={<CloseIcon />} disabled={busy} onClick={onClear} data-testid="bulk-clear">
          {t('select.clear')}
        </Button>
        {busy && (
          <Typography variant="caption" color="text.secondary" role="status" sx={{ width: '100%' }}>
            {t('bulk.sending')}
          </Typography>
        )}
        {error && !confirm && !ttnOpen && (
          <Alert severity="error" sx={{ width: '100%' }} onClose={() => setError(null)} data-testid="bulk-error">
            {error}
          </Alert>
        )}
      </Paper>
      <Menu anchorEl={menu?.anchor} open={menu?.kind === 'status'} onClose={() => setMenu(null)} slotProps={{ list: { 'aria-label': t('bulk.statusMenu') } }}>
        {moves.map((s) => (
          <MenuItem key={s} onClick={() => pickMove(s)} disabled={busy} data-testid="bulk-status-option" data-status={s}>
            {labelOf(statusList, s)}
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={menu?.anchor} open={menu?.kind === 'print'} onClose={() => setMenu(null)} slotProps={{ list: { 'aria-label': t('bulk.printMenu') } }}>
        {ORDER_PRINT_KINDS.map((k) => (
          <MenuItem key={k} onClick={() => print(k)} disabled={busy} data-testid="bulk-print-option" data-kind={k}>
            {t(`printing.kinds.${k}`)}
          </MenuItem>
        ))}
      </Menu>
      {confirm && (
        <ConfirmDialog
          open
          title={t('bulk.confirmTitle', { count, status: labelOf(statusList, confirm) })}
          items={[t('bulk.confirmText')]}
          confirmLabel={t('bulk.confirmSubmit')}
          busy={busy}
          error={error}
          onBack={() => {
            setConfirm(null);
            setError(null);
          }}
          onConfirm={() => move(confirm)}
        />
      )}
      {ttnOpen && (
        <BulkTtnDialog
          count={count}
          busy={busy}
          error={error}
          onClose={() => {
            setTtnOpen(false);
            setError(null);
          }}
          onSubmit={(v) => run({ action: 'ttn', ...v, ...target }, 'ttn')}
        />
      )}
      {outcome && <ResultsDialog outcome={outcome} numberOf={numberOf} onSelectFailed={onSelectFailed} onClose={() => setOutcome(null)} />}
    </>
  );
}
