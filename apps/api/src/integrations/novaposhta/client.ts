import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import { kyivParts } from '@drop/shared';
import { fetchMarkings } from './print.ts';

/** The NP JSON API 2.0 envelope. */
interface NpResponse<T> {
  success: boolean;
  data: T[];
  errors?: string[] | Record<string, string>;
  /** NP's codes of `errors`, in the same order (e.g. "20000200068"). */
  errorCodes?: (string | number)[];
  info?: unknown;
}

/**
 * Nova Poshta could not be asked: the network, a timeout, an HTTP 5xx or an answer that is not
 * NP's envelope. Another try may work (the operator sees 503 CarrierUnavailable).
 */
export class CarrierError extends Error {}

/** One reason NP gave: its code when it sent one, and its own text. */
export interface NpRefusal {
  code: string | null;
  text: string;
}

/**
 * Nova Poshta answered and refused (`success: false`, HTTP 200): a validation error no retry
 * fixes (the operator sees 422 CarrierRefused with NP's reasons). A CarrierError, so places that
 * only care that the carrier gave nothing (address searches, tracking) keep treating it as one.
 */
export class CarrierRefused extends CarrierError {
  constructor(
    readonly method: string,
    readonly refusals: NpRefusal[],
  ) {
    super(`Nova Poshta ${method} refused: ${refusals.map((r) => (r.code ? `[${r.code}] ${r.text}` : r.text)).join('; ')}`);
  }
}

/**
 * The sender's account cannot make a waybill as it is: no sender counterparty, no contact person
 * or no address for this key (`missing`), or several addresses and none picked in the back office
 * (`address_choice`).
 */
export class NpSenderIncomplete extends Error {
  constructor(readonly missing: 'counterparty' | 'contact' | 'address' | 'address_choice') {
    super(`Nova Poshta sender: ${missing}`);
  }
}

export interface NovaPoshtaOptions {
  /** Read per call: the emulator's address is known only once the server listens. */
  url: () => string;
  apiKey?: string;
  timeoutMs?: number;
  log: FastifyBaseLogger;
  /** The print service's base (my.novaposhta.ua, or the emulator's); read per call like `url`. */
  printUrl?: () => string;
}

/** The sender as NP knows it for the API key (Counterparty.getCounterparties, getCounterpartyContactPersons, getCounterpartyAddresses). */
export interface NpSenderAddress {
  ref: string;
  description: string;
  cityRef: string;
  cityDescription: string;
}
export interface NpSenderProfile {
  counterparty: { ref: string; description: string; cityRef: string; type: string };
  contact: { ref: string; description: string; phone: string };
  addresses: NpSenderAddress[];
}
/** The sender fields of one InternetDocument.save. */
export interface NpSender {
  counterpartyRef: string;
  contactRef: string;
  phone: string;
  cityRef: string;
  addressRef: string;
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
  /** The recipient's full name, "Last First Middle"; used when the parts below are not given. */
  recipientName: string;
  /** The recipient's name as the order stores it (Counterparty.save of a private person). */
  recipient?: { lastName: string; firstName: string; middleName?: string | null };
  /** Resolved sender fields; when absent, resolved here from the key (`senderAddressRef`: the supplier's pick). */
  sender?: NpSender;
  senderAddressRef?: string | null;
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
  /** When paid storage begins for a parcel waiting at the branch (`DatePayedKeeping`); absent when NP names none. */
  storageAt?: Date;
}

/**
 * NP's `DatePayedKeeping` ("2026-10-08 00:00:00", Kyiv time; "" or "0001-01-01 00:00:00" when there is
 * none; dd.mm.yyyy also taken) as an instant; null when it names no date.
 */
export function npKyivDateTime(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim()) ?? null;
  const d = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
  const f = m ? [m[1], m[2], m[3], m[4], m[5], m[6]] : d ? [d[3], d[2], d[1], d[4], d[5], d[6]] : null;
  if (!f || Number(f[0]) < 2000) return null;
  const local = Date.UTC(Number(f[0]), Number(f[1]) - 1, Number(f[2]), Number(f[3] ?? 0), Number(f[4] ?? 0), Number(f[5] ?? 0));
  if (!Number.isFinite(local)) return null;
  // Kyiv's offset at that moment (twice: the first guess may sit across a DST change).
  const offsetAt = (utc: number) => {
    const p = kyivParts(new Date(utc));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - utc;
  };
  return new Date(local - offsetAt(local - offsetAt(local)));
}

