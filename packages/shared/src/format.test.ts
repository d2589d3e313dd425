import { describe, expect, test } from 'vitest';
import { formatDate, formatDateShort, formatMoney, formatPhone, formatQty } from './format.ts';
import { normalizePhone, userBadge } from './auth.ts';

describe('formatting (SPEC section 9)', () => {
  test('dates', () => {
    const d = new Date(2025, 0, 23, 9, 5);
    expect(formatDate(d)).toBe('23.01.2025 09:05');
    expect(formatDateShort(d)).toBe('23/01 09:05');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    const unix = Math.floor(d.getTime() / 1000);
    expect(formatDate(unix)).toBe('23.01.2025 09:05');
    expect(formatDate(String(unix))).toBe('23.01.2025 09:05');
    expect(formatDate(5000)).toBe('-');
  });
  test('money', () => {
    expect(formatMoney(1234.5)).toBe('1 234.50');
    expect(formatMoney(1234.5, true)).toBe('1 234.50 грн.');
    expect(formatMoney(-5)).toBe('-5.00');
    expect(formatMoney(null)).toBe('-');
  });
  test('quantity text', () => {
    expect([0, 1, 10, 11, 19, 20, 99, 100, 500].map(formatQty)).toEqual(['-', '1', '10', '< 20', '< 20', '< 100', '< 100', '> 100', '> 100']);
    expect(formatQty(undefined)).toBe('-');
  });
  test('phones', () => {
    expect(normalizePhone('+38 (050) 123-45-67')).toBe('+380501234567');
    expect(normalizePhone('0501234567')).toBe('+380501234567');
    expect(normalizePhone('380501234567')).toBe('+380501234567');
    expect(normalizePhone('12345')).toBeNull();
    expect(formatPhone('+380501234567')).toBe('+38 (050) 123-45-67');
  });
  test('badge: VIP with discount, else Verified, else New', () => {
    expect(userBadge({ discount: 5, is_verified: true })).toEqual({ kind: 'vip', label: 'VIP -5%' });
    expect(userBadge({ discount: 0, is_verified: true }).kind).toBe('verified');
    expect(userBadge({ discount: 0, is_verified: false }).kind).toBe('new');
  });
});
