import { describe, expect, test } from 'vitest';
import { formatDate, formatDateShort, formatMoney, formatPhone, formatQty, kyivParts } from './format.ts';
import { normalizePhone } from './auth.ts';
import { userBadge } from './user-badge.ts';

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

describe('kyivParts', () => {
  test('reads the Kyiv wall clock, summer and winter time', () => {
    expect(kyivParts(new Date('2026-07-01T21:05:09Z'))).toEqual({ year: '2026', month: '07', day: '02', hour: '00', minute: '05', second: '09' });
    expect(kyivParts(new Date('2026-12-31T22:00:00Z'))).toEqual({ year: '2027', month: '01', day: '01', hour: '00', minute: '00', second: '00' });
  });
});
