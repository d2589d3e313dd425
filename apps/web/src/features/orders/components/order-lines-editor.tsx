/**
 * The editable lines of an order (the edit page): quantity and selling price per line with the cart's
 * rules (price snapped up to the line's drop price when committed, saving blocked while lower), the live
 * profit, remove (a line must remain). A table from md, cards below.
 * Test ids: order-edit-lines, order-edit-line (data-line-id), order-edit-qty, order-edit-price,
 * order-edit-profit, order-edit-remove, order-edit-line-error.
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
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
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { MAX_CART_QTY, formatMoney } from '@drop/shared';
import { sanitizePriceInput, sanitizeQtyInput, snapPrice } from '../../../lib/price-input.ts';
import { evaluateLine, type LineDraft } from '../lib/order-lines.ts';

export type LineFieldErrors = Record<number, Partial<Record<'qty' | 'retail_price' | 'product_id', string>>>;

interface Props {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** Server messages by line index. */
  serverErrors: LineFieldErrors;
  onClearServerError: (index: number, field: 'qty' | 'retail_price') => void;
}

export function OrderLinesEditor({ lines, onChange, serverErrors, onClearServerError }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const uah = (v: number) => `${formatMoney(v)} ${t('common.currency')}`;

  const patch = (index: number, change: Partial<LineDraft>) => onChange(lines.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const remove = (index: number) => onChange(lines.filter((_l, i) => i !== index));

  const rows = lines.map((line, index) => {
    const s = evaluateLine(line);
    const server = serverErrors[index] ?? {};
    const qtyError = server.qty ?? (s.qtyTooSmall ? t('cart.dialog.qtyMin') : s.qtyTooBig ? t('cart.dialog.qtyMax', { max: MAX_CART_QTY }) : undefined);
    const priceError =
      server.retail_price ??
      (s.priceMissing ? t('cart.dialog.priceRequired') : s.belowDrop ? t('orders.edit.belowDrop', { price: uah(line.dropPrice) }) : undefined);
    const qty = (
      <TextField
        id={`order-edit-qty-${line.id}`}
        size="small"
        label={t('orders.page.qty')}
        required
        value={line.qty}
        onChange={(e) => {
          patch(index, { qty: sanitizeQtyInput(e.target.value) });
          onClearServerError(index, 'qty');
        }}
        error={Boolean(qtyError)}
        helperText={qtyError}
        sx={{ width: desktop ? 88 : '100%' }}
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'order-edit-qty', 'aria-label': t('orders.edit.qtyOf', { name: line.name }) },
        }}
      />
    );
    const price = (
      <TextField
        id={`order-edit-price-${line.id}`}
        size="small"
        label={t('orders.page.retailPrice')}
        required
        value={line.price}
        onChange={(e) => {
          patch(index, { price: sanitizePriceInput(e.target.value) });
          onClearServerError(index, 'retail_price');
        }}
        onBlur={() => {
          const snapped = snapPrice(line.price, line.dropPrice);
          if (snapped !== line.price) patch(index, { price: snapped });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            const snapped = snapPrice(line.price, line.dropPrice);
            if (snapped !== line.price) patch(index, { price: snapped });
          }
        }}
        error={Boolean(priceError)}
        helperText={priceError ?? t('cart.dialog.priceHint', { price: uah(line.dropPrice) })}
        sx={{ width: desktop ? 140 : '100%' }}
        slotProps={{
          htmlInput: {
            inputMode: 'decimal',
            autoComplete: 'off',
            'data-testid': 'order-edit-price',
            'aria-label': t('orders.edit.priceOf', { name: line.name }),
          },
        }}
      />
    );
    const removeButton = (
      <Tooltip title={lines.length <= 1 ? t('orders.edit.lastLine') : t('orders.edit.removeShort')}>
        <span>
          <IconButton
            color="error"
            aria-label={t('orders.edit.remove', { name: line.name })}
            disabled={lines.length <= 1}
            onClick={() => remove(index)}
            data-testid="order-edit-remove"
          >
            <DeleteOutlineIcon />
          </IconButton>
        </span>
      </Tooltip>
    );
    const name = (
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{line.name}</Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('orders.page.code')}: {line.code}
          {line.vendorCode && ` · ${t('orders.page.vendorCode')}: ${line.vendorCode}`}
        </Typography>
        {desktop && (
          <Typography variant="caption" color="text.secondary" component="p" data-testid="order-edit-drop">
            {t('orders.page.dropPrice')}: <b>{uah(line.dropPrice)}</b>
          </Typography>
        )}
        {(s.unavailable || server.product_id) && (
          <Typography variant="caption" color="error" component="p" data-testid="order-edit-line-error">
            {server.product_id ?? t('orders.edit.unavailable')}
          </Typography>
        )}
      </Box>
    );
    const profit = (
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: (s.profit ?? 0) < 0 ? 'error.main' : 'success.main' }} data-testid="order-edit-profit">
        {s.profit === null ? '—' : uah(s.profit)}
      </Typography>
    );
    return { line, name, qty, price, removeButton, profit };
  });

  if (!desktop)
    return (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('orders.page.lines')} data-testid="order-edit-lines">
        {rows.map((r) => (
          <Paper component="li" variant="outlined" key={r.line.id} sx={{ p: 1.5 }} data-testid="order-edit-line" data-line-id={r.line.id}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>{r.name}</Box>
              {r.removeButton}
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: 1.5, mt: 1.5, alignItems: 'start' }}>
              {r.qty}
              {r.price}
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', borderTop: 1, borderColor: 'divider', pt: 0.75, mt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('orders.page.dropPrice')}: {uah(r.line.dropPrice)}
              </Typography>
              {r.profit}
            </Box>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <TableContainer data-testid="order-edit-lines">
      <Table
        size="small"
        aria-label={t('orders.page.lines')}
        sx={{ '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 0 }, '& td:last-of-type, & th:last-of-type': { pr: 0 } }}
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('orders.page.product')}</TableCell>
            <TableCell>{t('orders.page.qty')}</TableCell>
            <TableCell>{t('orders.page.retailPrice')}</TableCell>
            <TableCell align="right">{t('orders.page.profit')}</TableCell>
            <TableCell>
              <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                {t('orders.edit.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.line.id} data-testid="order-edit-line" data-line-id={r.line.id} sx={{ '& td': { verticalAlign: 'top', py: 1.5 } }}>
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.qty}</TableCell>
              <TableCell>{r.price}</TableCell>
              <TableCell align="right" sx={{ pt: '20px !important' }}>
                {r.profit}
              </TableCell>
              <TableCell sx={{ pt: '12px !important' }}>{r.removeButton}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
