/**
 * Where orders are reserved (DESIGN.md section 4). Every call names the order by its number, so
 * a retried call (after a timeout whose request did reach 1C) finds the same reservation
 * instead of making a second one.
 */
export type ReservationAction = 'create' | 'update' | 'confirm' | 'cancel';

export interface ReservationOrder {
  number: string;
  /** The order's edit counter: each edit is a new update for 1C (and a new idempotency key). */
  revision: number;
  lines: { code: number; vendorCode: string; qty: number; priceKop: number }[];
  recipient: string;
  comment: string | null;
}

export interface ReservationSystem {
  readonly name: string;
  /** Returns the reservation number in the supplier's system. */
  call(action: ReservationAction, order: ReservationOrder): Promise<{ reservation: string }>;
}

export class ReservationError extends Error {}

/** Stock is reserved in our own tables at placement; the reservation is the order itself. */
export const embeddedReservations: ReservationSystem = {
  name: 'embedded',
  async call(_action, order) {
    return { reservation: `E-${order.number}` };
  },
};

/**
 * Names one call for 1C: a retry of it carries the same key, another call a new one. An order is
 * created, confirmed and cancelled once, but edited any number of times: an update is keyed by
 * the revision it sends, so a second edit is not taken for a repeat of the first.
 */
export function idempotencyKey(action: ReservationAction, order: Pick<ReservationOrder, 'number' | 'revision'>): string {
  return action === 'update' ? `${order.number}:update:${order.revision}` : `${order.number}:${action}`;
}

/** A 1C HTTP service: POST {ONEC_URL}/reservations/{action} with basic auth from the URL. */
export function onecHttpReservations(url: string, timeoutMs: number): ReservationSystem {
  const u = new URL(url);
  const auth = u.username ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}` : undefined;
  u.username = '';
  u.password = '';
  const base = u.toString().replace(/\/$/, '');
  return {
    name: 'onec-http',
    async call(action, order) {
      let res: Response;
      try {
        res = await fetch(`${base}/reservations/${action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}), 'idempotency-key': idempotencyKey(action, order) },
          body: JSON.stringify({
            order_number: order.number,
            revision: order.revision,
            recipient: order.recipient,
            comment: order.comment,
            lines: order.lines.map((l) => ({ code: l.code, vendor_code: l.vendorCode, qty: l.qty, price: l.priceKop / 100 })),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new ReservationError(`1C ${action}: ${(err as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (err as Error).message}`);
      }
      const body = (await res.json().catch(() => null)) as { reservation?: unknown; error?: unknown } | null;
      if (!res.ok || !body || typeof body.reservation !== 'string') {
        throw new ReservationError(`1C ${action}: HTTP ${res.status}${body?.error ? ` ${String(body.error)}` : ''}`);
      }
      return { reservation: body.reservation };
    },
  };
}
