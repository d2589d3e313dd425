import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { registerExportsResources } from '../i18n.ts';
import { buildPercent, formatDuration, formatSize, priceRangeText, priceSourceText } from './format.ts';

registerExportsResources(i18n);
const uk = i18n.getFixedT('uk', 'exports');
const ru = i18n.getFixedT('ru', 'exports');

describe('feed formatting', () => {
  it('names the price source with the markup and the store', () => {
    expect(priceSourceText({ price_source: 'drop_markup', markup: 25, market_name: null }, uk)).toBe('Від дроп-ціни +25%');
    expect(priceSourceText({ price_source: 'recommended_markup', markup: 12.5, market_name: null }, ru)).toBe('От рекомендованной цены +12.5%');
    expect(priceSourceText({ price_source: 'recommended', markup: 0, market_name: null }, uk)).toBe('Рекомендовані ціни');
    expect(priceSourceText({ price_source: 'market', markup: 0, market_name: 'Prom' }, uk)).toBe('Ціни магазину «Prom»');
    expect(priceSourceText({ price_source: 'market', markup: 0, market_name: null }, uk)).toBe('Ціни магазину');
  });

  it('shows the drop price filter', () => {
    expect(priceRangeText({ price_from: null, price_to: null }, uk)).toBeNull();
    expect(priceRangeText({ price_from: 100, price_to: 5000 }, uk)).toBe('Дроп-ціна від 100.00 до 5\u00a0000.00 грн.');
    expect(priceRangeText({ price_from: null, price_to: 50 }, ru)).toBe('Дроп-цена до 50.00 грн.');
  });

  it('sizes in MB with one decimal, durations and percents', () => {
    expect(formatSize(5_066_141, uk)).toBe('4.8 МБ');
    expect(formatSize(1000, uk)).toBe('< 0.1 МБ');
    expect(formatSize(0, uk)).toBe('-');
    expect(formatDuration('2025-03-04T10:00:00Z', '2025-03-04T10:00:04.250Z', uk)).toBe('4.3 с');
    expect(formatDuration('2025-03-04T10:00:00Z', '2025-03-04T10:02:05Z', ru)).toBe('2 мин 5 с');
    expect(formatDuration('2025-03-04T10:00:00Z', null, uk)).toBe('-');
    expect(buildPercent({ offers: 1200, total: 3000 })).toBe(40);
    expect(buildPercent({ offers: 10, total: null })).toBe(0);
  });
});
