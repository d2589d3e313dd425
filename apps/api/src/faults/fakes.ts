/**
 * Stand-ins for the external systems of the fault tests, on ports that stay the same while they
 * are switched off (connections refused), made slow, made to fail and switched back on: an SMTP
 * server (a front that refuses, stalls or passes to a real smtp-server), the Nova Poshta JSON API
 * and the 1C reservation HTTP service. Each counts what reached it.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const listen = (server: net.Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Keeps `server` on one port; `down()` refuses new connections and cuts the open ones (pooled keep-alive ones too). */
async function switchable(server: net.Server) {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  let on = true;
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    get on() {
      return on;
    },
    async down() {
      if (!on) return;
      on = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cut();
      await closed;
    },
    async up() {
      if (on) return;
      await listen(server, port);
      on = true;
    },
    cut,
  };
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// SMTP

export interface FakeMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  at: number;
}

/**
 * `mode`: `up` passes connections to a real SMTP server, `stall` accepts them and never says a
 * word (the client's greeting timeout ends them), `down` refuses them. `stallAfterData` makes the
 * next deliveries reach the mailbox without the final answer (the client times out: the mail is
 * delivered, the sender cannot know).
 */
export async function fakeSmtp() {
  const mails: FakeMail[] = [];
  const state = { mode: 'up' as 'up' | 'stall', stallAfterData: 0, stalled: 0, passed: 0, stalledAfterData: 0 };
  const inner = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      const stall = state.stallAfterData > 0;
      if (stall) state.stallAfterData -= 1;
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.flatMap((a) => a.value) : (m.to?.value ?? []);
          for (const a of to) mails.push({ to: a.address ?? '', subject: m.subject ?? '', text: m.text ?? '', messageId: m.messageId ?? '', at: Date.now() });
          if (stall)
            state.stalledAfterData += 1; // stored, never acknowledged
          else cb();
        })
        .catch((e: Error) => cb(e));
    },
  });
  await listen(inner.server, 0);
  const innerPort = (inner.server.address() as AddressInfo).port;
  const stalledSockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    socket.on('error', () => {});
    if (state.mode === 'stall') {
      state.stalled += 1;
      stalledSockets.add(socket);
      socket.on('close', () => stalledSockets.delete(socket));
      return; // accepted, silent
    }
    state.passed += 1;
    const upstream = net.connect(innerPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  const sw = await switchable(front);
  return {
    url: `smtp://127.0.0.1:${sw.port}`,
    mails,
    state,
    /** Connections refused. */
    down: () => sw.down(),
    /** Connections accepted and left without a greeting. */
    async stall() {
      state.mode = 'stall';
      await sw.up();
    },
    async up() {
      state.mode = 'up';
      await sw.up();
    },
    /** Stalled connections the client has not given up yet. */
    openStalls: () => stalledSockets.size,
    async close() {
      await sw.down();
      await new Promise<void>((resolve) => inner.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Nova Poshta

export const NP_KYIV = '8d5a980d-391c-11dd-90d9-001a92567626';
export const NP_BRANCH = '1ec09d88-e1c2-11e3-8c4a-0050568002cf';

/** The sender of the fake's key (Counterparty.getCounterparties ...) and NP's one counterparty of private-person recipients. */
export const NP_SENDER = {
  counterpartyRef: '5953fb16-08d8-11e4-8958-0025909b4e33',
  contactRef: '6e9acced-d072-11e3-95eb-0050568046cd',
  phone: '380997979789',
  addressRef: '39931b80-e1c2-11e3-8c4a-0050568002cf',
};
const NP_PRIVATE_PERSON = '92875ced-bf9d-11e6-8ba8-005056881c6b';

export interface NpDocument {
  ref: string;
  number: string;
  statusCode: number;
  deleted: boolean;
  /** Our order number as the sender wrote it into the description. */
  description: string;
}

type NpMode = 'up' | 'slow' | 'error' | 'http500';

/**
 * The NP JSON API 2.0 envelope over the few methods the API uses. `slow` does the work at once
 * and answers after `slowMs` (a waybill asked for is made even if the caller stopped waiting; the
 * sender and recipient methods asked before it answer at once);
 * `error` answers `success: false`; `http500` a bare 500; `down()` refuses connections.
 */
export async function fakeNovaPoshta() {
  const state = { mode: 'up' as NpMode, slowMs: 8000 };
  const calls = new Map<string, number>();
  /** Tracking asks per waybill number, and how many of them were answered with an error. */
  const tracked = new Map<string, { asked: number; failed: number }>();
  const documents: NpDocument[] = [];
  let next = 20450000000001;

  const answer = (method: string, props: Record<string, unknown>): unknown[] => {
    switch (method) {
      case 'Address.searchSettlements':
        return [
          {
            TotalCount: 1,
            Addresses: [
              {
                Present: 'м. Київ, Київська обл.',
                Warehouses: 2,
                MainDescription: 'Київ',
                Area: 'Київська',
                Ref: 'e718a680-4b33-11e4-ab6d-005056801329',
                DeliveryCity: NP_KYIV,
              },
            ],
          },
        ];
      case 'AddressGeneral.getWarehouses':
        return [
          {
            Description: 'Відділення №1: вул. Пирогівський шлях, 135',
            ShortAddress: 'Київ, Пирогівський шлях, 135',
            Number: '1',
            Ref: NP_BRANCH,
            CategoryOfWarehouse: 'Branch',
          },
          {
            Description: 'Відділення №2: вул. Богатирська, 11',
            ShortAddress: 'Київ, Богатирська, 11',
            Number: '2',
            Ref: '7b422fc3-e1b8-11e3-8c4a-0050568002cf',
            CategoryOfWarehouse: 'Branch',
          },
        ];
      case 'Address.getStreet':
        return [{ Description: 'Хрещатик', Ref: 'c55c9056-4148-11dd-9198-001d60451983', StreetsType: 'вул.' }];
      // The sender the key belongs to and the recipient as NP's API 2.0 answers them (shapes: test/np-stand-in.ts).
      case 'Counterparty.getCounterparties':
        return [{ Description: 'ФОП Яковлєв Фелікс Едуардович', Ref: NP_SENDER.counterpartyRef, City: NP_KYIV, CounterpartyType: 'PrivatePerson' }];
      case 'Counterparty.getCounterpartyContactPersons':
        return [
          {
            Description: 'Яковлєв Фелікс Едуардович',
            Ref: NP_SENDER.contactRef,
            Phones: NP_SENDER.phone,
            LastName: 'Яковлєв',
            FirstName: 'Фелікс',
            MiddleName: 'Едуардович',
          },
        ];
      case 'Counterparty.getCounterpartyAddresses':
        return [{ Ref: NP_SENDER.addressRef, Description: 'Відділення №3: вул. Слобожанська, 13', CityRef: NP_KYIV, CityDescription: 'Київ' }];
      case 'Counterparty.save':
        return [
          {
            Ref: NP_PRIVATE_PERSON,
            Description: 'Приватна особа',
            CounterpartyType: 'PrivatePerson',
            ContactPerson: { success: true, data: [{ Ref: randomUUID() }], errors: [] },
          },
        ];
      case 'Address.save':
        return [{ Ref: randomUUID(), Description: String(props.BuildingNumber ?? '') }];
      case 'Address.delete':
        return [{ Ref: props.Ref }];
      case 'InternetDocument.save': {
        const doc: NpDocument = { ref: randomUUID(), number: String(next++), statusCode: 1, deleted: false, description: String(props.Description ?? '') };
        documents.push(doc);
        return [{ Ref: doc.ref, IntDocNumber: doc.number, CostOnSite: 70, EstimatedDeliveryDate: '03.01.2027' }];
      }
      case 'InternetDocument.delete': {
        const doc = documents.find((d) => d.ref === props.DocumentRefs);
        if (doc) doc.deleted = true;
        return [{ Ref: props.DocumentRefs }];
      }
      case 'TrackingDocument.getStatusDocuments':
        return (props.Documents as { DocumentNumber: string }[]).map(({ DocumentNumber }) => {
          const doc = documents.find((d) => d.number === DocumentNumber);
          return doc
            ? { Number: doc.number, StatusCode: String(doc.statusCode), Status: `status ${doc.statusCode}`, DocumentCost: '70' }
            : { Number: DocumentNumber, StatusCode: '3', Status: 'Номер не знайдено' };
        });
      default:
        return [];
    }
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = JSON.parse((await readBody(req)) || '{}') as { modelName?: string; calledMethod?: string; methodProperties?: Record<string, unknown> };
      const method = `${body.modelName}.${body.calledMethod}`;
      calls.set(method, (calls.get(method) ?? 0) + 1);
      const mode = state.mode;
      if (method === 'TrackingDocument.getStatusDocuments') {
        for (const d of (body.methodProperties?.Documents as { DocumentNumber: string }[]) ?? []) {
          const t = tracked.get(d.DocumentNumber) ?? { asked: 0, failed: 0 };
          t.asked += 1;
          if (mode === 'error' || mode === 'http500') t.failed += 1;
          tracked.set(d.DocumentNumber, t);
        }
      }
      if (mode === 'http500') {
        res.statusCode = 500;
        return res.end('Internal Server Error');
      }
      res.setHeader('content-type', 'application/json');
      if (mode === 'error') return res.end(JSON.stringify({ success: false, data: [], errors: ['Сервіс тимчасово недоступний'], warnings: [] }));
      const data = answer(method, body.methodProperties ?? {});
      // Slow is the waybill and the searches; the sender and the recipient (asked before the waybill) answer at once.
      if (mode === 'slow' && !method.startsWith('Counterparty.') && !method.startsWith('Address.save')) await sleep(state.slowMs);
      if (!res.destroyed) res.end(JSON.stringify({ success: true, data, errors: [], warnings: [] }));
    })();
  });
  const sw = await switchable(server);
  return {
    url: `http://127.0.0.1:${sw.port}/v2.0/json/`,
    state,
    calls,
    tracked,
    documents,
    down: () => sw.down(),
    async set(mode: NpMode) {
      state.mode = mode;
      await sw.up();
    },
    close: () => sw.down(),
  };
}

// ---------------------------------------------------------------------------------------------
// 1C

type OnecMode = 'up' | 'slow' | 'error';

export interface OnecOrder {
  /** The reservation 1C made for the order; made once, whatever the number of calls. */
  reservation: string | null;
  /** How many reservations 1C actually made for it (1 = no double). */
  reservationsMade: number;
  calls: { action: string; key: string; mode: OnecMode; revision: number | null; at: number }[];
  confirmed: boolean;
  cancelled: boolean;
  /** Lines of the last update applied, and the revisions applied. */
  lines: unknown;
  updates: number[];
}

/**
 * A 1C HTTP service (POST /hs/drop/reservations/{action}, basic auth drop:s@cret) that keeps the
 * contract the API relies on: a reservation is keyed by the order number, and a repeated
 * Idempotency-Key gets the answer the first call got (the work is not done twice). `slow` does
 * the work at once and answers after `slowMs`; `error` answers 500 without doing anything;
 * `down()` refuses connections. A confirm before the order's create is refused (409).
 */
export async function fakeOnec() {
  const state = { mode: 'up' as OnecMode, slowMs: 3000, badAuth: 0 };
  const orders = new Map<string, OnecOrder>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  let made = 0;
  const orderOf = (n: string) => {
    let o = orders.get(n);
    if (!o) orders.set(n, (o = { reservation: null, reservationsMade: 0, calls: [], confirmed: false, cancelled: false, lines: null, updates: [] }));
    return o;
  };

  const work = (action: string, o: OnecOrder, body: { lines?: unknown; revision?: number }): { status: number; body: unknown } => {
    if (action === 'create') {
      if (!o.reservation) {
        o.reservation = `R-${++made}`;
        o.reservationsMade += 1;
        o.lines = body.lines;
      }
      return { status: 200, body: { reservation: o.reservation } };
    }
    if (!o.reservation) return { status: 409, body: { error: 'Замовлення ще не зарезервовано' } };
    if (action === 'update') {
      o.lines = body.lines;
      o.updates.push(body.revision ?? -1);
    }
    if (action === 'confirm') o.confirmed = true;
    if (action === 'cancel') o.cancelled = true;
    return { status: 200, body: { reservation: o.reservation } };
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Basic ${Buffer.from('drop:s@cret').toString('base64')}`) {
        state.badAuth += 1;
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: 'unauthorized' }));
      }
      const action = /\/reservations\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '';
      const body = JSON.parse(raw || '{}') as { order_number?: string; revision?: number; lines?: unknown };
      const key = String(req.headers['idempotency-key'] ?? '');
      const mode = state.mode;
      const o = orderOf(String(body.order_number));
      o.calls.push({ action, key, mode, revision: body.revision ?? null, at: Date.now() });
      if (mode === 'error') {
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: 'Помилка 1С: база заблокована' }));
      }
      let result = byKey.get(key);
      if (!result) {
        result = work(action, o, body);
        if (result.status === 200) byKey.set(key, result);
      }
      if (mode === 'slow') await sleep(state.slowMs);
      if (res.destroyed) return;
      res.statusCode = result.status;
      res.end(JSON.stringify(result.body));
    })();
  });
  const sw = await switchable(server);
  return {
    url: `http://drop:s%40cret@127.0.0.1:${sw.port}/hs/drop`,
    state,
    orders,
    down: () => sw.down(),
    async set(mode: OnecMode) {
      state.mode = mode;
      await sw.up();
    },
    close: () => sw.down(),
  };
}
