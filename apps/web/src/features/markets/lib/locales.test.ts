import { describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import uk from '../../../locales/uk.json';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('app locales', () => {
  it('uk and ru have the same keys', () => {
    expect(keys(ru).sort()).toEqual(keys(uk).sort());
  });

  it('name the markup profile option as the spec does', () => {
    expect(uk.markets.profileOption).toBe('Мій профіль націнки');
    expect(ru.markets.profileOption).toBe('Мой профиль наценки');
  });
});