/** `storageAt` only when NP names the date (absent otherwise). */
function storageOf(v: unknown): Pick<NpTracking, 'storageAt'> {
  const at = npKyivDateTime(v);
  return at ? { storageAt: at } : {};
}

/** TrackingDocument.getStatusDocuments takes at most this many numbers per call. */
export const NP_TRACKING_BATCH = 100;

/** Reference data changes rarely: one hour in memory, concurrent asks share one call. */
const CACHE_TTL_MS = 60 * 60 * 1000;

/**
 * NP's codes of an outage, not of a refusal (np-errors.ts): "unknown error, try again later",
 * "Service Unavailable", and its rate limit "To many requests" (20000401501, NP's spelling; a
 * pause and another try work: weblabllc/delivery-core scripts/record-fixtures.mjs retries it).
 */
const NP_OUTAGE_CODES = ['20000100008', '20000100016', '20001400980', '20000401501'];

/** An NP message code: 11 digits (20000200068). */
const NP_CODE = /^\d{11}$/;

/**
 * NP's `errors` beside its `errorCodes`. `errors` is a list, or an object: keyed by a code, or by
 * anything else (NP answers an already deleted waybill with `{"0": "No document changed
 * DeletionMark", "<ref>": "Document already deleted 2045..."}` and `errorCodes: ["20000201173"]`,
 * recorded live in weblabllc/delivery-core test/fixtures/novaposhta/internet-document-delete-already-deleted.json).
 * A key that is not a code takes the code at its position, if any.
 */
function refusalsOf(body: NpResponse<unknown>): NpRefusal[] {
  const codes = (Array.isArray(body.errorCodes) ? body.errorCodes : []).map(String);
  const list = Array.isArray(body.errors)
    ? body.errors.map((text, i) => ({ code: codes[i] ?? null, text: String(text) }))
    : body.errors && typeof body.errors === 'object'
      ? Object.entries(body.errors).map(([key, text], i) => ({ code: NP_CODE.test(key) ? key : (codes[i] ?? null), text: String(text) }))
      : [];
  return list.length ? list : codes.map((code) => ({ code, text: '' }));
}

/**
 * The first of a contact's `Phones` as 380XXXXXXXXX: NP answers a string ("380501112233",
 * weblabllc/delivery-core test/fixtures/novaposhta/contact-persons.json), possibly several
 * separated by commas; a list or a number is read too.
 */
function firstPhone(phones: unknown): string {
  const first = Array.isArray(phones) ? phones[0] : phones;
  const digits = (typeof first === 'string' || typeof first === 'number' ? String(first) : '').split(/[,;]/)[0]!.replace(/\D/g, '');
  return /^0\d{9}$/.test(digits) ? `38${digits}` : digits;
}

/**
 * NP's limits on a private person's name, measured live (weblabllc/delivery-core docs/novaposhta.md,
 * Counterparty.save, 2026-10-04): first and middle name up to 25 characters, "Last First Middle"
 * up to 50 ("FirstName too long", "MiddleName too long", "String too long"). The middle name is
 * dropped when it does not fit; the last and first names are never cut (NP's refusal says why).
 */
export const NP_NAME_PART_MAX = 25;
export const NP_FULL_NAME_MAX = 50;
export function fitRecipientName(n: { lastName: string; firstName: string; middleName?: string | null }) {
  const clean = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ');
  const lastName = clean(n.lastName);
  const firstName = clean(n.firstName);
  let middleName = clean(n.middleName);
  if (middleName.length > NP_NAME_PART_MAX || [lastName, firstName, middleName].filter(Boolean).join(' ').length > NP_FULL_NAME_MAX) middleName = '';
  return { lastName, firstName, middleName };
}

