import type { CartDto } from '@drop/shared';
import type { CheckoutSummary } from '../../../lib/order/lists.ts';

/** The checkout's "Ваше замовлення" totals: lines are cart lines, "Товарів, шт." is pieces (sum of qty). */
export function checkoutSummaryOf(cart: Pick<CartDto, 'items' | 'drop_sum' | 'retail_sum' | 'profit'>): CheckoutSummary {
  return {
    lines: cart.items.length,
    count: cart.items.reduce((n, line) => n + line.qty, 0),
    drop_sum: cart.drop_sum,
    retail_sum: cart.retail_sum,
    profit: cart.profit,
  };
}
