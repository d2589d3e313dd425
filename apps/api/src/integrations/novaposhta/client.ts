import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';

/** The NP JSON API 2.0 envelope. */
interface NpResponse<T> {
  success: boolean;
  data: T[];
  errors?: string[];
  info?: unknown;
}

export class CarrierError extends Error {}

export interface NovaPoshtaOptions {
  /** Read per call: the emulator's address is known only once the server listens. */
  url: () => string;
  apiKey?: string;
  timeoutMs?: number;
  log: FastifyBaseLogger;
  /** Sender fields of InternetDocument.save (Sender, CitySender, SenderAddress, ContactSender, SendersPhone), when known. */
  sender?: Record<string, string>;
}

export interface NpSettlement {
  Present: string;
  Warehouses: number;
  MainDescription: string;
  Area: string;
  Ref: string;
  DeliveryCity: string;
}
export interface NpWarehouse {
  Description: string;
  ShortAddress: string;
  Number: string;
  Ref: string;
  CategoryOfWarehouse: string;
}
export interface NpStreet {
  Description: string;
  Ref: string;
  StreetsType: string;
}

export interface NpWaybillInput {
  payerType: 'Recipient' | 'Sender';
  /** Declared value, UAH. */
  declaredValue: number;
  /** kg */
  weight: number;
  seats: number;
  description: string;
  serviceType: 'WarehouseWarehouse' | 'WarehouseDoors';
  cityRecipientRef: string;
  /** Branch ref (WarehouseWarehouse). */
  recipientAddressRef?: string | null;
  /** Street ref, house and flat (WarehouseDoors). */
  streetRef?: string | null;
  house?: string | null;
  flat?: string | null;
  recipientName: string;
  /** Digits, 380XXXXXXXXX. */
  recipientPhone: string;
  /** Cash on delivery, UAH; 0 = none. */
  codAmount: number;
}
export interface NpWaybill {
  ref: string;
  number: string;
  /** Delivery cost, UAH. */
  cost: number;
  /** dd.mm.yyyy */
  estimatedDeliveryDate: string;
}
export interface NpTracking {
  number: string;
  /** NP status code (status-codes.ts); 3 = number not found. */
  statusCode: number;
  status: string;
  /** Delivery cost, UAH. */
  documentCost: number | null;
  /** The return waybill created for this one (refusal, expired storage). */
  returnNumber: string | null;
}

/** TrackingDocument.getStatusDocuments takes at most this many numbers per call. */
export const NP_TRACKING_BATCH = 100;

/** Reference data changes rarely: one hour in memory, concurrent asks share one call. */
const CACHE_TTL_MS = 60 * 60 * 1000;

