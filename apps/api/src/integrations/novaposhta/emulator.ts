import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { npEmulatorDocuments } from '../../db/schema/index.ts';
import { EMULATOR_DATA, type EmuCity } from './emulator-data.ts';
import { NP_STATUS_TEXT, NP_RECEIVED_CODES } from './status-codes.ts';
import { kyivParts } from '@drop/shared';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';

/**
 * A local stand-in for the Nova Poshta JSON API 2.0 (the default NP_API_URL): the same envelope
 * (`apiKey, modelName, calledMethod, methodProperties` -> `{success, data, errors, warnings,
 * info}`) for the address methods the portal uses, over real cities with generated branches and
 * streets, and for waybills (InternetDocument.save/delete) and tracking
 * (TrackingDocument.getStatusDocuments) over parcels kept in `np_emulator_documents`. Each parcel
 * walks a path of real NP status codes chosen at creation (a scenario), one code per
 * `stepSeconds`, or on demand through the control endpoints. Unknown methods answer
 * `success: false` as NP does.
 */
export interface NpRequest {
  apiKey?: string;
  modelName?: string;
  calledMethod?: string;
  methodProperties?: Record<string, unknown>;
}

const norm = (s: string) => s.toLowerCase().replace(/[’'ʼ`]/g, '').replace(/ё/g, 'е').trim();

export type NpEnvelope = ReturnType<typeof envelope>;

function envelope(data: unknown[], info: Record<string, unknown> = {}, errors: string[] = []) {
  return { success: errors.length === 0, data, errors, warnings: [], info, messageCodes: [], errorCodes: [], warningCodes: [], infoCodes: [] };
}

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

/** Reference data (address methods): needs no database. Other methods: see `answerAsync`. */
export function answer(req: NpRequest): NpEnvelope {
  const props = req.methodProperties ?? {};
  switch (req.calledMethod) {
    case 'searchSettlements': {
      const name = String(props.CityName ?? '');
      if (!name.trim()) return envelope([], {}, ['CityName is empty']);
      const found = rank(EMULATOR_DATA.cities, (c) => c.name, name, (c) => c.population);
      return envelope([{ TotalCount: found.length, Addresses: page(found, props, 10).map(settlement) }]);
    }
    case 'getWarehouses': {
      const cityRef = String(props.CityRef ?? '');
      if (!cityRef) return envelope([], {}, ['CityRef is empty']);
      const city = cityByRef.get(cityRef);
      const own = EMULATOR_DATA.warehouses.filter((w) => w.cityRef === cityRef);
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
      if (!cityRef) return envelope([], {}, ['CityRef is empty']);
      const own = EMULATOR_DATA.streets.filter((s) => s.cityRef === cityRef);
      const found = rank(own, (s) => s.description, String(props.FindByString ?? ''));
      const data = page(found, props, 10).map((s) => ({ Description: s.description, Ref: s.ref, StreetsTypeRef: s.type, StreetsType: s.type }));
      return envelope(data, { totalCount: found.length });
    }
    default:
      return envelope([], {}, [`Method ${req.modelName ?? ''}.${req.calledMethod ?? ''} is not supported by the emulator`]);
  }
}

// ---- Waybills and tracking -------------------------------------------------------------------

export interface NpEmulatorOptions {
  db: Db;
  /**
   * The sender's key the waybill methods (InternetDocument.*) must carry, as Nova Poshta refuses
   * them without a valid key; address and tracking methods need none.
   */
  apiKey?: string;
  /** A parcel moves one status code per this many seconds (lazily, when tracked); 0 = control endpoint only. */
  stepSeconds: number;
  /** Tests may fix the clock and the scenario lottery. */
  now?: () => Date;
  random?: () => number;
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
const fail = (message: string) => envelope([], {}, [message]);

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
  const [row] = await tx.update(t).set({ path, step: s, deleted: code === 2, returnNumber, movedAt: at }).where(eq(t.number, doc.number)).returning();
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

async function saveDocument(emu: NpEmulatorOptions, props: Record<string, unknown>) {
  if (!text(props.CityRecipient)) return fail('CityRecipient is empty');
  if (!text(props.RecipientsPhone)) return fail('RecipientsPhone is empty');
  const declaredKop = toKop(props.Cost);
  if (declaredKop === null || declaredKop <= 0) return fail('Cost must be greater than 0');
  const weightIn = toKop(props.Weight);
  const weight = weightIn !== null && weightIn > 0 ? weightIn / 100 : 0.1;
  const seats = Math.max(1, Math.floor(Number(props.SeatsAmount ?? 1)) || 1);
  let codKop = 0;
  const backward = Array.isArray(props.BackwardDeliveryData) ? (props.BackwardDeliveryData as Record<string, unknown>[]) : [];
  const money = backward.find((b) => b && typeof b === 'object' && b.CargoType === 'Money');
  if (money) {
    const k = toKop(money.RedeliveryString);
    if (k === null || k <= 0) return fail('RedeliveryString must be greater than 0');
    codKop = k;
  }
  const costKop = 5000 + Math.round(declaredKop / 200) + (seats - 1) * 1500 + Math.max(0, Math.ceil(weight) - 2) * 500;
  const now = emu.now?.() ?? new Date();
  const scenario = pickScenario(emu.random?.() ?? Math.random());
  const doc = await insertDoc(emu.db, { costKop, codKop, path: scenarioPath(scenario, codKop), step: 0, createdAt: now, movedAt: now });
  return envelope([
    { Ref: doc.ref, CostOnSite: uah(costKop), EstimatedDeliveryDate: npDate(new Date(now.getTime() + 2 * DAY_MS)), IntDocNumber: doc.number, TypeDocument: 'InternetDocument' },
  ]);
}

async function deleteDocuments(emu: NpEmulatorOptions, props: Record<string, unknown>) {
  const refs = (Array.isArray(props.DocumentRefs) ? props.DocumentRefs : [props.DocumentRefs]).map(text).filter(Boolean);
  if (refs.length === 0) return fail('DocumentRefs is empty');
  const now = emu.now?.() ?? new Date();
  return emu.db.transaction(async (tx) => {
    const docs = await tx.select().from(t).where(inArray(t.ref, refs)).for('update');
    const errors: string[] = [];
    for (const ref of refs) {
      const doc = docs.find((d) => d.ref === ref);
      if (!doc) errors.push(`Document ${ref} not found`);
      else if (!doc.deleted && !DELETABLE.includes(codeOf(doc))) errors.push(`Document ${doc.number} cannot be deleted: the parcel has left`);
    }
    if (errors.length) return envelope([], {}, errors);
    for (const doc of docs) {
      if (doc.deleted) continue;
      await moveTo(tx, doc, doc.step + 1, now, [...pathOf(doc).slice(0, doc.step + 1), 2]);
    }
    return envelope(refs.map((Ref) => ({ Ref })));
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
  };
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
});

async function trackDocuments(emu: NpEmulatorOptions, props: Record<string, unknown>) {
  const asked = Array.isArray(props.Documents) ? (props.Documents as unknown[]) : [];
  if (asked.length === 0) return fail('Documents is empty');
  if (asked.length > 100) return fail('Documents limit is 100');
  const numbers = asked.map((d) => (d && typeof d === 'object' ? text((d as Record<string, unknown>).DocumentNumber) : ''));
  const unique = [...new Set(numbers.filter(Boolean))];
  const found = unique.length ? await emu.db.select().from(t).where(inArray(t.number, unique)) : [];
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
  return envelope(numbers.map((n) => (byNumber.has(n) ? trackingItem(byNumber.get(n)!) : notFoundItem(n))));
}

/** Every method: the address ones (as `answer`), waybills and tracking over the database. */
export async function answerAsync(req: NpRequest, emu: NpEmulatorOptions): Promise<NpEnvelope> {
  const props = req.methodProperties ?? {};
  if (req.modelName === 'InternetDocument' && emu.apiKey !== undefined) {
    if (!text(req.apiKey)) return fail('API key is not specified');
    if (text(req.apiKey) !== emu.apiKey) return fail('API key is invalid');
  }
  switch (`${req.modelName ?? ''}.${req.calledMethod ?? ''}`) {
    case 'InternetDocument.save':
      return saveDocument(emu, props);
    case 'InternetDocument.delete':
      return deleteDocuments(emu, props);
    case 'TrackingDocument.getStatusDocuments':
      return trackDocuments(emu, props);
    default:
      return answer(req);
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
  const emu: NpEmulatorOptions = { db: opts.db, apiKey: opts.apiKey, stepSeconds: opts.stepSeconds, now: opts.now, random: opts.random };
  app.post('/v2.0/json/', async (req) => answerAsync((req.body ?? {}) as NpRequest, emu));
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
