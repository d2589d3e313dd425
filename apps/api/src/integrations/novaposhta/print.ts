import type { FastifyBaseLogger } from 'fastify';
import { CarrierError, CarrierRefused } from './client.ts';

/**
 * Nova Poshta's print service (my.novaposhta.ua, not the JSON API): the 100×100 mm marking of
 * one or more documents as one PDF, asked by their numbers (EN) or refs and the sender's key:
 *   GET {base}/orders/printMarking100x100/orders[]/{n1,n2,...}/type/pdf/apiKey/{key}
 * (other forms exist: /orders/printMarking/100x100/orders/{...}/type/pdf8/apiKey/{key}, pdf8 =
 * eight 100×100 labels on an A4 sheet). The service answers an HTML page instead of a PDF when
 * the key is wrong or it knows none of the documents (no JSON envelope, no HTTP error): any answer
 * that is not a PDF is a refusal; the network, a timeout or an HTTP 5xx is an outage.
 */
export const NP_PRINT_MARKING_PATH = '/orders/printMarking100x100/orders[]';

export function markingUrl(base: string, numbers: string[], apiKey: string): string {
  const docs = numbers.map((n) => encodeURIComponent(n)).join(',');
  return `${base.replace(/\/+$/, '')}${NP_PRINT_MARKING_PATH}/${docs}/type/pdf/apiKey/${encodeURIComponent(apiKey)}`;
}

/** One PDF with one 100×100 mm page per document, in the order asked. */
export async function fetchMarkings(
  opts: { base: string; apiKey: string; timeoutMs?: number; log: FastifyBaseLogger },
  numbers: string[],
): Promise<Uint8Array> {
  const method = 'printMarking100x100';
  if (numbers.length === 0) throw new Error('no documents to print');
  let res: Response;
  let body: Uint8Array;
  try {
    res = await fetch(markingUrl(opts.base, numbers, opts.apiKey), { signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000) });
    body = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    opts.log.warn({ err, method }, 'nova poshta print service unreachable');
    throw new CarrierError(`Nova Poshta ${method}: ${(err as Error).message}`);
  }
  if (res.status >= 500) {
    opts.log.warn({ status: res.status, method }, 'nova poshta print service unavailable');
    throw new CarrierError(`Nova Poshta ${method}: HTTP ${res.status}`);
  }
  const isPdf = body.length > 4 && Buffer.from(body.subarray(0, 5)).toString('latin1') === '%PDF-';
  if (!res.ok || !isPdf) {
    // An HTML page (a wrong key, documents it does not know): its words are NP's reason.
    const text =
      Buffer.from(body.subarray(0, 4000))
        .toString('utf8')
        .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200) || `HTTP ${res.status}`;
    opts.log.warn({ status: res.status, method, text }, 'nova poshta print service refused');
    throw new CarrierRefused(method, [{ code: null, text }]);
  }
  return body;
}
