/**
 * Cart lines: a table on desktop (lg and up), cards below (SPEC section 2, mobile breakpoint lg).
 * Test ids: cart-lines-table, cart-line (data-line-id, data-product-id), cart-line-name, cart-line-stock,
 * cart-line-qty, cart-line-price, cart-line-drop, cart-line-profit, cart-line-edit, cart-line-remove,
 * cart-line-warning-recommended, cart-line-warning-stock, cart-lines-skeleton.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/Edit';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney, uahToKop, type CartLineDto } from '@drop/shared';
import { CartImage } from './cart-image.tsx';

export interface CartLineHandlers {
  onEdit: (line: CartLineDto) => void;
  onRemove: (line: CartLineDto) => void;
}

const productPath = (id: number) => `/dashboard/products/${id}`;
const num = { whiteSpace: 'nowrap', textAlign: 'right' } as const;

function LineName({ line }: { line: CartLineDto }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={productPath(line.product_id)}
        underline="hover"
        color="text.primary"
        sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
        data-testid="cart-line-name"
      >
        {line.product.name}
      </Link>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        <span>
          {t('cart.code')}: <b>{line.b2b_code_id}</b>
        </span>
        {line.product.vendor_code && (
          <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-testid="cart-line-vendor-code">
            {t('cart.vendorCode')}: {line.product.vendor_code}
          </Box>
        )}
      </Typography>
      <LineWarnings line={line} />
    </Box>
  );
}

/** Prices and stock move after a line was added: say so on the line. */
function LineWarnings({ line }: { line: CartLineDto }) {
  const { t } = useTranslation();
  const belowRecommended = uahToKop(line.retail_price) < uahToKop(line.recommended_price);
  const aboveStock = line.qty > line.product.qty;
  if (!belowRecommended && !aboveStock) return null;
  const row = (text: string, testId: string) => (
    <Typography variant="caption" color="warning.dark" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25 }} data-testid={testId}>
      <WarningAmberIcon sx={{ fontSize: 16 }} aria-hidden />
      {text}
    </Typography>
  );
  return (
    <>
      {belowRecommended &&
        row(t('cart.page.belowRecommended', { price: `${formatMoney(line.recommended_price)} ${t('common.currency')}` }), 'cart-line-warning-recommended')}
      {aboveStock && row(t('cart.page.aboveStock'), 'cart-line-warning-stock')}
    </>
  );
}

function LineActions({ line, onEdit, onRemove }: CartLineHandlers & { line: CartLineDto }) {
  const { t } = useTranslation();
  const editLabel = t('cart.page.edit', { name: line.product.name });
  const removeLabel = t('cart.page.remove', { name: line.product.name });
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Tooltip title={t('cart.page.editShort')}>
        <IconButton size="small" aria-label={editLabel} onClick={() => onEdit(line)} data-testid="cart-line-edit">
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('cart.page.removeShort')}>
        <IconButton size="small" color="error" aria-label={removeLabel} onClick={() => onRemove(line)} data-testid="cart-line-remove">
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

const profitColor = (v: number) => (v < 0 ? 'error.main' : 'success.main');

