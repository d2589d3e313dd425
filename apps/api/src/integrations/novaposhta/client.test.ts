/**
 * The NP client's reading of NP's answers (issue 25, points 8-9): a refusal (HTTP 200,
 * success:false) is CarrierRefused with NP's codes and texts; the network, a timeout, an HTTP 5xx or
 * a body that is not NP's envelope is CarrierError (an outage); the sender found with the key.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { CarrierError, CarrierRefused, NpSenderIncomplete, novaPoshtaClient, splitName } from './client.ts';
import { npStandIn, STAND_IN_SENDER } from '../../test/np-stand-in.ts';

const quiet = () => undefined;
const log = { warn: quiet, info: quiet, error: quiet, debug: quiet, trace: quiet, fatal: quiet, child: () => log } as unknown as FastifyBaseLogger;
const servers: { close: () => unknown }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server that answers every call with `status` and `body` (a string as it is, else JSON); `hang` never answers. */
async function answering(status: number, body: unknown, hang = false) {
  const server = http.createServer((req, res) => {
    req.resume();
    if (hang) return;
    res.statusCode = status;
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push({ close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2.0/json/`;
}
const client = (url: string, timeoutMs = 1000) => novaPoshtaClient({ url: () => url, apiKey: 'k', log, timeoutMs });
const caught = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe('what NP answered', () => {
  test('success:false is CarrierRefused with each code beside its text (errors as a list or keyed by code)', async () => {
    const list = await caught(client(await answering(200, { success: false, data: [], errors: ['API auth fail'], errorCodes: ['20000200068'] })).senderProfile());
    expect(list).toBeInstanceOf(CarrierRefused);
    expect((list as CarrierRefused).refusals).toEqual([{ code: '20000200068', text: 'API auth fail' }]);
    expect((list as CarrierRefused).method).toBe('Counterparty.getCounterparties');
    const keyed = await caught(client(await answering(200, { success: false, data: [], errors: { '20000300434': 'RecipientsPhone invalid format' } })).senderProfile());
    expect((keyed as CarrierRefused).refusals).toEqual([{ code: '20000300434', text: 'RecipientsPhone invalid format' }]);
  });

  test('an outage is CarrierError, never CarrierRefused: HTTP 5xx, a page that is not JSON, a timeout, NP\'s own "Service Unavailable"', async () => {
    for (const url of [
      await answering(502, '<html>Bad Gateway</html>'),
      await answering(500, { success: false, errors: ['Internal'] }),
      await answering(200, '<html>maintenance</html>'),
      await answering(200, { success: false, data: [], errors: ['Service Unavailable'], errorCodes: ['20000100016'] }),
      await answering(200, {}, true),
    ]) {
      const e = await caught(client(url, 300).senderProfile());
      expect(e, url).toBeInstanceOf(CarrierError);
      expect(e, url).not.toBeInstanceOf(CarrierRefused);
    }
  });
});

describe('the sender found with the key', () => {
  test('no sender counterparty, or no address: NpSenderIncomplete names what is missing; a picked address no longer listed falls back to the only one', async () => {
    const none = await caught(client(await answering(200, { success: true, data: [], errors: [] })).resolveSender(null));
    expect(none).toBeInstanceOf(NpSenderIncomplete);
    expect((none as NpSenderIncomplete).missing).toBe('counterparty');

    const np = await npStandIn({ addresses: [] });
    servers.push(np);
    const c = client(np.url);
    expect(((await caught(c.resolveSender(null))) as NpSenderIncomplete).missing).toBe('address');
    np.state.addresses = STAND_IN_SENDER.addresses;
    await c.senderProfile(true);
    expect(await c.resolveSender('gone-ref')).toEqual({
      counterpartyRef: STAND_IN_SENDER.counterpartyRef,
      contactRef: STAND_IN_SENDER.contactRef,
      phone: STAND_IN_SENDER.phone,
      cityRef: STAND_IN_SENDER.addresses[0]!.CityRef,
      addressRef: STAND_IN_SENDER.addresses[0]!.Ref,
    });
    // Asked once: three calls for the profile however many waybills follow, until a refresh.
    await c.resolveSender(null);
    expect(np.of('Counterparty.getCounterparties')).toHaveLength(2);
  });

  test('a recipient name without its parts splits as "Last First Middle"', () => {
    expect(splitName('  Коваленко  Олена Петрівна ')).toEqual({ lastName: 'Коваленко', firstName: 'Олена', middleName: 'Петрівна' });
    expect(splitName('Коваленко')).toEqual({ lastName: 'Коваленко', firstName: '', middleName: '' });
  });
});
