import { describe, expect, test } from 'vitest';
import { applyPercent, kopToUah, roundKop, uahToKop } from './money.ts';

describe('money', () => {
  test('one rounding rule: half away from zero', () => {
    expect(roundKop(10.5)).toBe(11);
    expect(roundKop(-10.5)).toBe(-11);
    expect(roundKop(10.49)).toBe(10);
    expect(() => roundKop(Number.NaN)).toThrow();
  });
  test('UAH and kopecks convert without drift', () => {
    expect(uahToKop(0.1 + 0.2)).toBe(30);
    expect(uahToKop('1234.56')).toBe(123456);
    expect(kopToUah(123456)).toBe(1234.56);
    expect(kopToUah(123456n)).toBe(1234.56);
    let sum = 0;
    for (let i = 0; i < 1000; i++) sum += uahToKop(0.1);
    expect(kopToUah(sum)).toBe(100);
  });
  test('percentages round once', () => {
    expect(applyPercent(10000, 12)).toBe(11200);
    expect(applyPercent(999, 12)).toBe(1119); // 1118.88
    expect(applyPercent(10000, -5)).toBe(9500);
  });
});
