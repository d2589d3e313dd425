import { describe, expect, it } from 'vitest';
import { messages } from '@drop/shared';
import ru from '../../../locales/ru.json';
import uk from '../../../locales/uk.json';
import { FINANCE_MESSAGE_KEYS } from './messages.ts';
import { parseAmount } from './amount.ts';
import { receiptError } from './receipt.ts';

const keysOf = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keysOf(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe('finance texts', () => {
  it('say what the API says for every shared message key, in both languages', () => {
    for (const key of FINANCE_MESSAGE_KEYS) {
      // i18next interpolates {{max}}; the shared texts use {max}.
      expect(uk.finance.validation[key].replace(/\{\{(\w+)\}\}/g, '{$1}')).toBe(messages[key].uk);
      expect(ru.finance.validation[key].replace(/\{\{(\w+)\}\}/g, '{$1}')).toBe(messages[key].ru);
    }
  });

  it('exist in uk and ru with the same keys', () => {
    expect(keysOf(ru.finance).sort()).toEqual(keysOf(uk.finance).sort());
  });
});

describe('finance input rules', () => {
  it('parses typed amounts', () => {
    expect(parseAmount('1 250,50')).toBe(1250.5);
    expect(parseAmount('12.')).toBe(12);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1.2.3')).toBeNull();
  });

  it('checks receipts by type (or extension when the browser gives none) and size', () => {
    expect(receiptError({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(receiptError({ name: 'scan.HEIC', type: '', size: 10 })).toBeNull();
    expect(receiptError({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('not_a_receipt');
    expect(receiptError({ name: 'a.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('file_too_large');
  });
});
