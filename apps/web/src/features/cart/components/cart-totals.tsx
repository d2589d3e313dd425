/** The cart's totals (SPEC section 2; DESIGN.md section 7). Test ids: cart-totals, cart-total-count, cart-total-drop, cart-total-retail, cart-total-profit. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CartDto } from '@drop/shared';

export function CartTotals({ cart }: { cart: CartDto }) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 600, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Card component="section" aria-labelledby="cart-totals-title" data-testid="cart-totals">
      <CardContent>
        <Typography id="cart-totals-title" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('cart.totals.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          {row(t('cart.totals.count'), String(cart.count), 'cart-total-count')}
          {row(t('cart.totals.dropSum'), `${formatMoney(cart.drop_sum)} ${currency}`, 'cart-total-drop')}
          {row(t('cart.totals.retailSum'), `${formatMoney(cart.retail_sum)} ${currency}`, 'cart-total-retail', true)}
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t('cart.totals.profit')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem', whiteSpace: 'nowrap', color: cart.profit < 0 ? 'error.main' : 'success.main' }} data-testid="cart-total-profit">
              {formatMoney(cart.profit)} {currency}
            </Typography>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
