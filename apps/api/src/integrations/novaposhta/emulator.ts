import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { npEmulatorDocuments } from '../../db/schema/index.ts';
import { LRUCache } from 'lru-cache';
import {
  EMULATOR_DATA,
  NP_EMULATOR_PRIVATE_RECIPIENT,
  NP_EMULATOR_SENDER,
  type EmuCity,
  type EmuStreet,
  type EmuWarehouse,
  type NpEmulatorSenderAddress,
} from './emulator-data.ts';
import { NP_ERRORS, type NpErrorCode } from './np-errors.ts';
import { NP_STATUS_TEXT, NP_RECEIVED_CODES } from './status-codes.ts';
import { kyivParts } from '@drop/shared';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { registerEmulatorPrint } from './emulator-print.ts';

/**
 * A local stand-in for the Nova Poshta JSON API 2.0 (the default NP_API_URL): the same envelope
 * (`apiKey, modelName, calledMethod, methodProperties` -> `{success, data, errors, warnings,
 * info, errorCodes, ...}`) for the address methods the portal uses, over real cities with
 * generated branches and streets; the counterparty methods a waybill needs (the key's sender,
 * its contact and addresses; private-person recipients and their courier addresses, kept in
 * memory); waybills (InternetDocument.save/delete) and tracking
 * (TrackingDocument.getStatusDocuments) over parcels kept in `np_emulator_documents`. Each parcel
 * walks a path of real NP status codes chosen at creation (a scenario), one code per
 * `stepSeconds`, or on demand through the control endpoints.
 *
 * As strict as NP: each method requires what NP requires and refuses (HTTP 200,
 * `success: false`) with NP's own error texts and codes (np-errors.ts), so no test passes with
 * a request the real service refuses. Where NP publishes no text for a case, the emulator's own
 * text is used and its `errorCodes` entry is '' (`errors` and `errorCodes` stay parallel).
 * Unknown methods answer `success: false` as NP does.
 */
