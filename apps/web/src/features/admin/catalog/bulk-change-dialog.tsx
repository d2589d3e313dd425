/**
 * The products list's "Масова зміна": a price or the free stock of the chosen products (or of every
 * product the list's filter matches) by a percentage, by an amount or set to a value, rounded to
 * kopecks or whole hryvnia. "Переглянути" shows what the API would do (count, before -> after,
 * skipped rows with their reasons, sums); "Застосувати" asks, then applies (idempotent) and toasts.
 * Test ids: bulk-change-dialog, bulk-field, bulk-mode, bulk-amount, bulk-rounding, bulk-preview,
 * bulk-summary, bulk-sample (rows bulk-row data-product-id), bulk-skipped (rows bulk-skipped-row),
 * bulk-apply, bulk-confirm(-confirm/-cancel), bulk-error.
 */
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  BULK_CHANGE_FIELDS,
  BULK_CHANGE_MODES,
  BULK_PREVIEW_SAMPLE,
  BULK_ROUNDINGS,
  formatMoney,
  type BulkChangeField,
  type BulkChangeInput,
  type BulkChangeMode,
  type BulkChangeResultDto,
  type BulkChangeRowDto,
  type BulkRounding,
} from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useBulkApply, useBulkPreview } from './stock-api.ts';
import { useStockT } from './stock-i18n.ts';

export type BulkTarget = { product_ids: number[] } | { filter: NonNullable<BulkChangeInput['filter']> };