export function novaPoshtaClient(opts: NovaPoshtaOptions) {
  const cache = new LRUCache<string, NonNullable<unknown>, () => Promise<NonNullable<unknown>>>({
    max: 5000,
    ttl: CACHE_TTL_MS,
    fetchMethod: async (_k, _s, { context }) => context(),
  });

  async function call<T>(modelName: string, calledMethod: string, methodProperties: Record<string, unknown>): Promise<T[]> {
    let res: Response;
    try {
      res = await fetch(opts.url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: opts.apiKey ?? '', modelName, calledMethod, methodProperties }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
    } catch (err) {
      opts.log.warn({ err, calledMethod }, 'nova poshta unreachable');
      throw new CarrierError(`Nova Poshta ${calledMethod}: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as NpResponse<T> | null;
    if (!res.ok || !body || body.success !== true) {
      opts.log.warn({ status: res.status, errors: body?.errors, calledMethod }, 'nova poshta refused');
      throw new CarrierError(`Nova Poshta ${calledMethod}: ${res.status} ${(body?.errors ?? []).join('; ')}`);
    }
    return body.data;
  }

  const today = () => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date()).map((x) => [x.type, x.value]),
    );
    return `${p.day}.${p.month}.${p.year}`;
  };
  const num = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : NaN;
    return Number.isFinite(n) ? n : null;
  };

  const cached = <T>(key: string, fn: () => Promise<T[]>) => cache.fetch(key, { context: fn as () => Promise<NonNullable<unknown>> }) as Promise<T[]>;

  return {
    async searchSettlements(cityName: string, limit: number): Promise<NpSettlement[]> {
      const data = await cached(`s:${limit}:${cityName.toLowerCase()}`, () => call<{ Addresses: NpSettlement[] }>('Address', 'searchSettlements', { CityName: cityName, Limit: limit, Page: 1 }));
      return data[0]?.Addresses ?? [];
    },
    getWarehouses: (cityRef: string, search: string, limit: number) =>
      cached<NpWarehouse>(`w:${limit}:${cityRef}:${search.toLowerCase()}`, () => call<NpWarehouse>('AddressGeneral', 'getWarehouses', { CityRef: cityRef, FindByString: search, Limit: limit, Page: 1 })),
    getStreet: (cityRef: string, search: string, limit: number) =>
      cached<NpStreet>(`st:${limit}:${cityRef}:${search.toLowerCase()}`, () => call<NpStreet>('Address', 'getStreet', { CityRef: cityRef, FindByString: search, Limit: limit, Page: 1 })),

    /** InternetDocument.save: a waybill for one parcel. */
    async createWaybill(input: NpWaybillInput): Promise<NpWaybill> {
      const props: Record<string, unknown> = {
        ...opts.sender,
        PayerType: input.payerType,
        PaymentMethod: 'Cash',
        DateTime: today(),
        CargoType: 'Parcel',
        Weight: String(input.weight),
        SeatsAmount: String(input.seats),
        ServiceType: input.serviceType,
        Description: input.description,
        Cost: String(input.declaredValue),
        CityRecipient: input.cityRecipientRef,
        RecipientsPhone: input.recipientPhone,
        RecipientName: input.recipientName,
        RecipientContactName: input.recipientName,
      };
      if (input.recipientAddressRef) props.RecipientAddress = input.recipientAddressRef;
      if (input.streetRef) {
        props.RecipientAddressName = input.streetRef;
        props.RecipientHouse = input.house ?? '';
        props.RecipientFlat = input.flat ?? '';
      }
      if (input.codAmount > 0) props.BackwardDeliveryData = [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: String(input.codAmount) }];
      const [doc] = await call<{ Ref?: string; IntDocNumber?: string; CostOnSite?: number | string; EstimatedDeliveryDate?: string }>('InternetDocument', 'save', props);
      if (!doc?.Ref || !doc.IntDocNumber) throw new CarrierError('Nova Poshta InternetDocument.save: no document in the answer');
      return { ref: doc.Ref, number: String(doc.IntDocNumber), cost: num(doc.CostOnSite) ?? 0, estimatedDeliveryDate: doc.EstimatedDeliveryDate ?? '' };
    },

    /** InternetDocument.delete: only before the parcel leaves. */
    async deleteWaybill(ref: string): Promise<void> {
      await call('InternetDocument', 'delete', { DocumentRefs: ref });
    },

    /** TrackingDocument.getStatusDocuments in batches of 100; one result per number, in the order asked. */
    async trackDocuments(numbers: string[]): Promise<NpTracking[]> {
      const found = new Map<string, NpTracking>();
      for (let i = 0; i < numbers.length; i += NP_TRACKING_BATCH) {
        const batch = numbers.slice(i, i + NP_TRACKING_BATCH);
        const items = await call<{ Number?: string; StatusCode?: string | number; Status?: string; DocumentCost?: string | number; LastCreatedOnTheBasisNumber?: string; LastCreatedOnTheBasisDocumentType?: string }>(
          'TrackingDocument',
          'getStatusDocuments',
          { Documents: batch.map((n) => ({ DocumentNumber: n, Phone: '' })) },
        );
        for (const it of items) {
          if (!it?.Number) continue;
          const back = it.LastCreatedOnTheBasisDocumentType === 'Return' && it.LastCreatedOnTheBasisNumber ? String(it.LastCreatedOnTheBasisNumber) : null;
          found.set(String(it.Number), { number: String(it.Number), statusCode: num(it.StatusCode) ?? 3, status: it.Status ?? '', documentCost: num(it.DocumentCost), returnNumber: back });
        }
      }
      // A number missing from the answer is reported as not found (code 3).
      return numbers.map((n) => found.get(n) ?? { number: n, statusCode: 3, status: 'Номер не знайдено', documentCost: null, returnNumber: null });
    },
  };
}

export type NovaPoshta = ReturnType<typeof novaPoshtaClient>;
