import { describe, expect, it } from 'vitest';
import { chartDay } from './chart-day.ts';

describe('chartDay (SPEC 9: short dates DD/MM)', () => {
  it.each([
    ['17.11', '17/11'],
    ['01.02', '01/02'],
    ['2026-11-17', '17/11'],
    ['2026-11-17T10:00:00Z', '17/11'],
    ['', ''],
    ['x', 'x'],
  ])('%s -> %s', (input, out) => expect(chartDay(input)).toBe(out));
});
