/**
 * The checkout form (SPEC section 2): recipient, delivery, address (Nova Poshta autocompletes or the
 * reseller's own waybill), payment, comment (the fields: order-details-fields.tsx). Validated with the
 * shared `orderCreateInput` (a courier street only from the carrier's list: its ref); the server's
 * 422 errors go under the fields, its 400s to a toast (big_prepayment under the sum). For Balance
 * the balance shows beside the debit (checkout-balance.tsx).
 * Test ids: checkout-form, checkout-city, checkout-branch, checkout-street, checkout-submit.
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { orderCreateInput, type OrderDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { usePlaceOrder } from '../api/place-order.ts';
import { CheckoutBalance } from './checkout-balance.tsx';
import { DEFAULT_DETAILS, DETAILS_FIELDS, OrderDetailsFields, detailsResolver, relevantValues, type OrderDetailsValues } from './order-details-fields.tsx';
import type { OrderLists } from '../../../lib/order/lists.ts';

export { relevantValues };

interface Props {
  lists: Partial<OrderLists> | undefined;
  /** The order's total (the cart's retail sum): a prepayment may not exceed it (the API checks too). */
  total?: number | undefined;
  /** Payment from the balance: the current balance (undefined while loading) beside the debit (the cart's drop sum). */
  balance?: { balance: number | undefined; debit: number; autoConfirm: boolean } | undefined;
  onPlaced: (order: OrderDto) => void;
}

export function CheckoutForm({ lists, total, balance, onPlaced }: Props) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const place = usePlaceOrder();
  const form = useForm<OrderDetailsValues>({ resolver: detailsResolver, defaultValues: DEFAULT_DETAILS });

  const onSubmit = form.handleSubmit((v) => {
    if (v.payment_method === 'Prepayment' && total !== undefined && (v.prepayment_sum ?? 0) > total) {
      form.setError('prepayment_sum', { type: 'validate', message: 'big_prepayment' });
      return;
    }
    place.mutate(orderCreateInput.parse(relevantValues(v)), {
      onSuccess: (order) => {
        toast.success(t('orders.checkout.placed', { number: order.number }));
        onPlaced(order);
      },
      onError: (e) => {
        if (applyServerErrors(e, form.setError, DETAILS_FIELDS)) return;
        if (isApiError(e) && e.code === 'big_prepayment') {
          form.setError('prepayment_sum', { type: 'server', message: e.message });
          return;
        }
        if (isApiError(e) && e.status === 400 && e.code) toast.warning(e.message);
        else toast.error(isApiError(e) ? e.message : t('errors.generic'));
      },
    });
  });

  return (
    <Card component="section" aria-labelledby="checkout-form-title">
      <CardContent>
        <Stack component="form" noValidate spacing={3} onSubmit={(e) => void onSubmit(e)} data-testid="checkout-form" aria-labelledby="checkout-form-title">
          <OrderDetailsFields
            form={form}
            lists={lists}
            prefix="checkout"
            paymentExtra={(method) =>
              method === 'Balance' && balance ? <CheckoutBalance balance={balance.balance} debit={balance.debit} autoConfirm={balance.autoConfirm} /> : null
            }
          />
          <Button type="submit" variant="contained" size="large" loading={place.isPending} sx={{ alignSelf: 'flex-start' }} data-testid="checkout-submit">
            {t('orders.checkout.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
