import { describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import uk from '../../../locales/uk.json';
import { expectSameLocaleKeys } from '../../../test/locales.ts';

describe('app locales', () => {
  it('uk and ru have the same keys', () => {
    expectSameLocaleKeys(uk, ru, { nonEmpty: false });
  });

  it('name the markup profile option as the spec does', () => {
    expect(uk.markets.profileOption).toBe('Мій профіль націнки');
    expect(ru.markets.profileOption).toBe('Мой профиль наценки');
  });
});
