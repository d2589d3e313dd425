import { z } from 'zod';

/** Nova Poshta addresses through our API (SPEC section 7: limits 10 cities, 30 branches, 10 streets). */
export const DELIVERY_LIMITS = { cities: 10, warehouses: 30, streets: 10 } as const;

/** A settlement as people and marketplaces write it ("м. Київ", "смт. Ставище (Київська обл.)") → its name as NP lists it. */
export function plainCityName(name: string): string {
  return name
    .replace(/\(.*?\)/g, '')
    .replace(/^\s*(м|с|смт|селище|село|місто|г|пгт)\.?\s+/i, '')
    .split(',')[0]!
    .trim();
}

export const citySearchQuery = z.object({ search: z.string('invalid_type').trim().min(1, 'required').max(100, 'too_long') });
export const cityRefQuery = z.object({
  city_ref: z.string('required').regex(/^[0-9a-f-]{36}$/i, 'invalid_value'),
  search: z.string('invalid_type').trim().max(100, 'too_long').optional(),
});

export const deliveryCityDto = z.object({
  /** The city ref NP's other methods take (DeliveryCity). */
  ref: z.string(),
  settlement_ref: z.string(),
  name: z.string(),
  /** 'м. Київ, Київська обл.' */
  present: z.string(),
  area: z.string(),
  warehouses: z.number(),
});
export const deliveryWarehouseDto = z.object({ ref: z.string(), name: z.string(), number: z.string(), short_address: z.string(), category: z.string() });
export const deliveryStreetDto = z.object({ ref: z.string(), name: z.string(), type: z.string() });
export type DeliveryCityDto = z.infer<typeof deliveryCityDto>;
export type DeliveryWarehouseDto = z.infer<typeof deliveryWarehouseDto>;
export type DeliveryStreetDto = z.infer<typeof deliveryStreetDto>;
