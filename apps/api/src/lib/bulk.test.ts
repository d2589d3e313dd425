import { describe, expect, test } from 'vitest';
import { translate } from '@drop/shared';
import { AppError } from './errors.ts';
import { bulkResult, runRows } from './bulk.ts';

describe('rows', () => {
  test("an unexpected error is its row's generic error and a log line, the other rows run on; results keep the order of the ids at any concurrency", async () => {
    const logged: unknown[] = [];
    const ctx = { locale: 'ru', log: { error: (...a: unknown[]) => logged.push(a) } } as unknown as Parameters<typeof runRows>[0];
    const ids = [5, 4, 3, 2, 1];
    const rows = await runRows(ctx, ids, 'test', 4, async (id) => {
      // The later ids finish first.
      await new Promise((r) => setTimeout(r, id * 5));
      if (id === 3) throw new TypeError('boom');
      if (id === 2) throw AppError.notFound();
    });
    expect(rows).toEqual([
      { id: 5, ok: true },
      { id: 4, ok: true },
      { id: 3, ok: false, code: 'ServerError', error: translate('server_error', 'ru') },
      { id: 2, ok: false, code: 'NotFound', error: translate('not_found', 'ru') },
      { id: 1, ok: true },
    ]);
    expect(logged).toHaveLength(1);
    expect(bulkResult(rows)).toMatchObject({ meta: { total: 5, ok: 3, failed: 2 } });
  });
});
