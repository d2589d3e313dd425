import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@drop/shared';

/** One line of an order as both the reseller's and the back office's order answers carry it. */
export interface OrderLine {
  id: number;
  name: string;
  b2b_code_id: string | number;
  vendor_code: string | null;
  qty: number;
  drop_price: number;
  retail_price: number;
  profit: number;
}

/**
 * An order's lines: a table on desktop, cards on a phone (below md). The reseller's and the back
 * office's order pages show the same columns; `linkOf` makes a name a link (the back office's
 * product card), `testId` names each line (`order-line`, `admin-order-line`).
 */
export function OrderLines<L extends OrderLine>({ lines, testId, linkOf }: { lines: L[]; testId: string; linkOf?: (line: L) => string | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const money = (v: number) => `${formatMoney(v)} ${t('common.currency')}`;
  const profitSx = (v: number) => ({ fontWeight: 700, color: v < 0 ? 'error.main' : 'success.main' });
  const name = (p: L) => {
    const to = linkOf?.(p);
    return to ? (
      <Link component={RouterLink} to={to} underline="hover">
        {p.name}
      </Link>
    ) : (
      p.name
    );
  };
  if (!desktop)
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('orders.page.lines')}>
        {lines.map((p) => (
          <Paper component="li" variant="outlined" key={p.id} sx={{ p: 1.5 }} data-testid={testId}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name(p)}</Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('orders.page.code')}: {p.b2b_code_id}
              {p.vendor_code && ` · ${t('orders.page.vendorCode')}: ${p.vendor_code}`}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
              <Typography variant="body2">
                {p.qty} × {money(p.retail_price)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('orders.page.dropPrice')}: {money(p.drop_price)}
              </Typography>
              <Typography variant="body2" sx={profitSx(p.profit)}>
                {money(p.profit)}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('orders.page.lines')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
            <TableCell>{t('orders.page.product')}</TableCell>
            <TableCell>{t('orders.page.vendorCode')}</TableCell>
            <TableCell align="right">{t('orders.page.qty')}</TableCell>
            <TableCell align="right">{t('orders.page.dropPrice')}</TableCell>
            <TableCell align="right">{t('orders.page.retailPrice')}</TableCell>
            <TableCell align="right">{t('orders.page.profit')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((p) => (
            <TableRow key={p.id} data-testid={testId}>
              <TableCell>
                {name(p)}
                <Typography variant="caption" color="text.secondary" component="p">
                  {t('orders.page.code')}: {p.b2b_code_id}
                </Typography>
              </TableCell>
              <TableCell>{p.vendor_code}</TableCell>
              <TableCell align="right" data-testid={`${testId}-qty`}>
                {p.qty}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(p.drop_price)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid={`${testId}-price`}>
                {money(p.retail_price)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...profitSx(p.profit) }}>
                {money(p.profit)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
