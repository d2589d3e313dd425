import type { TFunction } from 'i18next';
import type { OrderSummaryDto } from '@drop/shared';
import { labelOf, type OrderLists } from './lists.ts';

/** Where the order goes: the city and branch, or the street, house and flat, or the reseller's own waybill. */
export function orderAddress(
  o: Pick<OrderSummaryDto, 'delivery_type' | 'delivery_method' | 'self_ttn' | 'self_ttn_type' | 'delivery'>,
  lists: Partial<OrderLists> | undefined,
  t: TFunction,
): string {
  const d = o.delivery;
  if (o.delivery_type === 'SelfTTN') return [labelOf(lists?.self_ttn_type_list, o.self_ttn_type), o.self_ttn].filter(Boolean).join(' ').trim();
  if (o.delivery_method === 'Branch') return [d.city_name, d.branch_name].filter(Boolean).join(', ');
  return [d.city_name, d.street_name, d.house, d.appt ? `${t('orders.fields.appt')} ${d.appt}` : null].filter(Boolean).join(', ');
}

export const clientName = (o: Pick<OrderSummaryDto, 'client'>) => [o.client.last_name, o.client.first_name].filter(Boolean).join(' ');
