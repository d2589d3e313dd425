import type { TFunction } from 'i18next';
import { plainCityName, type OrderSummaryDto } from '@drop/shared';
import { labelOf, type OrderLists } from './lists.ts';

/** A delivery place: a city and a branch, or a street, house and flat. */
export interface Place {
  city_name: string | null;
  branch_name: string | null;
  street_name: string | null;
  house: string | null;
  appt: string | null;
}

/** Letters and digits only, lower case, words padded by single spaces (for a whole-word search). */
const words = (s: string) =>
  ` ${s
    .toLocaleLowerCase('uk')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/**
 * The place as the reseller reads it: the city, then the branch, or the street, house and flat
 * (`appt` words the flat). A branch text that already names the city (a marketplace's own,
 * "Київ, Відділення №1: …") shows it once; the match is by whole words, so "вул. Київська" in Kyiv
 * still shows the city. Missing parts are left out, not shown as empty commas.
 */
export function placeAddress(method: string | null, d: Place, appt: (flat: string) => string): string {
  const city = d.city_name?.trim() || null;
  if (method === 'Courier') {
    return [city, d.street_name?.trim(), d.house?.trim(), d.appt?.trim() ? appt(d.appt.trim()) : null].filter(Boolean).join(', ');
  }
  const branch = d.branch_name?.trim() || null;
  if (city && branch && words(branch).includes(words(plainCityName(city)))) return branch;
  return [city, branch].filter(Boolean).join(', ');
}

/** Where the order goes: the city and branch, or the street, house and flat, or the reseller's own waybill. */
export function orderAddress(
  o: Pick<OrderSummaryDto, 'delivery_type' | 'delivery_method' | 'self_ttn' | 'self_ttn_type' | 'delivery'>,
  lists: Partial<OrderLists> | undefined,
  t: TFunction,
): string {
  if (o.delivery_type === 'SelfTTN') return [labelOf(lists?.self_ttn_type_list, o.self_ttn_type), o.self_ttn].filter(Boolean).join(' ').trim();
  return placeAddress(o.delivery_method === 'Branch' ? 'Branch' : 'Courier', o.delivery, (flat) => `${t('orders.fields.appt')} ${flat}`);
}

export const clientName = (o: Pick<OrderSummaryDto, 'client'>) => [o.client.last_name, o.client.first_name].filter(Boolean).join(' ');