/** The amount as typed (comma or dot), or null when it is not a number the field takes. */
export function parseAmount(raw: string, field: BulkChangeField, mode: BulkChangeMode): number | null {
  const s = raw.trim().replace(',', '.');
  if (!/^-?\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  if (field === 'qty' && mode !== 'percent' && !Number.isInteger(n)) return null;
  if (mode !== 'set' && n === 0) return null;
  if (mode === 'set' && n < 0) return null;
  return n;
}

function ResultRows({ rows, kind, field }: { rows: BulkChangeRowDto[]; kind: 'changed' | 'skipped'; field: BulkChangeField }) {
  const { t, tc, i18n } = useStockT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const lang = i18n.language === 'ru' ? 'ru' : 'uk';
  const show = (v: number | null) => (v === null ? '—' : field === 'qty' ? String(v) : `${formatMoney(v)} ${tc('common.currency')}`);
  const rowId = kind === 'changed' ? 'bulk-row' : 'bulk-skipped-row';
  const name = (r: BulkChangeRowDto) => (lang === 'ru' ? r.name_ru : r.name_uk);
  if (!desktop) {
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((r) => (
          <Paper component="li" variant="outlined" key={r.id} sx={{ p: 1.25 }} data-testid={rowId} data-product-id={r.id}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name(r)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {[r.b2b_code_id, r.vendor_code].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              <span data-testid="bulk-before">{show(r.before)}</span> → <strong data-testid="bulk-after">{show(r.after)}</strong>
            </Typography>
            {r.reason && (
              <Typography variant="caption" color="warning.main" component="div">
                {t(`bulk.reasons.${r.reason}`)}
              </Typography>
            )}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={kind === 'changed' ? t('bulk.changedTitle') : t('bulk.skippedTitle')}
      sx={{ maxHeight: 360 }}
    >
      <Table size="small" stickyHeader aria-label={kind === 'changed' ? t('bulk.changedTitle') : t('bulk.skippedTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('bulk.product')}</TableCell>
            <TableCell align="right">{t('bulk.before')}</TableCell>
            <TableCell align="right">{t('bulk.after')}</TableCell>
            {kind === 'skipped' && <TableCell>{t('bulk.reason')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid={rowId} data-product-id={r.id}>
              <TableCell sx={{ minWidth: 220 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {name(r)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[r.b2b_code_id, r.vendor_code].filter(Boolean).join(' · ')}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="bulk-before">
                {show(r.before)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="bulk-after">
                {show(r.after)}
              </TableCell>
              {kind === 'skipped' && <TableCell>{r.reason ? t(`bulk.reasons.${r.reason}`) : ''}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Result({ result, field }: { result: BulkChangeResultDto; field: BulkChangeField }) {
  const { t, tc } = useStockT();
  const sum = (v: number) => (field === 'qty' ? String(v) : `${formatMoney(v)} ${tc('common.currency')}`);
  const reasons = Object.entries(result.skipped_by_reason).filter(([, n]) => (n ?? 0) > 0);
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      <Alert severity={result.changed > 0 ? 'info' : 'warning'} sx={{ mb: 1.5 }} data-testid="bulk-summary" data-changed={result.changed}>
        <Typography sx={{ fontWeight: 600 }}>{t('bulk.summary', { matched: result.matched, changed: result.changed, skipped: result.skipped })}</Typography>
        {result.changed > 0 && <Typography variant="body2">{t('bulk.sums', { before: sum(result.sum_before), after: sum(result.sum_after) })}</Typography>}
        {reasons.map(([reason, n]) => (
          <Typography variant="body2" key={reason}>
            {t(`bulk.reasons.${reason}`)}: {n}
          </Typography>
        ))}
        {result.changed === 0 && <Typography variant="body2">{t('bulk.nothing')}</Typography>}
      </Alert>
      {result.sample.length > 0 && (
        <Box data-testid="bulk-sample" sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('bulk.changedTitle')}
            {result.changed > result.sample.length && ` · ${t('bulk.shownFirst', { n: BULK_PREVIEW_SAMPLE })}`}
          </Typography>
          <ResultRows rows={result.sample} kind="changed" field={field} />
        </Box>
      )}
      {result.skipped_sample.length > 0 && (
        <Box data-testid="bulk-skipped">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('bulk.skippedTitle')}
            {result.skipped > result.skipped_sample.length && ` · ${t('bulk.shownFirst', { n: BULK_PREVIEW_SAMPLE })}`}
          </Typography>
          <ResultRows rows={result.skipped_sample} kind="skipped" field={field} />
        </Box>
      )}
    </Box>
  );
}

export function BulkChangeDialog({ open, target, onClose }: { open: boolean; target: BulkTarget; onClose: () => void }) {
  const { t, tc } = useStockT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const id = useId();
  const toast = useToast();
  const preview = useBulkPreview();
  const applyChange = useBulkApply();
  const [field, setField] = useState<BulkChangeField>('retail_price');
  const [mode, setMode] = useState<BulkChangeMode>('percent');
  const [amount, setAmount] = useState('');
  const [rounding, setRounding] = useState<BulkRounding>('kop');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ input: BulkChangeInput; data: BulkChangeResultDto } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const isQty = field === 'qty';
  const input = (): BulkChangeInput | null => {
    const n = parseAmount(amount, field, mode);
    if (n === null) return null;
    return { ...target, field, mode, amount: n, rounding: isQty ? 'kop' : rounding };
  };
  // Any change of the form makes the preview stale: it is shown again only for what is applied.
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setResult(null);
      setError(null);
    };
  const serverError = (e: unknown) => {
    if (isApiError(e)) {
      const fieldErrors = e.errors ?? {};
      if (fieldErrors.amount?.[0]) setAmountError(fieldErrors.amount[0]);
      setError(Object.values(fieldErrors)[0]?.[0] ?? e.message);
    } else setError(tc('errors.generic'));
  };
  const runPreview = () => {
    const body = input();
    if (!body) {
      setAmountError(t('bulk.amountInvalid'));
      return;
    }
    setAmountError(null);
    setError(null);
    preview.mutate(body, { onSuccess: (data) => setResult({ input: body, data }), onError: serverError });
  };
  const runApply = () => {
    if (!result) return;
    applyChange.mutate(result.input, {
      onSuccess: (data) => {
        setConfirming(false);
        toast.success(t('bulk.done', { count: data.changed }));
        onClose();
      },
      onError: (e) => {
        setConfirming(false);
        serverError(e);
      },
    });
  };
  const amountLabel =
    mode === 'percent'
      ? t('bulk.amountPercent')
      : isQty
        ? t(mode === 'set' ? 'bulk.amountQtySet' : 'bulk.amountQty')
        : t(mode === 'set' ? 'bulk.amountMoneySet' : 'bulk.amountMoney');
  const busy = preview.isPending || applyChange.isPending;

  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : onClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="md"
        aria-labelledby={`${id}-title`}
        data-testid="bulk-change-dialog"
      >
        <DialogTitle id={`${id}-title`}>{t('bulk.title')}</DialogTitle>
        <DialogContent dividers>
          <Typography sx={{ fontWeight: 600 }} data-testid="bulk-target">
            {'product_ids' in target ? t('bulk.targetSelected', { count: target.product_ids.length }) : t('bulk.targetFilter')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('bulk.targetNote')}
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              runPreview();
            }}
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
              alignItems: 'start',
            }}
          >
            <TextField
              select
              size="small"
              label={t('bulk.field')}
              value={field}
              onChange={(e) => edit(setField)(e.target.value as BulkChangeField)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'bulk-field' } as object } }}
            >
              {BULK_CHANGE_FIELDS.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`bulk.fields.${f}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('bulk.mode')}
              value={mode}
              onChange={(e) => edit(setMode)(e.target.value as BulkChangeMode)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'bulk-mode' } as object } }}
            >
              {BULK_CHANGE_MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`bulk.modes.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={amountLabel}
              value={amount}
              onChange={(e) => {
                edit(setAmount)(e.target.value);
                setAmountError(null);
              }}
              error={!!amountError}
              helperText={amountError ?? undefined}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'bulk-amount', maxLength: 14 } }}
            />
            <TextField
              select
              size="small"
              label={t('bulk.rounding')}
              value={isQty ? 'kop' : rounding}
              disabled={isQty}
              onChange={(e) => edit(setRounding)(e.target.value as BulkRounding)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'bulk-rounding' } as object } }}
            >
              {BULK_ROUNDINGS.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`bulk.roundings.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Box>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="bulk-error">
              {error}
            </Alert>
          )}
          {preview.isPending ? (
            <Stack spacing={1} sx={{ mt: 2 }} aria-busy="true" aria-label={tc('common.loading')}>
              <Skeleton variant="rounded" height={56} />
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={40} />
              ))}
            </Stack>
          ) : (
            result && <Result result={result.data} field={result.input.field} />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('bulk.cancel')}
          </Button>
          <Button variant="outlined" onClick={runPreview} loading={preview.isPending} disabled={applyChange.isPending} data-testid="bulk-preview">
            {t('bulk.preview')}
          </Button>
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={!result || result.data.changed === 0 || busy} data-testid="bulk-apply">
            {t('bulk.apply')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('bulk.confirmTitle')}
        text={t('bulk.confirmText', { count: result?.data.changed ?? 0 })}
        confirmLabel={t('bulk.apply')}
        cancelLabel={t('bulk.cancel')}
        busy={applyChange.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={runApply}
        testId="bulk-confirm"
      />
    </>
  );
}
