import { describe, expect, it } from 'vitest';
import { CONNECTION_STATUSES, DRAFT_PROBLEMS, MARKETPLACE_ORDER_STATUSES, MARKETPLACES } from '@drop/shared';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';
import { expectSameLocaleKeys, localeKeys } from '../../../test/locales.ts';

describe('marketplaces locales', () => {
  it('uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('name every marketplace, connection status, draft tab and problem the API sends', () => {
    const all = localeKeys(uk);
    const need = [
      ...MARKETPLACES.map((m) => `names.${m}`),
      ...CONNECTION_STATUSES.map((s) => `status.${s}`),
      ...MARKETPLACE_ORDER_STATUSES.flatMap((s) => [`drafts.tabs.${s}`, `drafts.emptyTitle.${s}`, `drafts.emptyText.${s}`]),
      ...DRAFT_PROBLEMS.map((p) => `problems.${p}`),
    ];
    expect(need.filter((k) => !all.includes(k))).toEqual([]);
  });
});
