import type { FastifyBaseLogger } from 'fastify';
import { normalizePhone, plainCityName, type ConnectionDto, type Locale } from '@drop/shared';
import type { Deps } from '../../lib/deps.ts';
import type { AuthedCtx, UserRow } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import type { MarketplaceDelivery } from '../../db/schema/index.ts';
import type { NovaPoshta } from '../../integrations/novaposhta/client.ts';
import { MpAuthError, MpRateLimited, type MpDelivery, type MpOrder } from '../../integrations/marketplaces/types.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { marketplacesRepo, type ConnectionRow } from './marketplaces.repository.ts';
import { credentialsOf, placeDraft } from './marketplaces.service.ts';
import { presentConnection } from './marketplaces.presenter.ts';

/**
 * The poller (issue 33, point 2): every connection is asked for new and changed orders every
 * MARKETPLACE_POLL_SECONDS; each new marketplace order with at least one line our catalogue knows
 * (by the offer id its feed published) becomes one draft, its address resolved to Nova Poshta's
 * refs. A connection is leased while it is polled (two processes never poll it at once, and one
 * that dies leaves it due again), and the draft is unique per marketplace order, so a second
 * poller, a reconnect or an order read twice never make a second one. Errors back off (doubling
 * up to an hour, or the marketplace's Retry-After); refused credentials stop the connection until
 * the reseller connects it again.
 */

const BATCH = 10;
/** A poll holds its connection this long at most (then another process may take it). */
const LEASE_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3600;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’'ʼ`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

async function cityByName(np: NovaPoshta, name: string | null): Promise<{ ref: string; name: string } | null> {
  if (!name) return null;
  const plain = plainCityName(name);
  if (!plain) return null;
  const found = await np.searchSettlements(plain, 10);
  const exact = found.filter((c) => norm(c.MainDescription) === norm(plain));
  const c = exact[0] ?? (found.length === 1 ? found[0] : undefined);
  return c ? { ref: c.DeliveryCity, name: c.MainDescription } : null;
}

/** A street as marketplaces write it ("вул. Паркова", "просп. Перемоги") → its name for NP's search. */
const plainStreet = (s: string) => s.replace(/^\s*(вул|вулиця|ул|улица|просп|проспект|пров|провулок|бульв|бул|пл|площа)\.?\s+/i, '').trim();

/** The marketplace's address in the carrier's refs, or the reason it could not be. NP not answering throws (the poll is retried). */
export async function resolveDelivery(np: NovaPoshta, d: MpDelivery): Promise<MarketplaceDelivery> {
  const base: MarketplaceDelivery = {
    service: d.carrier === 'nova_poshta' ? 'NovaPoshta' : 'other',
    method: d.method,
    carrierName: d.carrierName,
    cityRef: null,
    cityName: d.cityName,
    branchRef: null,
    branchName: d.method === 'Branch' ? d.branchText : null,
    streetRef: null,
    streetName: d.method === 'Courier' ? d.streetName : null,
    house: d.method === 'Courier' ? d.house : null,
    appt: d.method === 'Courier' ? d.appt : null,
    problem: null,
  };
  if (d.carrier !== 'nova_poshta') return { ...base, problem: 'not_nova_poshta' };
  if (d.method === 'Branch' && d.warehouseRef) {
    const w = await np.warehouseByRef(d.warehouseRef);
    if (w) return { ...base, cityRef: w.CityRef, cityName: w.CityDescription || base.cityName, branchRef: w.Ref, branchName: w.Description };
  }
  const city = d.cityRef ? { ref: d.cityRef, name: d.cityName ? plainCityName(d.cityName) : '' } : await cityByName(np, d.cityName);
  if (!city) return { ...base, problem: 'unknown_city' };
  const withCity = { ...base, cityRef: city.ref, cityName: city.name || base.cityName };
  if (d.method === 'Branch') {
    const number = d.branchNumber ?? (d.warehouseRef ? null : /№\s*(\d+)/.exec(d.branchText ?? '')?.[1]) ?? null;
    if (!number) return { ...withCity, problem: 'unknown_branch' };
    const list = await np.getWarehouses(city.ref, number, 30);
    const w = list.find((x) => String(x.Number) === number);
    return w ? { ...withCity, branchRef: w.Ref, branchName: w.Description } : { ...withCity, problem: 'unknown_branch' };
  }
  if (!d.streetName || !d.house) return { ...withCity, problem: 'unknown_street' };
  const wanted = plainStreet(d.streetName);
  const streets = await np.getStreet(city.ref, wanted, 10);
  const s = streets.find((x) => norm(x.Description) === norm(wanted)) ?? (streets.length === 1 ? streets[0] : undefined);
  return s ? { ...withCity, streetRef: s.Ref, streetName: s.Description } : { ...withCity, problem: 'unknown_street' };
}

/** The reseller's context for work the poller does on their behalf (an automatic placement). */
function ctxFor(deps: Deps, log: FastifyBaseLogger, user: UserRow): AuthedCtx {
  return { db: deps.db, deps, locale: (user.lang ?? 'uk') as Locale, log, ip: '', userAgent: 'marketplace-poller', user, deviceId: 0, tokenId: 0 };
}

