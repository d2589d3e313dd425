/** Display helpers for feeds and their builds. */
import type { TFunction } from 'i18next';
import { formatMoney, type ExportBuildDto, type ExportSettingDto } from '@drop/shared';

/** Percent of a running build (0 while its total is unknown). */
export function buildPercent(b: Pick<ExportBuildDto, 'offers' | 'total'> | null | undefined): number {
  if (!b || !b.total || b.total <= 0) return 0;
  return Math.min(100, Math.floor((b.offers / b.total) * 100));
}

const MB = 1024 * 1024;

/** Megabytes with one decimal ('< 0.1 МБ' for a small non-empty file, '-' for none). */
export function formatSize(bytes: number, t: TFunction<'exports'>): string {
  if (!bytes || bytes <= 0) return '-';
  const mb = bytes / MB;
  if (mb < 0.05) return t('units.lessMb');
  return t('units.mb', { value: mb.toFixed(1) });
}

/** A build's duration: seconds with one decimal under a minute, else minutes and seconds; '-' while it runs. */
export function formatDuration(startedAt: string, finishedAt: string | null, t: TFunction<'exports'>): string {
  if (!finishedAt) return '-';
  const ms = Date.parse(finishedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return '-';
  const s = ms / 1000;
  if (s < 60) return t('units.seconds', { value: s.toFixed(1) });
  const whole = Math.round(s);
  return t('units.minutes', { m: Math.floor(whole / 60), s: whole % 60 });
}

/** The price source in words, the markup as +{v}% (e.g. 'Від дроп-ціни +25%'), the store by name. */
export function priceSourceText(s: Pick<ExportSettingDto, 'price_source' | 'markup' | 'market_name'>, t: TFunction<'exports'>): string {
  switch (s.price_source) {
    case 'recommended':
      return t('price.recommended');
    case 'drop_markup':
    case 'recommended_markup':
      return t(`price.${s.price_source}`, { markup: s.markup });
    case 'market':
      return s.market_name ? t('price.market', { name: s.market_name }) : t('price.marketUnknown');
  }
}

/** The drop price filter ('Дроп-ціна від 100.00 до 500.00 грн.'), null without one. */
export function priceRangeText(s: Pick<ExportSettingDto, 'price_from' | 'price_to'>, t: TFunction<'exports'>): string | null {
  const parts: string[] = [];
  // Non-breaking: a grouped amount ('5 000.00') never wraps inside.
  const money = (v: number) => formatMoney(v).replace(/\s/g, '\u00a0');
  if (s.price_from !== null) parts.push(t('price.from', { value: money(s.price_from) }));
  if (s.price_to !== null) parts.push(t('price.to', { value: money(s.price_to) }));
  return parts.length ? t('price.range', { range: parts.join(' ') }) : null;
}
