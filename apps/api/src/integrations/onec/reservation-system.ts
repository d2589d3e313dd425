/**
 * Where orders are reserved (DESIGN.md section 4). Every call names the order by its number, so
 * a retried call (after a timeout whose request did reach 1C) finds the same reservation
 * instead of making a second one.
 */
export type ReservationAction = 'create' | 'update' | 'confirm' | 'cancel';

export interface ReservationOrder {
  number: string;
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
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}), 'idempotency-key': `${order.number}:${action}` },
          body: JSON.stringify({
            order_number: order.number,
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
