import type { MarketplaceOrderDto } from '@drop/shared';

/** Letters and digits only, lower case, words padded by single spaces (for a whole-word search). */
const words = (s: string) =>
  ` ${s
    .toLocaleLowerCase('uk')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
/** A city as marketplaces write it ("м. Київ", "смт Козин", "г. Одесса") → its name. */
const plainCity = (s: string) => s.replace(/^\s*(м|місто|с|село|смт|сел|г|город|пгт)\.?\s+/iu, '');

/**
 * The address as the reseller reads it: the city, then the branch or the street, house and flat.
 * A marketplace's own branch text often names the city already ("Київ, Відділення №1: …"); then
 * it is shown once (a whole-word match: "вул. Київська" in Kyiv still shows the city). Missing
 * parts are left out, not shown as empty commas.
 */
export function deliveryAddress(dl: MarketplaceOrderDto['delivery'], appt: (appt: string) => string): string {
  const city = dl.city_name?.trim() || null;
  if (dl.method === 'Courier') {
    return [city, dl.street_name?.trim(), dl.house?.trim(), dl.appt?.trim() ? appt(dl.appt.trim()) : null].filter(Boolean).join(', ');
  }
  const branch = dl.branch_name?.trim() || null;
  if (city && branch && words(branch).includes(words(plainCity(city)))) return branch;
  return [city, branch].filter(Boolean).join(', ');
}
