import { describe, expect, it } from 'vitest';
import { evaluateCartForm, initialPrice, minimumPrice, parsePrice, parseQty, sanitizePriceInput, sanitizeQtyInput, snapPrice } from './cart-form.ts';

const item = { dropPrice: 100, recommendedPrice: 150, stock: 5 };

describe('cart form rules', () => {
  it('parses quantities and prices as typed', () => {
    expect(sanitizeQtyInput('1a2-3')).toBe('123');
    expect(parseQty('')).toBeNull();
    expect(parseQty('0')).toBe(0);
    expect(parseQty('12')).toBe(12);
    expect(sanitizePriceInput('1 250,5 грн')).toBe('1250,5');
    expect(parsePrice('1250,5')).toBe(1250.5);
    expect(parsePrice('12.')).toBe(12);
    expect(parsePrice('.')).toBeNull();
    expect(parsePrice('')).toBeNull();
  });

  it('snaps a price below drop up to drop and keeps whole kopecks', () => {
    expect(snapPrice('50', 100)).toBe('100.00');
    expect(snapPrice('99.999', 100)).toBe('100.00');
    expect(snapPrice('120,456', 100)).toBe('120.46');
    expect(snapPrice('100', 100)).toBe('100.00');
    expect(snapPrice('', 100)).toBe('');
    expect(initialPrice({ ...item, retailPrice: 80 } as never)).toBe('100.00');
    expect(initialPrice({ ...item, retailPrice: 140 } as never)).toBe('140.00');
  });

  it('counts the profit in whole kopecks: (retail − drop) × qty', () => {
    expect(evaluateCartForm(item, '3', '150.10').profit).toBe(150.3);
    expect(evaluateCartForm({ ...item, dropPrice: 0.1 }, '3', '0.3').profit).toBe(0.6);
    expect(evaluateCartForm(item, '', '150').profit).toBeNull();
  });

  it('allows confirm only with qty ≥ 1 and a price not below drop', () => {
    expect(evaluateCartForm(item, '1', '150').canSubmit).toBe(true);
    expect(evaluateCartForm(item, '0', '150')).toMatchObject({ canSubmit: false, qtyTooSmall: true });
    expect(evaluateCartForm(item, '', '150')).toMatchObject({ canSubmit: false, qtyTooSmall: true });
    expect(evaluateCartForm(item, '10001', '150')).toMatchObject({ canSubmit: false, qtyTooBig: true });
    expect(evaluateCartForm(item, '1', '99.99')).toMatchObject({ canSubmit: false, belowDrop: true, belowRecommended: false });
    expect(evaluateCartForm(item, '1', '')).toMatchObject({ canSubmit: false, priceMissing: true });
  });

  it('warns below the recommended price and above stock without blocking', () => {
    expect(evaluateCartForm(item, '1', '149.99')).toMatchObject({ belowRecommended: true, aboveStock: false, canSubmit: true });
    expect(evaluateCartForm(item, '6', '150')).toMatchObject({ belowRecommended: false, aboveStock: true, canSubmit: true });
  });

  it('refuses a price below the recommended one while the supplier enforces it (issue 26 p.1)', () => {
    expect(evaluateCartForm(item, '1', '149.99', true)).toMatchObject({ belowFloor: true, canSubmit: false });
    expect(evaluateCartForm(item, '1', '99', true)).toMatchObject({ belowDrop: true, belowFloor: true, canSubmit: false });
    expect(evaluateCartForm(item, '1', '150', true)).toMatchObject({ belowFloor: false, belowRecommended: false, canSubmit: true });
    // Floor off: below recommended is a warning only, below drop still blocks.
    expect(evaluateCartForm(item, '1', '149.99', false)).toMatchObject({ belowFloor: false, belowRecommended: true, canSubmit: true });
    expect(evaluateCartForm(item, '1', '99', false)).toMatchObject({ belowFloor: false, canSubmit: false });
    expect(minimumPrice(item, true)).toBe(150);
    expect(minimumPrice(item, false)).toBe(100);
    expect(minimumPrice({ dropPrice: 200, recommendedPrice: 150 }, true)).toBe(200);
  });
});
