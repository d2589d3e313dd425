import { describe, expect, it } from 'vitest';
import { evaluateLine, lineServerErrors, linesInput, linesTotals, type LineDraft } from './order-lines.ts';

const line = (over: Partial<LineDraft> = {}): LineDraft => ({
  id: 1,
  productId: 3,
  name: 'Чохол',
  code: 3,
  vendorCode: 'BA-1',
  dropPrice: 75.26,
  qty: '2',
  price: '94.00',
  ...over,
});

describe('order lines', () => {
  it('blocks a price below drop and a quantity below 1', () => {
    expect(evaluateLine(line({ price: '75.25' }))).toMatchObject({ belowDrop: true, valid: false });
    expect(evaluateLine(line({ qty: '0' }))).toMatchObject({ qtyTooSmall: true, valid: false });
    expect(evaluateLine(line({ productId: null }))).toMatchObject({ unavailable: true, valid: false });
    expect(evaluateLine(line())).toMatchObject({ valid: true, profit: 37.48 });
  });

  it('sums in kopecks and builds the PUT lines', () => {
    const lines = [line(), line({ id: 2, productId: 4, dropPrice: 10.1, qty: '3', price: '12,5' })];
    expect(linesTotals(lines)).toEqual({ wholesale: 180.82, retail: 225.5, profit: 44.68, valid: true });
    expect(linesInput(lines)).toEqual([
      { product_id: 3, qty: 2, retail_price: 94 },
      { product_id: 4, qty: 3, retail_price: 12.5 },
    ]);
    expect(linesInput([line({ price: '1' })])).toBeNull();
    expect(linesTotals([]).valid).toBe(false);
  });

  it('maps products.{i}.{field} server errors to lines', () => {
    expect(lineServerErrors({ 'products.1.qty': ['Забагато'], 'products.0.retail_price': ['Низька'], last_name: ['x'] })).toEqual({
      1: { qty: 'Забагато' },
      0: { retail_price: 'Низька' },
    });
  });
});
