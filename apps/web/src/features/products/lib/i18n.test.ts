import { describe, expect, it } from 'vitest';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('products locales', () => {
  it('uk and ru have the same keys, none empty', () => {
    expect(keys(ru).sort()).toEqual(keys(uk).sort());
    for (const [lang, json] of [['uk', uk], ['ru', ru]] as const) {
      for (const k of keys(json)) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], json);
        expect(typeof v === 'string' && v.length > 0, `${lang}: ${k}`).toBe(true);
      }
    }
  });
});