/** New orders of one poll become drafts; answers how many were written. */
export async function ingest(deps: Deps, log: FastifyBaseLogger, c: ConnectionRow, orders: MpOrder[]): Promise<number> {
  const { db } = deps;
  await marketplacesRepo.dismissCancelled(
    db,
    c.userId,
    c.marketplace,
    c.account,
    orders.filter((o) => o.isCancelled).map((o) => o.externalId),
  );
  const byId = new Map<string, MpOrder>();
  for (const o of orders) if (o.isNew && o.externalId) byId.set(o.externalId, o);
  const known = await marketplacesRepo.known(db, c.userId, c.marketplace, c.account, [...byId.keys()]);
  const fresh = [...byId.values()].filter((o) => !known.has(o.externalId));
  if (fresh.length === 0) return 0;
  const codes = [...new Set(fresh.flatMap((o) => o.lines.map((l) => l.offerId)).filter((id) => /^\d{1,9}$/.test(id)))].map(Number);
  const productOf = new Map((await marketplacesRepo.productsByOffer(db, codes)).map((p) => [String(p.code), p.id]));
  const created: number[] = [];
  for (const o of fresh) {
    const lines = o.lines.map((l) => ({ ...l, productId: productOf.get(String(Number(l.offerId))) ?? null }));
    // An order with nothing of ours is another supplier's sale in the same store.
    if (!lines.some((l) => l.productId !== null)) continue;
    const delivery = await resolveDelivery(deps.novaPoshta, o.delivery);
    const row = await marketplacesRepo.insertDraft(db, {
      userId: c.userId,
      connectionId: c.id,
      marketplace: c.marketplace,
      account: c.account,
      externalId: o.externalId,
      orderedAt: o.orderedAt,
      lastName: o.lastName.slice(0, 120),
      firstName: o.firstName.slice(0, 120),
      middleName: o.middleName?.slice(0, 120) ?? null,
      phone: normalizePhone(o.phone) ?? o.phone.slice(0, 40),
      delivery,
      payment: o.payment,
      totalKop: o.totalKop,
      lines,
      comment: o.comment?.slice(0, 1000) ?? null,
      raw: o.raw as object,
    });
    if (row) created.push(row.id);
  }
  if (created.length > 0) {
    const [user] = await db.select().from(users).where(eq(users.id, c.userId));
    // auto_confirm_orders: clean drafts are placed (and, by the placement, confirmed) at once; a refused one keeps its reason.
    if (user?.autoConfirmOrders && !user.blocked) {
      const ctx = ctxFor(deps, log, user);
      for (const id of created) {
        try {
          await placeDraft(ctx, id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          await marketplacesRepo.setPlaceError(db, c.userId, id, err.code);
        }
      }
    }
  }
  return created.length;
}

/** One poll of one connection, its outcome written on the connection (the backoff included). */
export async function pollConnection(deps: Deps, log: FastifyBaseLogger, c: ConnectionRow): Promise<void> {
  const interval = deps.config.marketplacePollSeconds;
  const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
  try {
    const creds = credentialsOf(deps, c);
    if (!creds) return;
    const page = await deps.marketplaces[c.marketplace as keyof Deps['marketplaces']].poll(creds, c.cursor);
    const created = await ingest(deps, log, c, page.orders);
    if (created > 0) log.info({ connection: c.id, marketplace: c.marketplace, created }, 'marketplace orders in');
    await marketplacesRepo.updateConnection(deps.db, c.id, {
      status: 'active',
      failures: 0,
      lastError: null,
      lastPolledAt: new Date(),
      cursor: page.cursor ?? c.cursor,
      nextPollAt: at(interval),
    });
  } catch (err) {
    const failures = c.failures + 1;
    const message = (err as Error).message.slice(0, 500);
    if (err instanceof MpAuthError) {
      await marketplacesRepo.updateConnection(deps.db, c.id, { status: 'unauthorized', failures, lastError: message, lastPolledAt: new Date() });
    } else {
      const wait =
        err instanceof MpRateLimited ? Math.max(err.retryAfterSeconds, interval) : Math.min(interval * 2 ** Math.min(failures, 12), MAX_BACKOFF_SECONDS);
      await marketplacesRepo.updateConnection(deps.db, c.id, {
        status: 'failing',
        failures,
        lastError: message,
        lastPolledAt: new Date(),
        nextPollAt: at(wait),
      });
    }
    log.warn({ err: { message }, connection: c.id, marketplace: c.marketplace, failures }, 'marketplace poll failed');
  }
}

/** One pass: the due connections, leased, polled one after another. True when the batch was full (more may be due). */
export async function pollDue(deps: Deps, log: FastifyBaseLogger): Promise<boolean> {
  const due = await marketplacesRepo.claimDue(deps.db, BATCH, LEASE_SECONDS);
  for (const c of due) await pollConnection(deps, log, c);
  return due.length === BATCH;
}

export function startMarketplacePoller(deps: Deps, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  return repeatEvery(intervalMs, () => pollDue(deps, log), log, 'marketplace poll');
}

/** "Check now": the connection's poll at once (at most once a minute per connection). */
export async function pollNow(ctx: AuthedCtx, id: number): Promise<ConnectionDto> {
  const c = await marketplacesRepo.connection(ctx.db, ctx.user.id, id);
  if (!c) throw AppError.notFound();
  const hit = await ctx.deps.limiter.hit(`mp-poll:${id}`, 1, 60);
  if (!hit.allowed) throw AppError.tooMany(hit.retryAfter);
  await pollConnection(ctx.deps, ctx.log, c);
  const r = (await marketplacesRepo.connections(ctx.db, ctx.user.id)).find((x) => x.c.id === id);
  if (!r) throw AppError.notFound();
  return presentConnection(r.c, r.marketName, r.drafts);
}