export interface NpRequest {
  apiKey?: string;
  modelName?: string;
  calledMethod?: string;
  methodProperties?: Record<string, unknown>;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’'ʼ`]/g, '')
    .replace(/ё/g, 'е')
    .trim();

/** NP's envelope; `errors` is an object in some answers (an already deleted waybill: see deleteDocuments). */
export type NpEnvelope = Omit<ReturnType<typeof envelope>, 'errors' | 'warnings'> & { errors: string[] | Record<string, string>; warnings: unknown[] };

/** `info` is `[]` unless a list answers `{totalCount}`, as NP answers (the live answers in emulator.test.ts). */
function envelope(data: unknown[], info: Record<string, unknown> | unknown[] = [], errors: string[] = [], errorCodes: string[] = errors.map(() => '')) {
  return {
    success: errors.length === 0,
    data,
    errors,
    warnings: [] as string[],
    info,
    messageCodes: [] as string[],
    errorCodes,
    warningCodes: [] as string[],
    infoCodes: [] as string[],
  };
}

/** One refusal: NP's text with its code, or the emulator's own text (code ''). */
interface NpFault {
  text: string;
  code: string;
}
type NpCode = NpErrorCode;
/** NP's published error (np-errors.ts). */
const np = (code: NpCode): NpFault => ({ text: NP_ERRORS[code].en, code });
/** A refusal NP publishes no text for: the emulator's own words. */
const own = (text: string): NpFault => ({ text, code: '' });
const refuse = (faults: NpFault[]) =>
  envelope(
    [],
    [],
    faults.map((f) => f.text),
    faults.map((f) => f.code),
  );

function page<T>(items: T[], props: Record<string, unknown>, defLimit: number): T[] {
  const limit = Math.max(1, Math.min(500, Number(props.Limit ?? defLimit) || defLimit));
  const p = Math.max(1, Number(props.Page ?? 1) || 1);
  return items.slice((p - 1) * limit, p * limit);
}

/** Prefix matches first, then other substring matches; bigger places first among equals. */
function rank<T>(items: T[], text: (t: T) => string, query: string, weight: (t: T) => number = () => 0): T[] {
  const q = norm(query);
  if (!q) return [...items].sort((a, b) => weight(b) - weight(a));
  const scored = items.flatMap((it) => {
    const s = norm(text(it));
    const at = s.indexOf(q);
    return at === -1 ? [] : [{ it, key: (at === 0 ? 0 : s.includes(` ${q}`) ? 1 : 2) * 1e9 - weight(it) }];
  });
  return scored.sort((a, b) => a.key - b.key).map((x) => x.it);
}

const cityByRef = new Map(EMULATOR_DATA.cities.map((c) => [c.ref, c]));
const settlement = (c: EmuCity) => ({
  Present: `${c.type} ${c.name}, ${c.area} обл.`,
  Warehouses: EMULATOR_DATA.warehouses.filter((w) => w.cityRef === c.ref).length,
  MainDescription: c.name,
  Area: c.area,
  Region: '',
  SettlementTypeCode: c.type,
  Ref: c.settlementRef,
  DeliveryCity: c.ref,
  AddressDeliveryAllowed: true,
  StreetsAvailability: true,
});

/**
 * A street type's ref beside its Ukrainian abbreviation, as NP answers getStreet ("StreetsTypeRef":
 * "Street", "StreetsType": "вул."; "Lane"/"пров.", "Prospectus"/"просп.": InfDev/SKit.NovaPoshta
 * assets/responseSamples/Address-getStreet.json, a developers.novaposhta.ua answer).
 */
const STREET_TYPE_REF: Record<string, string> = { 'вул.': 'Street', 'пров.': 'Lane', 'просп.': 'Prospectus', 'бульв.': 'Boulevard' };

/** Reference data (address methods): needs no database. Other methods: see `answerAsync`. */
export function answer(req: NpRequest): NpEnvelope {
  const props = req.methodProperties ?? {};
  switch (req.calledMethod) {
    case 'searchSettlements': {
      const name = String(props.CityName ?? '');
      if (!name.trim()) return envelope([], [], ['CityName is empty']);
      const found = rank(
        EMULATOR_DATA.cities,
        (c) => c.name,
        name,
        (c) => c.population,
      );
      return envelope([{ TotalCount: found.length, Addresses: page(found, props, 10).map(settlement) }]);
    }
    case 'getWarehouses': {
      // By its Ref (a filter NP documents for getWarehouses), or within a city.
      const ref = String(props.Ref ?? '');
      const byRef = ref ? EMULATOR_DATA.warehouses.filter((w) => w.ref === ref) : null;
      const cityRef = byRef ? (byRef[0]?.cityRef ?? '') : String(props.CityRef ?? '');
      if (!cityRef && !byRef) return envelope([], [], ['CityRef is empty']);
      const city = cityByRef.get(cityRef);
      const own = byRef ?? EMULATOR_DATA.warehouses.filter((w) => w.cityRef === cityRef);
      const q = String(props.FindByString ?? '');
      const found = /^\d+$/.test(q.trim()) ? own.filter((w) => String(w.number).startsWith(q.trim())) : rank(own, (w) => w.description, q);
      const data = page(found, props, 30).map((w) => ({
        SiteKey: String(10000 + w.number),
        Description: w.description,
        ShortAddress: w.shortAddress,
        Number: String(w.number),
        CityRef: w.cityRef,
        CityDescription: city?.name ?? '',
        Ref: w.ref,
        CategoryOfWarehouse: w.category,
        PlaceMaxWeightAllowed: String(w.maxWeight),
      }));
      return envelope(data, { totalCount: found.length });
    }
    case 'getStreet': {
      const cityRef = String(props.CityRef ?? '');
      if (!cityRef) return envelope([], [], ['CityRef is empty']);
      const own = EMULATOR_DATA.streets.filter((s) => s.cityRef === cityRef);
      const found = rank(own, (s) => s.description, String(props.FindByString ?? ''));
      const data = page(found, props, 10).map((s) => ({
        Description: s.description,
        Ref: s.ref,
        StreetsTypeRef: STREET_TYPE_REF[s.type] ?? 'Street',
        StreetsType: s.type,
      }));
      return envelope(data, { totalCount: found.length });
    }
    default:
      return envelope([], [], [`Method ${req.modelName ?? ''}.${req.calledMethod ?? ''} is not supported by the emulator`]);
  }
}

// ---- Waybills and tracking -------------------------------------------------------------------

export { NP_EMULATOR_SENDER, NP_EMULATOR_PRIVATE_RECIPIENT, NP_EMULATOR_MORE_SENDER_ADDRESSES, type NpEmulatorSenderAddress } from './emulator-data.ts';

export interface NpEmulatorOptions {
  db: Db;
  /**
   * The sender's key the methods that act for the key's owner must carry (InternetDocument.*,
   * Counterparty.*, ContactPerson.*, Address.save/update/delete), as Nova Poshta refuses them
   * without a valid key; the reference lookups (searchSettlements, getWarehouses, getStreet)
   * and tracking need none. Unset: no key is checked (tests calling `answerAsync` directly).
   */
  apiKey?: string;
  /** A parcel moves one status code per this many seconds (lazily, when tracked); 0 = control endpoint only. */
  stepSeconds: number;
  /** Tests may fix the clock and the scenario lottery. */
  now?: () => Date;
  random?: () => number;
  /**
   * The sender's addresses (Counterparty.getCounterpartyAddresses), the only valid SenderAddress
   * values. Default: NP_EMULATOR_SENDER.addresses, exactly one.
   */
  senderAddresses?: readonly NpEmulatorSenderAddress[];
  /** How many recipient contacts and courier addresses the emulator remembers (least recently used go first). Default 10,000. */
  memory?: number;
}

export const NP_SCENARIOS = ['delivered', 'refused', 'storage_expired', 'deleted'] as const;
export type NpScenario = (typeof NP_SCENARIOS)[number];

const SCENARIO_WEIGHTS: [NpScenario, number][] = [
  ['delivered', 0.75],
  ['refused', 0.15],
  ['storage_expired', 0.05],
  ['deleted', 0.05],
];
/** Reaching one of these as the last code creates the return document. */
const RETURN_TRIGGERS = [103, 105];
const RETURN_PATH = [1, 5, 6, 7, 9];
/** NP lets a waybill be deleted only before the parcel leaves. */
const DELETABLE = [1, 4, 41, 12];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The NP status codes a parcel of this scenario goes through. */
export function scenarioPath(scenario: NpScenario, codKop: number): number[] {
  switch (scenario) {
    case 'delivered':
      return codKop > 0 ? [1, 12, 5, 6, 7, 9, 10, 11] : [1, 12, 5, 6, 7, 9];
    case 'refused':
      return [1, 12, 5, 6, 7, 103];
    case 'storage_expired':
      return [1, 12, 5, 6, 7, 105];
    case 'deleted':
      return [1, 2];
  }
}

/** The weighted lottery of a new parcel's fate; r in [0, 1). */
export function pickScenario(r: number): NpScenario {
  let acc = 0;
  for (const [s, w] of SCENARIO_WEIGHTS) {
    acc += w;
    if (r < acc) return s;
  }
  return 'delivered';
}

const t = npEmulatorDocuments;
type Doc = typeof npEmulatorDocuments.$inferSelect;

const pathOf = (d: Pick<Doc, 'path'>) => d.path.map(Number);
const lastStep = (d: Pick<Doc, 'path'>) => d.path.length - 1;
const codeOf = (d: Doc) => Number(d.path[Math.min(d.step, lastStep(d))]);
const atEnd = (d: Doc) => d.step >= lastStep(d);

function kyiv(d: Date) {
  const p = kyivParts(d);
  return { date: `${p.day}.${p.month}.${p.year}`, time: `${p.hour}:${p.minute}:${p.second}` };
}
const npDate = (d: Date) => kyiv(d).date;
const npDateTime = (d: Date) => {
  const k = kyiv(d);
  return `${k.date} ${k.time}`;
};

/** UAH (number or string, comma or dot) to kopecks; null when not a number. */
function toKop(v: unknown): number | null {
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  const s = String(v).replace(',', '.').trim();
  const n = s === '' ? NaN : Number(s);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
const uah = (kop: number) => kop / 100;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const fail = (message: string) => envelope([], [], [message]);

/** Inserts a document under a fresh 14-digit number (2045 + 10 random digits). */
async function insertDoc(db: Db, values: Omit<typeof npEmulatorDocuments.$inferInsert, 'number' | 'ref'>): Promise<Doc> {
  for (let i = 0; i < 20; i++) {
    const number = `2045${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
    const [row] = await db
      .insert(t)
      .values({ ...values, number, ref: randomUUID() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('no free document number');
}

const lock = (tx: Db, number: string) =>
  tx
    .select()
    .from(t)
    .where(eq(t.number, number))
    .for('update')
    .then((r) => r[0]);

/**
 * Puts a locked document at `step` of `path` (clamped), moved at `at`. Reaching a refusal or an
 * expired storage as the last code creates the return document (once).
 */
async function moveTo(tx: Db, doc: Doc, step: number, at: Date, path: number[] = pathOf(doc)): Promise<Doc> {
  const s = Math.max(0, Math.min(step, path.length - 1));
  const code = path[s]!;
  let returnNumber = doc.returnNumber;
  if (!returnNumber && s === path.length - 1 && RETURN_TRIGGERS.includes(code)) {
    const back = await insertDoc(tx, { costKop: doc.costKop, codKop: 0, path: RETURN_PATH, step: 0, createdAt: at, movedAt: at });
    returnNumber = back.number;
  }
  const [row] = await tx
    .update(t)
    .set({ path, step: s, deleted: code === 2, returnNumber, movedAt: at })
    .where(eq(t.number, doc.number))
    .returning();
  return row!;
}

/** Steps due by the clock: one per `stepSeconds` since the last move, never past the end. */
function dueSteps(doc: Doc, now: Date, stepSeconds: number): number {
  if (stepSeconds <= 0 || doc.deleted || atEnd(doc)) return 0;
  const n = Math.floor((now.getTime() - doc.movedAt.getTime()) / (stepSeconds * 1000));
  return Math.max(0, Math.min(n, lastStep(doc) - doc.step));
}

/** Applies the steps due on a locked document; the move is dated when it was due, so the cadence holds. */
async function catchUp(tx: Db, doc: Doc, now: Date, stepSeconds: number): Promise<Doc> {
  const k = dueSteps(doc, now, stepSeconds);
  if (k === 0) return doc;
  return moveTo(tx, doc, doc.step + k, new Date(doc.movedAt.getTime() + k * stepSeconds * 1000));
}

// ---- What the emulator remembers: recipients' contacts and courier addresses ------------------

/** A contact person of the private-person recipient (Counterparty.save). */
interface EmuContact {
  ref: string;
  counterpartyRef: string;
  lastName: string;
  firstName: string;
  middleName: string;
  phone: string;
  email: string;
}
/** A courier address saved for a counterparty (Address.save). */
interface EmuAddress {
  ref: string;
  counterpartyRef: string;
  cityRef: string;
  street: EmuStreet;
  building: string;
  flat: string;
  note: string;
  description: string;
}
interface EmuMemory {
  contacts: LRUCache<string, EmuContact>;
  /** A person saved again gets the same contact (name and phone -> contact ref). */
  people: LRUCache<string, string>;
  addresses: LRUCache<string, EmuAddress>;
}

/** Per emulator instance (its options object); bounded, so a long demo cannot grow it without end. */
const memories = new WeakMap<NpEmulatorOptions, EmuMemory>();
function memoryOf(emu: NpEmulatorOptions): EmuMemory {
  let m = memories.get(emu);
  if (!m) {
    const max = Math.max(1, emu.memory ?? 10_000);
    m = { contacts: new LRUCache({ max }), people: new LRUCache({ max }), addresses: new LRUCache({ max }) };
    memories.set(emu, m);
  }
  return m;
}
const senderAddressesOf = (emu: NpEmulatorOptions) => emu.senderAddresses ?? NP_EMULATOR_SENDER.addresses;

const warehouseByRef = new Map<string, EmuWarehouse>(EMULATOR_DATA.warehouses.map((w) => [w.ref, w]));
const streetByRef = new Map<string, EmuStreet>(EMULATOR_DATA.streets.map((s) => [s.ref, s]));

// ---- Field checks as NP makes them ------------------------------------------------------------

const props = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const isRef = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
/** NP takes Ukrainian mobile numbers as 380XXXXXXXXX or 0XXXXXXXXX (lis-dev/nova-poshta-api-2: "Phone (format 0xxxxxxxxx)"). */
function phoneOf(v: unknown): string | null {
  const s = text(v).replace(/^\+/, '');
  return /^(?:38)?0\d{9}$/.test(s) ? `38${s.slice(-10)}` : null;
}
/** A decimal as NP takes it: a number, or a string with a dot (a comma is tolerated). */
function decimal(v: unknown): number | null {
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  const s = String(v).replace(',', '.').trim();
  if (!/^\d+(?:\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
/** dd.mm.yyyy -> yyyymmdd as a number (for comparing), null when not a real date. */
function npDay(v: string): number | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return y * 10000 + mo * 100 + d;
}
const todayDay = (now: Date) => {
  const p = kyivParts(now);
  return Number(p.year) * 10000 + Number(p.month) * 100 + Number(p.day);
};
/** Letters (any script), apostrophes, hyphens, dots and spaces: what a person's name may hold. */
const NAME_RE = /^[\p{L}][\p{L}\p{M}'’ʼ`.\- ]*$/u;

const SERVICE_TYPES = ['WarehouseWarehouse', 'WarehouseDoors', 'DoorsWarehouse', 'DoorsDoors'];
const CARGO_TYPES = ['Parcel', 'Cargo', 'Documents', 'TiresWheels', 'Pallet'];
const BACKWARD_CARGO_TYPES = ['Money', 'Documents', 'Trays', 'CreditDocuments', 'SignedDocuments', 'Other'];

// ---- InternetDocument.save --------------------------------------------------------------------

/**
 * InternetDocument.save, the counterparty way (NP API 2.0, model InternetDocument, method save,
 * https://developers.novaposhta.ua/ ; the same list in lis-dev/nova-poshta-api-2
 * src/Delivery/NovaPoshtaApi2.php newInternetDocument/checkInternetDocumentParams, and daaner/NovaPoshta
 * src/Traits/SenderProperty.php, RecipientProperty.php): PayerType, PaymentMethod, DateTime
 * (dd.mm.yyyy, not in the past), CargoType, Weight, ServiceType, SeatsAmount, Description, Cost;
 * the sender: Sender, CitySender, SenderAddress, ContactSender, SendersPhone (the key's own,
 * Counterparty.getCounterparties/getCounterpartyContactPersons/getCounterpartyAddresses); the
 * recipient: CityRecipient, Recipient and ContactRecipient (from Counterparty.save),
 * RecipientAddress (a branch of CityRecipient for *Warehouse, an Address.save ref of the
 * recipient for *Doors), RecipientsPhone; optional BackwardDeliveryData. Every missing or wrong
 * field is reported at once, as NP does (lis-dev/nova-poshta-api-2 issue #16: "Recipient not
 * selected", "ContactRecipient not selected", "RecipientsPhone invalid format" together). The
 * private-person "new address" form (RecipientCityName, RecipientAddressName, RecipientHouse...)
 * is not served: without Recipient the emulator answers as NP does for a missing counterparty.
 */
function checkDocument(emu: NpEmulatorOptions, p: Record<string, unknown>): NpFault[] {
  const faults: NpFault[] = [];
  const mem = memoryOf(emu);
  const S = NP_EMULATOR_SENDER;

  // The parcel.
  const payer = text(p.PayerType);
  if (!payer) faults.push(np('20000200247'));
  else if (payer !== 'Sender' && payer !== 'Recipient') faults.push(np('20000301244'));
  const payment = text(p.PaymentMethod);
  if (!payment)
    faults.push(np('20000200248')); // "Payment method not selected", as NP answered live (see LIVE_SAVE_REFUSAL in emulator.test.ts)
  else if (payment === 'NonCash')
    faults.push(np('20000200249')); // a private-person sender has no contract for NonCash
  else if (payment !== 'Cash') faults.push(np('20000200251'));
  // DateTime may be left out: NP then ships today and warns "DateTime is set to current" (saveDocument).
  const date = text(p.DateTime);
  const day = npDay(date);
  if (!date) {
    /* today */
  } else if (day === null) faults.push(np('20000400456'));
  else if (day < todayDay(emu.now?.() ?? new Date())) faults.push(np('20000400455'));
  const cargo = text(p.CargoType);
  if (!cargo) faults.push(np('20000200099'));
  else if (!CARGO_TYPES.includes(cargo)) faults.push(np('20000200184'));
  const weight = decimal(p.Weight);
  // Live, a body without CargoType and Weight was refused for the cargo type only: the weight is checked for a known cargo.
  if (!text(p.Weight)) {
    if (cargo) faults.push(np('20000400503'));
  } else if (weight === null || weight <= 0) faults.push(np('20000200373'));
  const service = text(p.ServiceType);
  if (!service) faults.push(np('20000200347'));
  else if (!SERVICE_TYPES.includes(service)) faults.push(np('20000200348'));
  const seatsText = text(p.SeatsAmount);
  const seats = /^\d+$/.test(seatsText) ? Number(seatsText) : NaN;
  if (!seatsText) faults.push(np('20000200313'));
  else if (!(seats >= 1)) faults.push(np('20000200314'));
  if (!text(p.Description)) faults.push(np('20000200150'));
  else if (text(p.Description).length > 120) faults.push(np('20000200152')); // live: 120 taken, 121 "Description too long" (weblabllc/delivery-core docs/novaposhta.md)
  // Cost may be left out: "якщо не зазначити вартість то АРІ автоматично проставить мінімальну оціночну
  // вартість - 300.00" (developers.novaposhta.ua, InternetDocument.save); live, its absence was no error.
  const cost = decimal(p.Cost);
  if (text(p.Cost) && (cost === null || cost <= 0)) faults.push(np('20000200118'));

  // The sender: the key's own counterparty, contact, phone and one of its addresses.
  const sender = text(p.Sender);
  if (!sender) faults.push(np('20000300442'));
  else if (sender !== S.counterpartyRef) faults.push(np(isRef(sender) ? '20000300438' : '20000300440'));
  const citySender = text(p.CitySender);
  if (!citySender) faults.push(np('20000200107'));
  else if (!cityByRef.has(citySender)) faults.push(np(isRef(citySender) ? '20000200106' : '20000200105')); // live: CitySender "bad" -> "CitySender is incorrect"
  const senderAddressRef = text(p.SenderAddress);
  const senderAddress = senderAddressesOf(emu).find((a) => a.ref === senderAddressRef);
  if (!senderAddressRef) faults.push(np('20000200329'));
  else if (!senderAddress) faults.push(np(warehouseByRef.has(senderAddressRef) || mem.addresses.has(senderAddressRef) ? '20000200325' : '20000200326'));
  else if (service.startsWith('Doors'))
    faults.push(np('20000200327')); // the sender's addresses are branches: Doors* needs a door address
  else if (cityByRef.has(citySender) && senderAddress.cityRef !== citySender) faults.push(np('20000200105'));
  const contactSender = text(p.ContactSender);
  if (!contactSender) faults.push(np('20000300406'));
  else if (contactSender !== S.contactRef) faults.push(np(mem.contacts.has(contactSender) ? '20000300402' : '20000300403'));
  const sendersPhone = text(p.SendersPhone);
  if (!sendersPhone) faults.push(np('20000300445'));
  else if (!phoneOf(sendersPhone)) faults.push(np('20000300444'));
  else if (phoneOf(sendersPhone) !== S.phone) faults.push(own('SendersPhone is not the phone of ContactSender'));

  // The recipient: the counterparty and contact Counterparty.save answered, a city, an address, a phone.
  const recipient = text(p.Recipient);
  if (!recipient) faults.push(np('20000300431'));
  else if (recipient !== NP_EMULATOR_PRIVATE_RECIPIENT) faults.push(np(isRef(recipient) ? '20000300428' : '20000300429'));
  const contactRef = text(p.ContactRecipient);
  const contact = contactRef ? mem.contacts.get(contactRef) : undefined;
  if (!contactRef) faults.push(np('20000300401'));
  else if (!contact) faults.push(np(contactRef === S.contactRef ? '20000300397' : '20000300398'));
  else if (recipient && contact.counterpartyRef !== recipient) faults.push(np('20000300397'));
  const cityRecipient = text(p.CityRecipient);
  if (!cityRecipient) faults.push(np('20000200104'));
  else if (!cityByRef.has(cityRecipient)) faults.push(np('20000200103'));
  const addressRef = text(p.RecipientAddress);
  if (!addressRef) faults.push(np('20000200268'));
  else if (service.endsWith('Warehouse')) {
    const w = warehouseByRef.get(addressRef);
    if (!w) faults.push(np(mem.addresses.has(addressRef) ? '20000200266' : '20000200265'));
    else if (cityByRef.has(cityRecipient) && w.cityRef !== cityRecipient) faults.push(np('20000200266'));
    else if (weight !== null && weight > 0 && seats >= 1 && weight / seats > w.maxWeight) {
      faults.push(w.category === 'Postomat' ? np('20000200380') : w.maxWeight === 30 ? np('20000201504') : np('20000200375'));
    }
  } else if (service.endsWith('Doors')) {
    const a = mem.addresses.get(addressRef);
    if (!a) faults.push(np(warehouseByRef.has(addressRef) ? '20000200266' : '20000200265'));
    else if (recipient && a.counterpartyRef !== recipient) faults.push(np('20000200264'));
    else if (cityByRef.has(cityRecipient) && a.cityRef !== cityRecipient) faults.push(np('20000200266'));
  }
  const recipientsPhone = text(p.RecipientsPhone);
  if (!recipientsPhone) faults.push(np('20000300435'));
  else if (!phoneOf(recipientsPhone)) faults.push(np('20000300434'));

  // Cash on delivery and other backward deliveries.
  if (p.BackwardDeliveryData !== undefined && p.BackwardDeliveryData !== null && p.BackwardDeliveryData !== '') {
    if (!Array.isArray(p.BackwardDeliveryData)) faults.push(np('20000200086'));
    else {
      for (const raw of p.BackwardDeliveryData as unknown[]) {
        const b = props(raw);
        if (!raw || typeof raw !== 'object') {
          faults.push(np('20000200070'));
          continue;
        }
        if (!BACKWARD_CARGO_TYPES.includes(text(b.CargoType))) faults.push(np('20000200075'));
        if (text(b.PayerType) !== 'Sender' && text(b.PayerType) !== 'Recipient') faults.push(np('20000200085'));
        // To a door the recipient cannot pay the backward delivery (NP's getMessageCodeText: 20000201591/20000201592).
        else if (text(b.PayerType) === 'Recipient' && service === 'WarehouseDoors') faults.push(np('20000201592'));
        else if (text(b.PayerType) === 'Recipient' && service === 'DoorsDoors') faults.push(np('20000201591'));
        if (text(b.CargoType) === 'Money') {
          const sum = decimal(b.RedeliveryString);
          if (sum === null) faults.push(np('20000200079'));
          else if (sum < 1) faults.push(np('20000200080'));
        }
      }
    }
  }
  return faults;
}

async function saveDocument(emu: NpEmulatorOptions, p: Record<string, unknown>) {
  const faults = checkDocument(emu, p);
  const dateWarning = text(p.DateTime) ? {} : { warnings: ['DateTime is set to current'], warningCodes: ['30000200880'] };
  if (faults.length) return { ...refuse(faults), ...dateWarning };
  const declaredKop = text(p.Cost) ? toKop(p.Cost)! : 30000; // NP's minimum declared value, 300 UAH
  const weight = decimal(p.Weight)!;
  const seats = Number(text(p.SeatsAmount));
  const money = (p.BackwardDeliveryData as Record<string, unknown>[] | undefined)?.find((b) => b.CargoType === 'Money');
  const codKop = money ? toKop(money.RedeliveryString)! : 0;
  const costKop = 5000 + Math.round(declaredKop / 200) + (seats - 1) * 1500 + Math.max(0, Math.ceil(weight) - 2) * 500;
  const now = emu.now?.() ?? new Date();
  const scenario = pickScenario(emu.random?.() ?? Math.random());
  const doc = await insertDoc(emu.db, { costKop, codKop, path: scenarioPath(scenario, codKop), step: 0, createdAt: now, movedAt: now });
  const answer = envelope([
    {
      Ref: doc.ref,
      CostOnSite: uah(costKop),
      EstimatedDeliveryDate: npDate(new Date(now.getTime() + 2 * DAY_MS)),
      IntDocNumber: doc.number,
      TypeDocument: 'InternetDocument',
    },
  ]);
  // Warnings ride along with success:true, as NP answers them (recorded live: "DateTime is set to current", 30000200880).
  return { ...answer, ...dateWarning };
}

/**
 * InternetDocument.delete {DocumentRefs}: only before the parcel leaves. NP's answers, recorded
 * live (weblabllc/delivery-core test/fixtures/novaposhta/internet-document-delete*.json): a value
 * that is no ref -> 20000200564 "There are only invalid DocumentBarcodes and/or DocumentRefs"; a ref
 * NP does not know, or a parcel past the point of deleting -> 20000201173 "No document changed
 * DeletionMark"; a waybill deleted before -> `errors` as an OBJECT, `{"0": "No document changed
 * DeletionMark", "<ref>": "Document already deleted <number>"}`, with `errorCodes: ["20000201173"]`.
 */
async function deleteDocuments(emu: NpEmulatorOptions, p: Record<string, unknown>): Promise<NpEnvelope> {
  const refs = (Array.isArray(p.DocumentRefs) ? p.DocumentRefs : [p.DocumentRefs]).map(text).filter(Boolean);
  if (refs.length === 0) return refuse([own('DocumentRefs is empty')]);
  if (!refs.some(isRef)) return refuse([np('20000200564')]);
  const now = emu.now?.() ?? new Date();
  return emu.db.transaction(async (tx) => {
    const docs = await tx
      .select()
      .from(t)
      .where(inArray(t.ref, refs.filter(isRef)))
      .for('update');
    const movable = docs.filter((d) => !d.deleted && DELETABLE.includes(codeOf(d)));
    if (movable.length === 0) {
      const gone = docs.filter((d) => d.deleted);
      if (gone.length === 0) return refuse([np('20000201173')]);
      const errors: Record<string, string> = { '0': NP_ERRORS['20000201173'].en };
      for (const d of gone) errors[d.ref] = `Document already deleted ${d.number}`;
      return { ...envelope([]), success: false, errors, errorCodes: ['20000201173'] };
    }
    for (const doc of movable) await moveTo(tx, doc, doc.step + 1, now, [...pathOf(doc).slice(0, doc.step + 1), 2]);
    return envelope(movable.map((d) => ({ Ref: d.ref })));
  });
}

function trackingItem(doc: Doc) {
  const code = codeOf(doc);
  return {
    Number: doc.number,
    StatusCode: String(code),
    Status: NP_STATUS_TEXT[code] ?? '',
    DocumentCost: String(uah(doc.costKop)),
    RedeliverySum: uah(doc.codKop),
    AmountToPay: String(uah(doc.codKop)),
    ScheduledDeliveryDate: npDateTime(new Date(doc.createdAt.getTime() + 2 * DAY_MS)),
    LastCreatedOnTheBasisNumber: doc.returnNumber ?? '',
    LastCreatedOnTheBasisDocumentType: doc.returnNumber ? 'Return' : '',
    RecipientDateTime: NP_RECEIVED_CODES.includes(code) ? npDateTime(doc.movedAt) : '',
    // At the branch (7, 8): paid storage begins at the start of the NP_FREE_STORAGE_DAYS-th Kyiv day after arrival, as "YYYY-MM-DD HH:MM:SS".
    DatePayedKeeping: code === 7 || code === 8 ? storageBegins(doc.movedAt) : '',
  };
}

/** Days a parcel waits at the branch for free (NP's standard branch storage). */
export const NP_FREE_STORAGE_DAYS = 7;
function storageBegins(arrived: Date): string {
  const p = kyivParts(new Date(arrived.getTime() + NP_FREE_STORAGE_DAYS * DAY_MS));
  return `${p.year}-${p.month}-${p.day} 00:00:00`;
}

const notFoundItem = (number: string) => ({
  Number: number,
  StatusCode: '3',
  Status: NP_STATUS_TEXT[3]!,
  DocumentCost: '',
  RedeliverySum: 0,
  AmountToPay: '',
  ScheduledDeliveryDate: '',
  LastCreatedOnTheBasisNumber: '',
  LastCreatedOnTheBasisDocumentType: '',
  RecipientDateTime: '',
  DatePayedKeeping: '',
});

/** TrackingDocument.getStatusDocuments {Documents: [{DocumentNumber, Phone}]}, at most 100 (no key needed). */
async function trackDocuments(emu: NpEmulatorOptions, p: Record<string, unknown>) {
  if (p.Documents !== undefined && !Array.isArray(p.Documents)) return refuse([np('20000200159')]);
  const asked = Array.isArray(p.Documents) ? (p.Documents as unknown[]) : [];
  if (asked.length === 0) return fail('Documents is empty');
  if (asked.length > 100) return fail('Documents limit is 100');
  const numbers = asked.map((d) => text(props(d).DocumentNumber));
  if (numbers.some((n) => !n)) return refuse([np('20000200157')]);
  const unique = [...new Set(numbers)];
  const found = await emu.db.select().from(t).where(inArray(t.number, unique));
  const byNumber = new Map(found.map((d) => [d.number, d]));
  const now = emu.now?.() ?? new Date();
  for (const doc of found) {
    if (dueSteps(doc, now, emu.stepSeconds) === 0) continue;
    const moved = await emu.db.transaction(async (tx) => {
      const locked = await lock(tx, doc.number);
      return locked ? catchUp(tx, locked, now, emu.stepSeconds) : doc;
    });
    byNumber.set(doc.number, moved);
  }
  // Asked without the phone of the waybill, NP answers less and warns per number, as an object
  // (recorded live: weblabllc/delivery-core test/fixtures/novaposhta/tracking-not-found.json).
  const warnings = asked.flatMap((d, i) =>
    text(props(d).Phone) ? [] : [{ [`ID_${numbers[i]}`]: 'Please enter a valid phone number from the express invoice to show full information' }],
  );
  return { ...envelope(numbers.map((n) => (byNumber.has(n) ? trackingItem(byNumber.get(n)!) : notFoundItem(n)))), warnings };
}

// ---- Counterparty, ContactPerson, Address.save ------------------------------------------------

const senderCounterparty = () => {
  const S = NP_EMULATOR_SENDER;
  return {
    Description: S.description,
    Ref: S.counterpartyRef,
    City: S.cityRef,
    Counterparty: S.counterpartyRef,
    FirstName: '',
    LastName: '',
    MiddleName: '',
    CounterpartyFullName: S.description,
    OwnershipFormRef: '',
    OwnershipFormDescription: '',
    EDRPOU: '',
    CounterpartyType: 'PrivatePerson',
  };
};
const privateRecipient = () => ({
  Description: 'Приватна особа',
  Ref: NP_EMULATOR_PRIVATE_RECIPIENT,
  City: '',
  Counterparty: NP_EMULATOR_PRIVATE_RECIPIENT,
  FirstName: 'Приватна',
  LastName: 'особа',
  MiddleName: '',
  CounterpartyFullName: 'Приватна особа',
  OwnershipFormRef: '',
  OwnershipFormDescription: '',
  EDRPOU: '',
  CounterpartyType: 'PrivatePerson',
});
const fullName = (c: { lastName: string; firstName: string; middleName: string }) => [c.lastName, c.firstName, c.middleName].filter(Boolean).join(' ');
const contactItem = (c: EmuContact) => ({
  Description: fullName(c),
  Ref: c.ref,
  Phones: c.phone,
  Email: c.email,
  LastName: c.lastName,
  FirstName: c.firstName,
  MiddleName: c.middleName,
});

/**
 * Counterparty.getCounterparties {CounterpartyProperty: Sender|Recipient|ThirdPerson, Page}
 * (developers.novaposhta.ua, model Counterparty; lis-dev/nova-poshta-api-2 getCounterparties;
 * daaner/NovaPoshta docs/Counterparty.md): the key's sender, or its private-person recipient.
 */
function getCounterparties(p: Record<string, unknown>) {
  const property = text(p.CounterpartyProperty);
  if (!property) return refuse([own('CounterpartyProperty is not specified')]);
  if (property === 'Sender') return envelope([senderCounterparty()], { totalCount: 1 });
  if (property === 'Recipient') return envelope([privateRecipient()], { totalCount: 1 });
  if (property === 'ThirdPerson') return envelope([], { totalCount: 0 });
  return refuse([own('CounterpartyProperty is incorrect')]);
}

/** Counterparty.getCounterpartyContactPersons {Ref, Page}: Description, Ref, Phones, Email, LastName, FirstName, MiddleName. */
function getContactPersons(emu: NpEmulatorOptions, p: Record<string, unknown>) {
  const ref = text(p.Ref);
  if (!isRef(ref)) return refuse([np('20000300436')]);
  const S = NP_EMULATOR_SENDER;
  if (ref === S.counterpartyRef) {
    return envelope([contactItem({ ref: S.contactRef, counterpartyRef: ref, ...S.contact, phone: S.phone, email: '' })], { totalCount: 1 });
  }
  if (ref === NP_EMULATOR_PRIVATE_RECIPIENT) {
    const all = [...memoryOf(emu).contacts.values()];
    return envelope(page(all, p, 100).map(contactItem), { totalCount: all.length });
  }
  return refuse([np('20000400454')]);
}

/**
 * Counterparty.getCounterpartyAddresses {Ref, CounterpartyProperty}: the sender's addresses
 * (branches it hands parcels in at: Ref is the branch's, as lis-dev/nova-poshta-api-2 sends a
 * branch Ref as SenderAddress), or the courier addresses saved for the private recipient.
 */
function getCounterpartyAddresses(emu: NpEmulatorOptions, p: Record<string, unknown>) {
  const ref = text(p.Ref);
  if (!isRef(ref)) return refuse([np('20000300436')]);
  const property = text(p.CounterpartyProperty);
  const S = NP_EMULATOR_SENDER;
  if (ref === S.counterpartyRef) {
    if (property && property !== 'Sender') return refuse([own('CounterpartyProperty is incorrect')]);
    const data = senderAddressesOf(emu).map((a) => ({
      Ref: a.ref,
      Description: a.description,
      CityRef: a.cityRef,
      CityDescription: cityByRef.get(a.cityRef)?.name ?? '',
    }));
    return envelope(data, { totalCount: data.length });
  }
  if (ref === NP_EMULATOR_PRIVATE_RECIPIENT) {
    if (property && property !== 'Recipient') return refuse([own('CounterpartyProperty is incorrect')]);
    const all = [...memoryOf(emu).addresses.values()];
    const data = page(all, p, 100).map((a) => ({
      Ref: a.ref,
      Description: a.description,
      CityRef: a.cityRef,
      CityDescription: cityByRef.get(a.cityRef)?.name ?? '',
      StreetRef: a.street.ref,
      StreetDescription: a.street.description,
      BuildingDescription: a.building,
      Flat: a.flat,
      Note: a.note,
    }));
    return envelope(data, { totalCount: all.length });
  }
  return refuse([np('20000400454')]);
}

/**
 * Counterparty.save of a private-person recipient {FirstName, MiddleName, LastName, Phone, Email,
 * CounterpartyType: PrivatePerson, CounterpartyProperty: Recipient} (developers.novaposhta.ua,
 * model Counterparty, method save; lis-dev/nova-poshta-api-2 save(): "CounterpartyProperty,
 * CounterpartyType, FirstName, MiddleName, LastName, Phone", MiddleName "realy is not required";
 * the optional CityRef is accepted). The answer, as NP gives it (vovchok/novaposhta-sdk
 * src/NovaPoshta/Counterparties/Models/Counterparty.php reads ContactPerson.data[0]): the key's
 * "Приватна особа" recipient counterparty with the person's contact nested in
 * `ContactPerson: {success, data: [{Ref, Description, LastName, FirstName, MiddleName}]}`.
 * Organisations are not served.
 */
function saveCounterparty(emu: NpEmulatorOptions, p: Record<string, unknown>) {
  const faults: NpFault[] = [];
  const property = text(p.CounterpartyProperty);
  if (!property) faults.push(own('CounterpartyProperty is not specified'));
  else if (property !== 'Recipient')
    faults.push(
      own(
        ['Sender', 'ThirdPerson'].includes(property)
          ? `CounterpartyProperty ${property} is not served by the emulator (recipients only)`
          : 'CounterpartyProperty is incorrect',
      ),
    );
  const type = text(p.CounterpartyType);
  if (!type) faults.push(np('20000100516'));
  else if (type === 'Organization') faults.push(own('CounterpartyType Organization is not served by the emulator (private persons only)'));
  else if (type !== 'PrivatePerson') faults.push(np('20000100515'));
  const name = (v: unknown, missing: NpCode | null, invalid: NpCode) => {
    const s = text(v).replace(/\s+/g, ' ');
    if (!s) {
      if (missing) faults.push(np(missing));
    } else if (!NAME_RE.test(s)) faults.push(np(invalid));
    return s;
  };
  const firstName = name(p.FirstName, '20000100527', '20000100526');
  const lastName = name(p.LastName, '20000100533', '20000100532');
  const middleName = name(p.MiddleName, null, '20000900763');
  // NP's limits measured live (weblabllc/delivery-core docs/novaposhta.md): first and middle name up to
  // 25 characters, "Last First Middle" up to 50 ("String too long"; NP's code for it is not published).
  if (firstName.length > 25) faults.push(np('20000100528'));
  if (middleName.length > 25) faults.push(np('20000900764'));
  else if (firstName.length <= 25 && [lastName, firstName, middleName].filter(Boolean).join(' ').length > 50) faults.push(own('String too long'));
  const phone = phoneOf(p.Phone);
  if (!text(p.Phone)) faults.push(np('20000100553'));
  else if (!phone) faults.push(np('20000100552'));
  const email = text(p.Email);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) faults.push(np('20000100520'));
  if (faults.length) return refuse(faults);

  const mem = memoryOf(emu);
  const key = [lastName, firstName, middleName, phone].join('|').toLowerCase();
  let contact = mem.people.get(key) ? mem.contacts.get(mem.people.get(key)!) : undefined;
  if (!contact) {
    contact = { ref: randomUUID(), counterpartyRef: NP_EMULATOR_PRIVATE_RECIPIENT, lastName, firstName, middleName, phone: phone!, email };
    mem.contacts.set(contact.ref, contact);
    mem.people.set(key, contact.ref);
  }
  const c = contact;
  return envelope([
    {
      ...privateRecipient(),
      ContactPerson: {
        success: true,
        data: [{ Ref: c.ref, Description: fullName(c), LastName: c.lastName, FirstName: c.firstName, MiddleName: c.middleName }],
        errors: [],
        warnings: [],
        info: [],
      },
    },
  ]);
}

/**
 * Address.save {CounterpartyRef, StreetRef, BuildingNumber, Flat, Note} (developers.novaposhta.ua,
 * model Address, method save; codes "CounterpartyRef is not specified", "StreetRef is not
 * specified", "BuildingNumber is not specified"): a courier address of the private recipient;
 * its Ref is a WarehouseDoors waybill's RecipientAddress.
 */
function saveAddress(emu: NpEmulatorOptions, p: Record<string, unknown>) {
  const faults: NpFault[] = [];
  const counterparty = text(p.CounterpartyRef);
  const streetRef = text(p.StreetRef);
  const building = text(p.BuildingNumber);
  if (!counterparty) faults.push(np('20000800728'));
  if (!streetRef) faults.push(np('20000500639'));
  if (!building) faults.push(np('20000500624'));
  if (faults.length) return refuse(faults);
  const street = streetByRef.get(streetRef);
  if (counterparty !== NP_EMULATOR_PRIVATE_RECIPIENT || !street || building.length > 10) return refuse([np('20001500982')]);
  const flat = text(p.Flat);
  const note = text(p.Note);
  const description = `${street.type} ${street.description}, буд. ${building}${flat ? `, кв. ${flat}` : ''}`;
  const address: EmuAddress = { ref: randomUUID(), counterpartyRef: counterparty, cityRef: street.cityRef, street, building, flat, note, description };
  memoryOf(emu).addresses.set(address.ref, address);
  return envelope([{ Ref: address.ref, Description: description }]);
}

/** Address.delete {Ref}: a saved courier address. */
function deleteAddress(emu: NpEmulatorOptions, p: Record<string, unknown>) {
  const ref = text(p.Ref);
  if (!isRef(ref)) return refuse([np('20000300436')]);
  if (!memoryOf(emu).addresses.delete(ref)) return refuse([own('Address not found')]);
  return envelope([{ Ref: ref }]);
}

/** Methods acting for the key's owner need its key; reference lookups and tracking do not. */
function needsKey(model: string, method: string) {
  if (model === 'InternetDocument' || model === 'Counterparty' || model === 'ContactPerson') return true;
  return model === 'Address' && (method === 'save' || method === 'update' || method === 'delete');
}

/** Every method: the address ones (as `answer`), counterparties, waybills and tracking. */
export async function answerAsync(req: NpRequest, emu: NpEmulatorOptions): Promise<NpEnvelope> {
  const model = text(req.modelName);
  const method = text(req.calledMethod);
  const p = props(req.methodProperties);
  if (emu.apiKey !== undefined && needsKey(model, method)) {
    if (!text(req.apiKey)) return refuse([np('20000200069')]);
    if (text(req.apiKey) !== emu.apiKey) return refuse([np('20000200068')]);
  }
  switch (`${model}.${method}`) {
    case 'InternetDocument.save':
      return saveDocument(emu, p);
    case 'InternetDocument.delete':
      return deleteDocuments(emu, p);
    case 'TrackingDocument.getStatusDocuments':
      return trackDocuments(emu, p);
    case 'Counterparty.getCounterparties':
      return getCounterparties(p);
    case 'Counterparty.getCounterpartyContactPersons':
      return getContactPersons(emu, p);
    case 'Counterparty.getCounterpartyAddresses':
      return getCounterpartyAddresses(emu, p);
    case 'Counterparty.save':
      return saveCounterparty(emu, p);
    case 'Address.save':
      return saveAddress(emu, p);
    case 'Address.delete':
      return deleteAddress(emu, p);
    default:
      return answer({ ...req, methodProperties: p });
  }
}

// ---- Control (tests and demos) ---------------------------------------------------------------

export interface NpControlState {
  number: string;
  status_code: number;
  return_number: string | null;
  return_status_code: number | null;
  /** Nothing left to advance: the parcel (and its return, if any) at the end of its path. */
  final: boolean;
}

const stateOf = (doc: Doc, back: Doc | undefined): NpControlState => ({
  number: doc.number,
  status_code: codeOf(doc),
  return_number: doc.returnNumber,
  return_status_code: back ? codeOf(back) : null,
  final: (doc.deleted || atEnd(doc)) && (!back || atEnd(back)),
});

/**
 * Runs `fn` on the locked document and its return (both caught up with the clock first);
 * undefined when the number is unknown.
 */
async function control(emu: NpEmulatorOptions, number: string, fn: (tx: Db, doc: Doc, back: Doc | undefined, now: Date) => Promise<[Doc, Doc | undefined]>) {
  const now = emu.now?.() ?? new Date();
  return emu.db.transaction(async (tx) => {
    const found = await lock(tx, number);
    if (!found) return undefined;
    const doc = await catchUp(tx, found, now, emu.stepSeconds);
    const backFound = doc.returnNumber ? await lock(tx, doc.returnNumber) : undefined;
    const back = backFound && (await catchUp(tx, backFound, now, emu.stepSeconds));
    const [d, b] = await fn(tx, doc, back, now);
    const b2 = b ?? (d.returnNumber ? await lock(tx, d.returnNumber) : undefined);
    return stateOf(d, b2);
  });
}

/** Moves the parcel `steps` codes on; once it is at its end, the rest moves its return document. */
export function advanceDocument(emu: NpEmulatorOptions, number: string, steps: number) {
  return control(emu, number, async (tx, doc, back, now) => {
    let left = steps;
    if (!doc.deleted && !atEnd(doc)) {
      const k = Math.min(left, lastStep(doc) - doc.step);
      doc = await moveTo(tx, doc, doc.step + k, now);
      left -= k;
      if (!back && doc.returnNumber) back = await lock(tx, doc.returnNumber);
    }
    if (back && left > 0 && !atEnd(back)) back = await moveTo(tx, back, back.step + Math.min(left, lastStep(back) - back.step), now);
    return [doc, back];
  });
}

/** Gives the parcel another fate; its step stays (clamped to the new path). */
export function setDocumentScenario(emu: NpEmulatorOptions, number: string, scenario: NpScenario) {
  return control(emu, number, async (tx, doc, back, now) => {
    const path = scenarioPath(scenario, doc.codKop);
    const step = Math.min(doc.step, path.length - 1);
    doc = await moveTo(tx, doc, step, step === doc.step ? doc.movedAt : now, path);
    return [doc, back];
  });
}

export const NP_EMULATOR_PATH = '/emulators/novaposhta/v2.0/json/';
/** The emulator's sender key when NP_API_KEY is unset (the server's own client sends it). */
export const NP_EMULATOR_DEFAULT_KEY = 'emulator-key';

export const novaPoshtaEmulator: FastifyPluginAsync<NpEmulatorOptions> = async (app, opts) => {
  const emu: NpEmulatorOptions = {
    db: opts.db,
    apiKey: opts.apiKey,
    stepSeconds: opts.stepSeconds,
    now: opts.now,
    random: opts.random,
    senderAddresses: opts.senderAddresses,
    memory: opts.memory,
  };
  app.post('/v2.0/json/', async (req) => answerAsync((req.body ?? {}) as NpRequest, emu));
  // my.novaposhta.ua's print service: the markings of its documents as a PDF (emulator-print.ts).
  registerEmulatorPrint(app, emu);
  // NP also accepts /v2.0/json/{Model}/{method}.
  app.post('/v2.0/json/:model/:method', async (req) => {
    const { model, method } = req.params as { model: string; method: string };
    return answerAsync({ ...((req.body ?? {}) as NpRequest), modelName: model, calledMethod: method }, emu);
  });

  // The control endpoints are not Nova Poshta's: they decide a parcel's fate (and so a reseller's
  // money). An admin's token, wherever the emulator is mounted.
  const control = {
    schema: { security: [{ bearer: [] }] },
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      await requireUser(req, reply);
      if (req.auth?.user.role !== 'admin') throw AppError.forbidden();
    },
  };
  const bodyOf = (req: { body: unknown }) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  const notFound = (number: string) => ({ code: 'NotFound', message: `Document ${number} not found` });

  app.post('/control/scenario', control, async (req, reply) => {
    const b = bodyOf(req);
    const number = text(b.number);
    const scenario = b.scenario as NpScenario;
    if (!number || !NP_SCENARIOS.includes(scenario)) {
      return reply.code(400).send({ code: 'BadRequest', message: `number and scenario (${NP_SCENARIOS.join(', ')}) are expected` });
    }
    const state = await setDocumentScenario(emu, number, scenario);
    return state ?? reply.code(404).send(notFound(number));
  });

  app.post('/control/advance', control, async (req, reply) => {
    const b = bodyOf(req);
    const number = text(b.number);
    const steps = b.steps === undefined ? 1 : Number(b.steps);
    if (!number || !Number.isInteger(steps) || steps < 1 || steps > 1000) {
      return reply.code(400).send({ code: 'BadRequest', message: 'number and steps (an integer 1..1000, default 1) are expected' });
    }
    const state = await advanceDocument(emu, number, steps);
    return state ?? reply.code(404).send(notFound(number));
  });
};
