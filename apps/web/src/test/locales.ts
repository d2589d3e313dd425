import { expect } from 'vitest';

/** Every leaf key of a locale file, as a dotted path. */
export const localeKeys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? localeKeys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

/** uk and ru have the same keys and, with `nonEmpty`, no empty text. */
export function expectSameLocaleKeys(uk: object, ru: object, { nonEmpty = true } = {}): void {
  expect(localeKeys(ru).sort()).toEqual(localeKeys(uk).sort());
  if (!nonEmpty) return;
  for (const [lang, json] of [
    ['uk', uk],
    ['ru', ru],
  ] as const) {
    for (const k of localeKeys(json)) {
      const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], json);
      expect(typeof v === 'string' && v.length > 0, `${lang}: ${k}`).toBe(true);
    }
  }
}