/**
 * A ref NP gave, or '' for none: NP writes "no city" as the zero GUID (a sender counterparty answered
 * `"City": "00000000-0000-0000-0000-0000..."`, lis-dev/nova-poshta-api-2 issue #32), or null.
 */
function realRef(v: unknown): string {
  return typeof v === 'string' && v.trim() !== '' && !/^[0-]+$/.test(v.trim()) ? v.trim() : '';
}

/** "Last First Middle" as the order's recipient name is written. */
export function splitName(full: string): { lastName: string; firstName: string; middleName: string } {
  const [lastName = '', firstName = '', ...rest] = full.trim().split(/\s+/);
  return { lastName, firstName, middleName: rest.join(' ') };
}

export function novaPoshtaClient(opts: NovaPoshtaOptions) {
  const cache = new LRUCache<string, NonNullable<unknown>, () => Promise<NonNullable<unknown>>>({
    max: 5000,
    ttl: CACHE_TTL_MS,
    fetchMethod: async (_k, _s, { context }) => context(),
  });

  async function call<T>(modelName: string, calledMethod: string, methodProperties: Record<string, unknown>): Promise<T[]> {
    const method = `${modelName}.${calledMethod}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(opts.url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: opts.apiKey ?? '', modelName, calledMethod, methodProperties }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
      text = await res.text();
    } catch (err) {
      opts.log.warn({ err, method }, 'nova poshta unreachable');
      throw new CarrierError(`Nova Poshta ${method}: ${(err as Error).message}`);
    }
    let body: NpResponse<T> | null;
    try {
      body = JSON.parse(text) as NpResponse<T>;
    } catch {
      body = null;
    }
    // Only the network, a timeout, an HTTP 5xx or a body that is not NP's envelope is "unavailable".
    if (res.status >= 500 || !body || typeof body !== 'object' || typeof body.success !== 'boolean') {
      opts.log.warn({ status: res.status, method }, 'nova poshta unavailable');
      throw new CarrierError(`Nova Poshta ${method}: HTTP ${res.status}`);
    }
    if (body.success !== true) {
      const refusals = refusalsOf(body);
      // NP's own "service unavailable, try later" answers come as refusals too: those are outages.
      if (refusals.some((r) => r.code && NP_OUTAGE_CODES.includes(r.code))) {
        opts.log.warn({ refusals, method }, 'nova poshta unavailable');
        throw new CarrierError(`Nova Poshta ${method}: ${refusals.map((r) => r.text).join('; ')}`);
      }
      opts.log.warn({ status: res.status, refusals, method }, 'nova poshta refused');
      throw new CarrierRefused(method, refusals);
    }
    if (!res.ok) throw new CarrierError(`Nova Poshta ${method}: HTTP ${res.status}`);
    const data = Array.isArray(body.data) ? body.data : [];
    // A write NP answered `success: true` with nothing made and its reasons in `errors` is a refusal
    // (weblabllc/delivery-core treats such a write answer as an API error); a read keeps its (empty) data.
    if (data.length === 0 && /^(save|update|delete)$/.test(calledMethod)) {
      const refusals = refusalsOf(body);
      if (refusals.length) {
        opts.log.warn({ status: res.status, refusals, method }, 'nova poshta refused');
        throw new CarrierRefused(method, refusals);
      }
    }
    return data;
  }

  const today = () => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' })
        .formatToParts(new Date())
        .map((x) => [x.type, x.value]),
    );
    return `${p.day}.${p.month}.${p.year}`;
  };
  const num = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : NaN;
    return Number.isFinite(n) ? n : null;
  };

  const cached = <T>(key: string, fn: () => Promise<T[]>) => cache.fetch(key, { context: fn as () => Promise<NonNullable<unknown>> }) as Promise<T[]>;

  // The sender for the key: asked once an hour (or when the back office refreshes), concurrent asks share one call.
  let senderEntry: { at: number; profile: Promise<NpSenderProfile> } | null = null;
  async function loadSender(): Promise<NpSenderProfile> {
    const [cp] = await call<{ Ref?: string; Description?: string; City?: string; CounterpartyType?: string }>('Counterparty', 'getCounterparties', {
      CounterpartyProperty: 'Sender',
      Page: '1',
    });
    if (!cp?.Ref) throw new NpSenderIncomplete('counterparty');
    const contacts = await call<{ Ref?: string; Description?: string; Phones?: unknown }>('Counterparty', 'getCounterpartyContactPersons', {
      Ref: cp.Ref,
      Page: '1',
    });
    const contact = contacts.find((c) => c?.Ref);
    if (!contact?.Ref) throw new NpSenderIncomplete('contact');
    const addresses = await call<{ Ref?: string; Description?: string; CityRef?: string; CityDescription?: string }>(
      'Counterparty',
      'getCounterpartyAddresses',
      { Ref: cp.Ref, CounterpartyProperty: 'Sender' },
    );
    // An address listed without its city (no published live answer shows whether NP always gives
    // CityRef here): the branch's own city, asked by its Ref (AddressGeneral.getWarehouses takes `Ref`).
    for (const a of addresses) {
      if (!a?.Ref || realRef(a.CityRef)) continue;
      const [w] = await call<{ CityRef?: string; CityDescription?: string }>('AddressGeneral', 'getWarehouses', { Ref: a.Ref, Page: '1', Limit: '1' }).catch(
        () => [],
      );
      if (realRef(w?.CityRef)) Object.assign(a, { CityRef: w!.CityRef, CityDescription: a.CityDescription || w!.CityDescription });
    }
    return {
      counterparty: { ref: cp.Ref, description: cp.Description ?? '', cityRef: realRef(cp.City), type: cp.CounterpartyType ?? '' },
      contact: { ref: contact.Ref, description: contact.Description ?? '', phone: firstPhone(contact.Phones) },
      addresses: addresses
        .filter((a) => a?.Ref)
        .map((a) => ({ ref: a.Ref!, description: a.Description ?? '', cityRef: realRef(a.CityRef), cityDescription: a.CityDescription ?? '' })),
    };
  }
  /** The sender counterparty, its contact and its addresses; `refresh` asks NP again. A failure is not kept. */
  function senderProfile(refresh = false): Promise<NpSenderProfile> {
    if (refresh || !senderEntry || Date.now() - senderEntry.at > CACHE_TTL_MS) {
      const profile = loadSender();
      const entry = { at: Date.now(), profile };
      senderEntry = entry;
      profile.catch(() => {
        if (senderEntry === entry) senderEntry = null;
      });
    }
    return senderEntry!.profile;
  }
  /**
   * The sender fields of a waybill: the supplier's picked address (`addressRef`) when it is one of
   * the sender's, else the only one; several and none picked -> NpSenderIncomplete('address_choice').
   */
  async function resolveSender(addressRef: string | null): Promise<NpSender> {
    const p = await senderProfile();
    if (p.addresses.length === 0) throw new NpSenderIncomplete('address');
    const address = p.addresses.find((a) => a.ref === addressRef) ?? (p.addresses.length === 1 ? p.addresses[0] : undefined);
    if (!address) throw new NpSenderIncomplete('address_choice');
    return {
      counterpartyRef: p.counterparty.ref,
      contactRef: p.contact.ref,
      phone: p.contact.phone,
      cityRef: address.cityRef || p.counterparty.cityRef,
      addressRef: address.ref,
    };
  }

  // Every scalar goes as a string, as NP documents them ("string[36]"; its own examples send "Limit": "50", "Page": "1").
  return {
    async searchSettlements(cityName: string, limit: number): Promise<NpSettlement[]> {
      const data = await cached(`s:${limit}:${cityName.toLowerCase()}`, () =>
        call<{ Addresses: NpSettlement[] }>('Address', 'searchSettlements', { CityName: cityName, Limit: String(limit), Page: '1' }),
      );
      return data[0]?.Addresses ?? [];
    },
    getWarehouses: (cityRef: string, search: string, limit: number) =>
      cached<NpWarehouse>(`w:${limit}:${cityRef}:${search.toLowerCase()}`, () =>
        call<NpWarehouse>('AddressGeneral', 'getWarehouses', { CityRef: cityRef, FindByString: search, Limit: String(limit), Page: '1' }),
      ),
    /** One branch by its Ref (NP's documented filter of getWarehouses), with its city; null when NP knows none. */
    warehouseByRef: (ref: string) =>
      cached<NpWarehouse & { CityRef: string; CityDescription: string }>(`wr:${ref}`, () =>
        call<NpWarehouse & { CityRef: string; CityDescription: string }>('AddressGeneral', 'getWarehouses', { Ref: ref, Limit: '1', Page: '1' }),
      ).then((r) => r[0] ?? null),
    getStreet: (cityRef: string, search: string, limit: number) =>
      cached<NpStreet>(`st:${limit}:${cityRef}:${search.toLowerCase()}`, () =>
        call<NpStreet>('Address', 'getStreet', { CityRef: cityRef, FindByString: search, Limit: String(limit), Page: '1' }),
      ),

    senderProfile,
    resolveSender,

    /**
     * A waybill for one parcel, as NP's API 2.0 takes it: the recipient saved as a private person
     * (Counterparty.save -> its counterparty and contact person), a courier address saved for it
     * (Address.save with the street ref, house and flat), then InternetDocument.save with the
     * sender's counterparty, contact, phone, city and address. A courier address NP refused to
     * use is deleted again (Address.delete); the recipient stays (NP keeps one counterparty for
     * all private persons and one contact per person).
     */
    async createWaybill(input: NpWaybillInput): Promise<NpWaybill> {
      const sender = input.sender ?? (await resolveSender(input.senderAddressRef ?? null));
      const name = fitRecipientName(input.recipient ?? splitName(input.recipientName));
      // 380XXXXXXXXX, the form NP's documentation writes every phone in (Counterparty.save "380997979789").
      const recipientPhone = firstPhone(input.recipientPhone);
      const [saved] = await call<{ Ref?: string; ContactPerson?: { data?: { Ref?: string }[] } }>('Counterparty', 'save', {
        FirstName: name.firstName,
        MiddleName: name.middleName,
        LastName: name.lastName,
        Phone: recipientPhone,
        Email: '',
        CounterpartyType: 'PrivatePerson',
        CounterpartyProperty: 'Recipient',
        CityRef: input.cityRecipientRef,
      });
      const recipientRef = saved?.Ref;
      let contactRef = saved?.ContactPerson?.data?.[0]?.Ref;
      if (recipientRef && !contactRef) {
        // No contact nested in the answer: the person's contact is found among the counterparty's
        // (Counterparty.getCounterpartyContactPersons), by name and phone.
        const want = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
        const contacts = await call<{ Ref?: string; LastName?: string; FirstName?: string; MiddleName?: string; Phones?: unknown }>(
          'Counterparty',
          'getCounterpartyContactPersons',
          { Ref: recipientRef, Page: '1' },
        );
        const same = contacts.filter((c) => c?.Ref && want(c.LastName) === want(name.lastName) && want(c.FirstName) === want(name.firstName));
        contactRef = (same.find((c) => firstPhone(c.Phones) === recipientPhone) ?? (same.length === 1 ? same[0] : undefined))?.Ref;
      }
      if (!recipientRef || !contactRef) throw new CarrierError('Nova Poshta Counterparty.save: no counterparty or contact person in the answer');

      let recipientAddress = input.recipientAddressRef ?? '';
      let savedAddress: string | null = null;
      if (input.serviceType === 'WarehouseDoors') {
        const [address] = await call<{ Ref?: string }>('Address', 'save', {
          CounterpartyRef: recipientRef,
          StreetRef: input.streetRef ?? '',
          BuildingNumber: input.house ?? '',
          Flat: input.flat ?? '',
          Note: '',
        });
        if (!address?.Ref) throw new CarrierError('Nova Poshta Address.save: no address in the answer');
        recipientAddress = savedAddress = address.Ref;
      }

      const props: Record<string, unknown> = {
        PayerType: input.payerType,
        PaymentMethod: 'Cash',
        DateTime: today(),
        CargoType: 'Parcel',
        Weight: String(input.weight),
        ServiceType: input.serviceType,
        SeatsAmount: String(input.seats),
        Description: input.description,
        // NP takes the declared value in whole hryvnias ("Cost* ... ціле число", developers.novaposhta.ua,
        // InternetDocument.save); rounded up so the parcel is never declared below the order's value.
        Cost: String(Math.max(1, Math.ceil(input.declaredValue - 1e-9))),
        CitySender: sender.cityRef,
        Sender: sender.counterpartyRef,
        SenderAddress: sender.addressRef,
        ContactSender: sender.contactRef,
        SendersPhone: sender.phone,
        CityRecipient: input.cityRecipientRef,
        Recipient: recipientRef,
        RecipientAddress: recipientAddress,
        ContactRecipient: contactRef,
        RecipientsPhone: recipientPhone,
      };
      // Cash on delivery: the recipient pays its return, except to a door, where NP refuses that
      // (20000201592 "BackwardDelivery PayerType for WarehouseDoors cannot be Recipient", NP's
      // CommonGeneral.getMessageCodeText table): there the sender pays it.
      if (input.codAmount > 0) {
        const payer = input.serviceType === 'WarehouseDoors' ? 'Sender' : 'Recipient';
        props.BackwardDeliveryData = [{ PayerType: payer, CargoType: 'Money', RedeliveryString: String(input.codAmount) }];
      }
      let doc: { Ref?: string; IntDocNumber?: string; CostOnSite?: number | string; EstimatedDeliveryDate?: string } | undefined;
      try {
        [doc] = await call<NonNullable<typeof doc>>('InternetDocument', 'save', props);
      } catch (err) {
        // A refusal may come from a sender changed in NP's cabinet since it was asked: ask again next time.
        if (err instanceof CarrierRefused && !input.sender) senderEntry = null;
        // Refused: NP made no waybill, so the address saved for it is spare. Unknown (a timeout): it may be in use.
        if (err instanceof CarrierRefused && savedAddress) {
          await call('Address', 'delete', { Ref: savedAddress }).catch((e: unknown) =>
            opts.log.warn({ err: e }, 'could not delete an unused recipient address'),
          );
        }
        throw err;
      }
      if (!doc?.Ref || !doc.IntDocNumber) throw new CarrierError('Nova Poshta InternetDocument.save: no document in the answer');
      return { ref: doc.Ref, number: String(doc.IntDocNumber), cost: num(doc.CostOnSite) ?? 0, estimatedDeliveryDate: doc.EstimatedDeliveryDate ?? '' };
    },

    /** The 100×100 mm markings of these documents as one PDF from NP's print service (print.ts). */
    async printMarkings(numbers: string[]): Promise<Uint8Array> {
      if (!opts.printUrl) throw new CarrierError('Nova Poshta print service: no address configured');
      return fetchMarkings({ base: opts.printUrl(), apiKey: opts.apiKey ?? '', log: opts.log }, numbers);
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
        const items = await call<{
          Number?: string;
          StatusCode?: string | number;
          Status?: string;
          DocumentCost?: string | number;
          LastCreatedOnTheBasisNumber?: string;
          LastCreatedOnTheBasisDocumentType?: string;
          DatePayedKeeping?: string;
        }>('TrackingDocument', 'getStatusDocuments', { Documents: batch.map((n) => ({ DocumentNumber: n, Phone: '' })) });
        for (const it of items) {
          if (!it?.Number) continue;
          const back = it.LastCreatedOnTheBasisDocumentType === 'Return' && it.LastCreatedOnTheBasisNumber ? String(it.LastCreatedOnTheBasisNumber) : null;
          found.set(String(it.Number), {
            number: String(it.Number),
            statusCode: num(it.StatusCode) ?? 3,
            status: it.Status ?? '',
            documentCost: num(it.DocumentCost),
            returnNumber: back,
            ...storageOf(it.DatePayedKeeping),
          });
        }
      }
      // A number missing from the answer is reported as not found (code 3).
      return numbers.map((n) => found.get(n) ?? { number: n, statusCode: 3, status: 'Номер не знайдено', documentCost: null, returnNumber: null });
    },
  };
}

export type NovaPoshta = ReturnType<typeof novaPoshtaClient>;
