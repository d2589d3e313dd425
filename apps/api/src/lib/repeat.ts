import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` every `intervalMs`, and again at once while it reports a full batch (`true`), never
 * two at a time. A failing pass is logged and retried on the next tick. Answers a stop function
 * that waits for a running pass.
 */
export function repeatEvery(intervalMs: number, pass: () => Promise<boolean>, log: FastifyBaseLogger, what: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await pass())) {
          /* a full batch: more waiting */
        }
      } catch (err) {
        log.error({ err }, `${what} failed; retrying on the next tick`);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
