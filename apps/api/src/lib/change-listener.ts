import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/**
 * A cache that is only used while its invalidations can be heard. The listener turns it on
 * once it LISTENs and off (empty) whenever the connection is lost, and hands it every payload
 * of its channels.
 */
export interface ChangeSubscriber {
  readonly channels: readonly string[];
  onChange(channel: string, payload: string | undefined): void;
  /** On: start caching (from empty). Off: forget everything and stop caching. */
  setListening(on: boolean): void;
}

/**
 * LISTENs on the subscribers' channels (the triggers of migrations 0004 and 0011 notify at
 * commit). On PostgreSQL one dedicated connection, re-established after a failure with backoff
 * (the caches are off and empty meanwhile); on PGlite the embedded instance's own
 * notifications. Returns a stop function.
 */
export async function listenForChanges(
  database: Database,
  subscribers: readonly ChangeSubscriber[],
  log: FastifyBaseLogger,
  connectionString?: string,
): Promise<() => Promise<void>> {
  const channels = [...new Set(subscribers.flatMap((s) => s.channels))];
  const dispatch = (channel: string, payload: string | undefined) => {
    for (const s of subscribers) if (s.channels.includes(channel)) s.onChange(channel, payload);
  };
  const setAll = (on: boolean) => {
    for (const s of subscribers) s.setListening(on);
  };

  if (database.lite) {
    const lite = database.lite;
    const unlisten = await Promise.all(channels.map((ch) => lite.listen(ch, (payload) => dispatch(ch, payload))));
    setAll(true);
    return async () => {
      setAll(false);
      await Promise.all(unlisten.map((u) => u()));
    };
  }
  if (!connectionString) return async () => {};

  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    const fail = (err?: Error) => {
      if (client !== c) return;
      client = null;
      setAll(false);
      void c.end().catch(() => {});
      if (stopped) return;
      if (err) log.warn({ err }, 'change listener lost; caches are off until it reconnects');
      retry = setTimeout(() => void connect(), delay);
      // At most 5 s apart: the caches are off meanwhile, so a restarted database is heard again within seconds.
      delay = Math.min(delay * 2, 5_000);
    };
    c.on('error', fail);
    c.on('end', () => fail());
    c.on('notification', (n) => dispatch(n.channel, n.payload));
    try {
      await c.connect();
      await c.query(channels.map((ch) => `LISTEN ${ch}`).join('; '));
      if (client !== c) return;
      // Anything may have changed while nobody listened: the caches start empty.
      setAll(true);
      delay = 500;
    } catch (err) {
      fail(err as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    setAll(false);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
