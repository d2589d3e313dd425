import { describe, expect, it } from 'vitest';
import {
  emptyExportForm,
  errorText,
  exportFormOf,
  exportPayload,
  newExtraRow,
  serverFieldErrors,
  validateExportForm,
  type ExportFormValues,
} from './export-form.ts';
import { feed } from '../../../test/fixtures/feeds.ts';

const allowed = { verified: true, markets: [{ id: 7, name: 'Prom' }] };
const filled = (over: Partial<ExportFormValues> = {}): ExportFormValues => ({ ...emptyExportForm(), name: ' Prom ', shortName: 'Shop', ...over });

describe('exportPayload', () => {
  it('sends markup only for the markup sources and market_id only for the store source', () => {
    expect(exportPayload(filled({ markup: '12' }))).not.toHaveProperty('markup');
    expect(exportPayload(filled({ markup: '12' }))).not.toHaveProperty('market_id');
    expect(exportPayload(filled({ priceSource: 'drop_markup', markup: '12,5' })).markup).toBe(12.5);
    expect(exportPayload(filled({ priceSource: 'market', marketId: 7, markup: '3' }))).toMatchObject({ market_id: 7 });
    expect(exportPayload(filled({ priceSource: 'market', marketId: 7 }))).not.toHaveProperty('markup');
  });

  it('trims, sorts the categories and keeps every extra row in order', () => {
    const p = exportPayload(
      filled({
        categories: [9, 3, 9],
        extraFields: [newExtraRow({ param: ' A ', value: ' 1 ' }), newExtraRow({ type: 'field', param: 'b' })],
        priceFrom: '10,5',
        priceTo: '',
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

describe('validateExportForm', () => {
  it('mirrors the shared schema with form keys', () => {
    const rows = [newExtraRow({ type: 'field', param: 'price' }), newExtraRow({ param: '' })];
    const res = validateExportForm({ ...emptyExportForm(), url: 'ftp://x', priceFrom: '20', priceTo: '10', extraFields: rows }, allowed);
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors).toEqual({
      name: 'required',
      'shop.short_name': 'required',
      'shop.url': 'invalid_url',
      price_to: 'price_range',
      [`extra.${rows[0]!.key}.param`]: 'feed_field_reserved',
      [`extra.${rows[1]!.key}.param`]: 'required',
    });
  });

  it('asks for a markup with the markup sources and a store with the store source', () => {
    const a = validateExportForm(filled({ priceSource: 'recommended_markup' }), allowed);
    expect(a.ok === false && a.errors.markup).toBe('required');
    const b = validateExportForm(filled({ priceSource: 'drop_markup', markup: '1001' }), allowed);
    expect(b.ok === false && b.errors.markup).toBe('too_big');
    const c = validateExportForm(filled({ priceSource: 'market' }), allowed);
    expect(c.ok === false && c.errors.market_id).toBe('required');
    const d = validateExportForm(filled({ priceSource: 'market', marketId: 7 }), { verified: false, markets: [] });
    expect(d.ok === false && d.errors.price_source).toBe('feed_market_not_verified');
    expect(validateExportForm(filled({ priceSource: 'market', marketId: 7 }), allowed).ok).toBe(true);
  });

  it('translates message keys with the field limits', () => {
    expect(errorText('name', 'too_long', 'uk')).toBe('Максимальна довжина: 100 символів');
    expect(errorText('markup', 'too_big', 'ru')).toBe('Значение должно быть не больше 1000');
    expect(errorText('shop.url', 'Some server text', 'uk')).toBe('Some server text');
  });
});

describe('serverFieldErrors', () => {
  it('maps API paths to form keys (extra rows by their key, categories to the picker)', () => {
    const v = filled({ extraFields: [newExtraRow(), newExtraRow()] });
    expect(
      serverFieldErrors(
        { 'shop.url': ['bad url'], 'extra_fields.1.value': ['too long'], 'categories.0': ['no category'], price_source: ['not verified', 'x'] },
        v,
      ),
    ).toEqual({
      'shop.url': 'bad url',
      [`extra.${v.extraFields[1]!.key}.value`]: 'too long',
      categories: 'no category',
      price_source: 'not verified',
    });
  });
});