export function CartLinesTable({ lines, onEdit, onRemove }: CartLineHandlers & { lines: CartLineDto[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="cart-lines-table">
      <Table size="small" aria-label={t('cart.page.linesLabel')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('cart.page.image')}</TableCell>
            <TableCell sx={{ width: '40%' }}>{t('cart.page.product')}</TableCell>
            <TableCell>{t('cart.stock')}</TableCell>
            <TableCell sx={num}>{t('cart.qty')}</TableCell>
            <TableCell sx={num}>{t('cart.retailPrice')}</TableCell>
            <TableCell sx={num}>{t('cart.dropPrice')}</TableCell>
            <TableCell sx={num}>{t('cart.profit')}</TableCell>
            <TableCell>
              <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                {t('cart.page.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id} hover data-testid="cart-line" data-line-id={line.id} data-product-id={line.product_id}>
              <TableCell sx={{ py: 0.75 }}>
                <RouterLink to={productPath(line.product_id)} tabIndex={-1} aria-hidden>
                  <CartImage path={line.product.image} size={56} />
                </RouterLink>
              </TableCell>
              <TableCell>
                <LineName line={line} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="cart-line-stock">
                {line.product.quantity}
              </TableCell>
              <TableCell sx={num} data-testid="cart-line-qty">
                {line.qty}
              </TableCell>
              <TableCell sx={{ ...num, fontWeight: 600 }} data-testid="cart-line-price">
                {formatMoney(line.retail_price)}
              </TableCell>
              <TableCell sx={num} data-testid="cart-line-drop">
                {formatMoney(line.drop_price)}
              </TableCell>
              <TableCell sx={{ ...num, fontWeight: 700, color: profitColor(line.profit) }} data-testid="cart-line-profit">
                {formatMoney(line.profit)}
              </TableCell>
              <TableCell sx={{ py: 0 }}>
                <LineActions line={line} onEdit={onEdit} onRemove={onRemove} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function CartLineCards({ lines, onEdit, onRemove }: CartLineHandlers & { lines: CartLineDto[] }) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('cart.page.linesLabel')} data-testid="cart-lines-cards">
      {lines.map((line) => (
        <Card component="li" key={line.id} sx={{ p: 1.5 }} data-testid="cart-line" data-line-id={line.id} data-product-id={line.product_id}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <RouterLink to={productPath(line.product_id)} tabIndex={-1} aria-hidden>
              <CartImage path={line.product.image} size={64} />
            </RouterLink>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <LineName line={line} />
            </Box>
            <LineActions line={line} onEdit={onEdit} onRemove={onRemove} />
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1,
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              rowGap: 0.75,
              columnGap: 2,
              '& dt': { color: 'text.secondary', fontSize: '0.75rem' },
              '& dd': { m: 0 },
            }}
          >
            <Box>
              <dt>{t('cart.qty')}</dt>
              <Typography component="dd" variant="body2" sx={{ fontWeight: 600 }} data-testid="cart-line-qty">
                {line.qty}
              </Typography>
            </Box>
            <Box>
              <dt>{t('cart.stock')}</dt>
              <Typography component="dd" variant="body2" data-testid="cart-line-stock">
                {line.product.quantity}
              </Typography>
            </Box>
            <Box>
              <dt>{t('cart.retailPrice')}</dt>
              <Typography component="dd" variant="body2" sx={{ fontWeight: 600 }} data-testid="cart-line-price">
                {formatMoney(line.retail_price)} {currency}
              </Typography>
            </Box>
            <Box>
              <dt>{t('cart.dropPrice')}</dt>
              <Typography component="dd" variant="body2" data-testid="cart-line-drop">
                {formatMoney(line.drop_price)} {currency}
              </Typography>
            </Box>
            <Box
              sx={{
                gridColumn: '1 / -1',
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'baseline',
                borderTop: 1,
                borderColor: 'divider',
                pt: 0.75,
              }}
            >
              <dt>{t('cart.profit')}</dt>
              <Typography component="dd" sx={{ fontWeight: 700, color: profitColor(line.profit) }} data-testid="cart-line-profit">
                {formatMoney(line.profit)} {currency}
              </Typography>
            </Box>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

export function CartLinesSkeleton({ desktop }: { desktop: boolean }) {
  return (
    <Box aria-hidden data-testid="cart-lines-skeleton">
      {desktop ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {[0, 1, 2].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1 }}>
              <Skeleton variant="rounded" width={56} height={56} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width="60%" />
                <Skeleton width="30%" />
              </Box>
              <Skeleton width={80} />
              <Skeleton width={80} />
              <Skeleton width={80} />
            </Box>
          ))}
        </Paper>
      ) : (
        <Stack spacing={1.5}>
          {[0, 1, 2].map((i) => (
            <Card key={i} sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', gap: 1.5 }}>
                <Skeleton variant="rounded" width={64} height={64} />
                <Box sx={{ flexGrow: 1 }}>
                  <Skeleton />
                  <Skeleton width="50%" />
                </Box>
              </Box>
              <Skeleton sx={{ mt: 1 }} />
              <Skeleton width="70%" />
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}
