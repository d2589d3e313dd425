import { describe, it } from 'vitest';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';
import { expectSameLocaleKeys } from '../../../test/locales.ts';

describe('products locales', () => {
  it('uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });
});
