import { describe, expect, it } from 'vitest';
import {
  emptyExportForm,
  errorText,
  exportField,
  exportFormOf,
  exportFormSchema,
  exportPayload,
  newExtraRow,
  type ExportFormValues,
  type MarketChoice,
} from './export-form.ts';
import { feed } from '../../../test/fixtures/feeds.ts';

const allowed = { verified: true, markets: [{ id: 7, name: 'Prom' }] };
const filled = (over: Partial<ExportFormValues> = {}): ExportFormValues => ({
  ...emptyExportForm(),
  name: ' Prom ',
  shop: { short_name: 'Shop', company: '', url: '' },
  ...over,
});

/** The form schema's messages by field name (as zodResolver places them). */
function validate(v: ExportFormValues, market: MarketChoice = allowed): Record<string, string> | null {
  const res = exportFormSchema(market).safeParse(v);
  return res.success ? null : Object.fromEntries(res.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('exportPayload', () => {
  it('sends markup only for the markup sources and market_id only for the store source', () => {
    expect(exportPayload(filled({ markup: '12' }))).not.toHaveProperty('markup');
    expect(exportPayload(filled({ markup: '12' }))).not.toHaveProperty('market_id');
    expect(exportPayload(filled({ price_source: 'drop_markup', markup: '12,5' })).markup).toBe(12.5);
    expect(exportPayload(filled({ price_source: 'market', market_id: 7, markup: '3' }))).toMatchObject({ market_id: 7 });
    expect(exportPayload(filled({ price_source: 'market', market_id: 7 }))).not.toHaveProperty('markup');
  });

  it('trims, sorts the categories and keeps every extra row in order', () => {
    const p = exportPayload(
      filled({
        categories: [9, 3, 9],
        extra_fields: [newExtraRow({ param: ' A ', value: ' 1 ' }), newExtraRow({ type: 'field', param: 'b' })],
        price_from: '10,5',
        price_to: '',
      }),
    );
    expect(p).toMatchObject({ name: 'Prom', categories: [3, 9], price_from: 10.5, price_to: null });
    expect(p.extra_fields).toEqual([
      { type: 'param', param: 'A', value: '1' },
      { type: 'field', param: 'b', value: '' },
    ]);
  });

  it('round-trips a DTO', () => {
    const dto = feed(3, {
      price_source: 'drop_markup',
      markup: 25,
      price_from: 100,
      categories: [2],
      extra_fields: [{ type: 'param', param: 'Гарантія', value: '12' }],
      interval_hours: 6,
    });
    expect(exportPayload(exportFormOf(dto))).toEqual({
      name: 'Файл 3',
      file_type: 'yml',
      shop: { short_name: 'Shop', company: '', url: '' },
      price_source: 'drop_markup',
      markup: 25,
      price_from: 100,
      price_to: null,
      categories: [2],
      extra_fields: [{ type: 'param', param: 'Гарантія', value: '12' }],
      name_format: 'name',
      interval_hours: 6,
    });
  });
});

describe('exportFormSchema', () => {
  it('checks the request with the shared schema, its issues at the form fields', () => {
    const rows = [newExtraRow({ type: 'field', param: 'price' }), newExtraRow({ param: '' })];
    expect(
      validate({ ...emptyExportForm(), shop: { short_name: '', company: '', url: 'ftp://x' }, price_from: '20', price_to: '10', extra_fields: rows }),
    ).toEqual({
      name: 'required',
      'shop.short_name': 'required',
      'shop.url': 'invalid_url',
      price_to: 'price_range',
      'extra_fields.0.param': 'feed_field_reserved',
      'extra_fields.1.param': 'required',
    });
    expect(validate(filled({ price_from: 'abc' }))).toEqual({ price_from: 'invalid_type' });
    expect(validate(filled())).toBeNull();
  });

  it('asks for a markup with the markup sources and a store with the store source', () => {
    expect(validate(filled({ price_source: 'recommended_markup' }))).toEqual({ markup: 'required' });
    expect(validate(filled({ price_source: 'drop_markup', markup: '1001' }))).toEqual({ markup: 'too_big' });
    expect(validate(filled({ price_source: 'market' }))).toEqual({ market_id: 'required' });
    expect(validate(filled({ price_source: 'market', market_id: 7 }), { verified: false, markets: [] })).toEqual({ price_source: 'feed_market_not_verified' });
    expect(validate(filled({ price_source: 'market', market_id: 9 }))).toEqual({ market_id: 'market_not_found' });
    expect(validate(filled({ price_source: 'market', market_id: 7 }))).toBeNull();
  });

  it('translates message keys with the field limits', () => {
    expect(errorText('name', 'too_long', 'uk')).toBe('Максимальна довжина: 100 символів');
    expect(errorText('markup', 'too_big', 'ru')).toBe('Значение должно быть не больше 1000');
    expect(errorText('shop.url', 'Some server text', 'uk')).toBe('Some server text');
  });
});

describe('exportField', () => {
  it('maps API paths to form fields (shop fields, extra rows, categories to the picker, the list to its own error)', () => {
    const payload = exportPayload(filled({ extra_fields: [newExtraRow(), newExtraRow()] }));
    const field = (key: string) =>
      exportField(
        key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        payload,
      );
    expect(field('shop.url')).toBe('shop.url');
    expect(field('shop')).toBe('shop.short_name');
    expect(field('extra_fields.1.value')).toBe('extra_fields.1.value');
    expect(field('extra_fields.5.value')).toBe('root.extra_fields');
    expect(field('extra_fields')).toBe('root.extra_fields');
    expect(field('categories.0')).toBe('categories');
    expect(field('price_source')).toBe('price_source');
  });
});
