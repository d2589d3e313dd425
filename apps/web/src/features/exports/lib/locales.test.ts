import { describe, expect, it } from 'vitest';
import {
  FEED_BUILD_STATUSES,
  FEED_BUILD_TRIGGERS,
  FEED_EXTRA_FIELD_TYPES,
  FEED_INTERVALS,
  FEED_NAME_FORMATS,
  FEED_PRICE_SOURCES,
  FEED_STATUSES,
  FEED_WARNING_KINDS,
} from '@drop/shared';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';
import { expectSameLocaleKeys, localeKeys } from '../../../test/locales.ts';

describe('exports locales', () => {
  it('uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('name every value of the shared enums', () => {
    const all = localeKeys(uk);
    const need = [
      ...FEED_STATUSES.map((s) => `status.${s}`),
      ...FEED_PRICE_SOURCES.map((s) => `price.${s}`),
      ...FEED_PRICE_SOURCES.map((s) => `form.sources.${s}`),
      ...FEED_PRICE_SOURCES.map((s) => `form.sourceHints.${s}`),
      ...FEED_EXTRA_FIELD_TYPES.map((s) => `form.extraTypes.${s}`),
      ...FEED_NAME_FORMATS.map((s) => `form.nameFormats.${s}`),
      ...FEED_INTERVALS.map((s) => `form.intervals.${s}`),
      ...FEED_BUILD_STATUSES.map((s) => `buildStatus.${s}`),
      ...FEED_BUILD_TRIGGERS.map((s) => `triggers.${s}`),
      ...FEED_WARNING_KINDS.map((s) => `warningKinds.${s}`),
    ];
    for (const k of need) expect(all, k).toContain(k);
  });

  it('use the toasts the spec asks for', () => {
    expect([uk.toast.copied, ru.toast.copied]).toEqual(['Посилання скопійовано', 'Ссылка скопирована']);
    expect([uk.toast.created, uk.toast.updated]).toEqual(['Файл експорту створено', 'Файл експорту оновлено']);
    expect([ru.toast.created, ru.toast.updated]).toEqual(['Файл экспорта создан', 'Файл экспорта обновлён']);
  });
});
