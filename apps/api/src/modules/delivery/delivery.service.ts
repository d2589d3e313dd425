import { DELIVERY_LIMITS, type DeliveryCityDto, type DeliveryStreetDto, type DeliveryWarehouseDto } from '@drop/shared';
import type { Ctx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { CarrierError } from '../../integrations/novaposhta/client.ts';

/** A carrier that does not answer is a 503 with a clear message; the web lets the user retry. */
async function carrier<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CarrierError) throw new AppError(503, 'CarrierUnavailable', 'carrier_unavailable');
    throw err;
  }
}

export async function searchCities(ctx: Ctx, search: string): Promise<DeliveryCityDto[]> {
  const found = await carrier(() => ctx.deps.novaPoshta.searchSettlements(search, DELIVERY_LIMITS.cities));
  return found.map((c) => ({
    ref: c.DeliveryCity,
    settlement_ref: c.Ref,
    name: c.MainDescription,
    present: c.Present,
    area: c.Area,
    warehouses: Number(c.Warehouses) || 0,
  }));
}

export async function searchWarehouses(ctx: Ctx, cityRef: string, search: string): Promise<DeliveryWarehouseDto[]> {
  const found = await carrier(() => ctx.deps.novaPoshta.getWarehouses(cityRef, search, DELIVERY_LIMITS.warehouses));
  return found.map((w) => ({ ref: w.Ref, name: w.Description, number: String(w.Number), short_address: w.ShortAddress, category: w.CategoryOfWarehouse }));
}

export async function searchStreets(ctx: Ctx, cityRef: string, search: string): Promise<DeliveryStreetDto[]> {
  const found = await carrier(() => ctx.deps.novaPoshta.getStreet(cityRef, search, DELIVERY_LIMITS.streets));
  return found.map((s) => ({ ref: s.Ref, name: s.Description, type: s.StreetsType }));
}
