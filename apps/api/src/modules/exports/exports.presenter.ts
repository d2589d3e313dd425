import { FEED_PROVIDERS, isMessageKey, kopToUah, translate, type ExportBuildDto, type ExportSettingDto, type FeedProviderDto, type Locale } from '@drop/shared';
import type { ExportBuildRow, ExportSettingView } from './exports.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A build failure's reason in the user's language. */
function errorText(key: string | null, locale: Locale): string | null {
  if (!key) return null;
  const messageKey = `feed_error_${key}`;
  return translate(isMessageKey(messageKey) ? messageKey : 'feed_error_internal', locale);
}

export function presentBuild(b: ExportBuildRow, locale: Locale): ExportBuildDto {
  return {
    id: b.id,
    trigger: b.trigger as ExportBuildDto['trigger'],
    status: b.status as ExportBuildDto['status'],
    started_at: b.startedAt.toISOString(),
    finished_at: iso(b.finishedAt),
    offers: b.offers,
    bytes: b.bytes,
    total: b.total,
    warnings_count: b.warningsCount,
    warnings: b.warnings.counts,
    warning_samples: b.warnings.samples as ExportBuildDto['warning_samples'],
    error: errorText(b.error, locale),
  };
}

/** The public address of a feed: `${PUBLIC_URL}/feeds/{token}.xml`. */
export const feedUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/feeds/${token}.xml`;

export function presentSetting(s: ExportSettingView, locale: Locale, publicUrl: string): ExportSettingDto {
  return {
    id: s.id,
    name: s.name,
    file_type: s.fileType as ExportSettingDto['file_type'],
    shop: { short_name: s.shopShortName, company: s.shopCompany, url: s.shopUrl },
    market_id: s.marketId,
    market_name: s.marketName,
    price_from: s.priceFromKop === null ? null : kopToUah(s.priceFromKop),
    price_to: s.priceToKop === null ? null : kopToUah(s.priceToKop),
    categories: s.categories,
    extra_fields: s.extraFields,
    name_format: s.nameFormat as ExportSettingDto['name_format'],
    price_source: s.priceSource as ExportSettingDto['price_source'],
    markup: Number(s.markup),
    interval_hours: s.intervalHours,
    status: s.status as ExportSettingDto['status'],
    products_count: s.productsCount,
    file_size: s.fileBytes,
    url: feedUrl(publicUrl, s.token),
    last_generated_at: iso(s.lastGeneratedAt),
    last_requested_at: iso(s.lastRequestedAt),
    next_build_at: iso(s.nextBuildAt),
    last_error: errorText(s.lastError, locale),
    build: s.running ? presentBuild(s.running, locale) : null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export function presentProviders(locale: Locale): FeedProviderDto[] {
  return FEED_PROVIDERS.map((p) => ({
    id: p.id,
    name: p.title[locale],
    description: p.description[locale],
    marketplaces: [...p.marketplaces],
    name_max: p.nameMax,
    checks: [...p.checks],
  }));
}
