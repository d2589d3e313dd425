/** The cart's totals (SPEC section 2; DESIGN.md section 7). Test ids: cart-totals, cart-total-count, cart-total-drop, cart-total-retail, cart-total-profit. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CartDto } from '@drop/shared';
import { TotalsList } from '../../../components/ui/totals-list.tsx';

export function CartTotals({ cart }: { cart: CartDto }) {
  const { t } = useTranslation();
  const currency = t('common.currency');
  return (
    <Card component="section" aria-labelledby="cart-totals-title" data-testid="cart-totals">
      <CardContent>
        <Typography id="cart-totals-title" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('cart.totals.title')}
        </Typography>
        <TotalsList
          rows={[
            { label: t('cart.totals.count'), value: String(cart.count), testId: 'cart-total-count' },
            { label: t('cart.totals.dropSum'), value: `${formatMoney(cart.drop_sum)} ${currency}`, testId: 'cart-total-drop' },
            { label: t('cart.totals.retailSum'), value: `${formatMoney(cart.retail_sum)} ${currency}`, testId: 'cart-total-retail', strong: true },
          ]}
          profit={{ label: t('cart.totals.profit'), value: cart.profit, currency, testId: 'cart-total-profit' }}
        />
      </CardContent>
    </Card>
  );
}
