/**
 * Product feeds (export settings, SPEC section 3 "Export setting"): a reseller's file of offers
 * for a marketplace, rebuilt by a job and published at an unguessable public URL. The
 * constants and the price rule, without zod: the feed build process loads only this and
 * pricing.ts (exports.ts holds the contracts).
 */
import type { I18nText } from './locale.ts';
import { priceProduct, type PricingMarket, type PricingProduct, type PricingUser } from './pricing.ts';
import type { Kopecks } from './money.ts';

/** Feed formats on offer (`GET /providers`). */
export const FEED_FILE_TYPES = ['yml', 'rozetka'] as const;
export type FeedFileType = (typeof FEED_FILE_TYPES)[number];

/** Where the offer price comes from. `market` needs a verified user's store. */
export const FEED_PRICE_SOURCES = ['recommended', 'drop_markup', 'recommended_markup', 'market'] as const;
export type FeedPriceSource = (typeof FEED_PRICE_SOURCES)[number];

/** Offer name: the product name, or the name followed by the vendor code. */
export const FEED_NAME_FORMATS = ['name', 'name_vendor_code'] as const;
export type FeedNameFormat = (typeof FEED_NAME_FORMATS)[number];

/** Extra fields: `param` adds `<param name="{param}">{value}</param>`, `field` adds `<{param}>{value}</{param}>` to every offer. */
export const FEED_EXTRA_FIELD_TYPES = ['param', 'field'] as const;
export type FeedExtraFieldType = (typeof FEED_EXTRA_FIELD_TYPES)[number];

/** How often the feed is rebuilt on schedule, in hours. */
export const FEED_INTERVALS = [1, 3, 6, 12, 24] as const;
export const DEFAULT_FEED_INTERVAL = 1;

/** Feed status: waiting for its first build or a queued one, building, published, last build failed. */
export const FEED_STATUSES = ['queued', 'building', 'ready', 'error'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** One build in the history. */
export const FEED_BUILD_STATUSES = ['running', 'done', 'failed'] as const;
export type FeedBuildStatus = (typeof FEED_BUILD_STATUSES)[number];

/** What started a build. */
export const FEED_BUILD_TRIGGERS = ['create', 'update', 'schedule', 'manual'] as const;
export type FeedBuildTrigger = (typeof FEED_BUILD_TRIGGERS)[number];

/** Offers a marketplace would reject (reported, the offer is still written). */
export const FEED_WARNING_KINDS = ['no_picture', 'no_vendor', 'no_description', 'name_too_long', 'zero_price'] as const;
export type FeedWarningKind = (typeof FEED_WARNING_KINDS)[number];

/** Why a build failed (the message is shown in the user's language). */
export const FEED_BUILD_ERRORS = ['market_missing', 'not_verified', 'internal'] as const;
export type FeedBuildError = (typeof FEED_BUILD_ERRORS)[number];

export interface FeedProvider {
  id: FeedFileType;
  marketplaces: readonly string[];
  /** Longest offer name the marketplace takes. */
  nameMax: number;
  /** Warnings this marketplace cares about. */
  checks: readonly FeedWarningKind[];
  title: I18nText;
  description: I18nText;
}

export const FEED_PROVIDERS: readonly FeedProvider[] = [
  {
    id: 'yml',
    marketplaces: ['Prom.ua', 'Horoshop'],
    nameMax: 255,
    checks: ['no_picture', 'no_vendor', 'name_too_long', 'zero_price'],
    title: { uk: 'YML для Prom.ua та Horoshop', ru: 'YML для Prom.ua и Horoshop' },
    description: {
      uk: 'Стандартний YML (yml_catalog): назви та описи українською й російською, залишки, характеристики',
      ru: 'Стандартный YML (yml_catalog): названия и описания на украинском и русском, остатки, характеристики',
    },
  },
  {
    id: 'rozetka',
    marketplaces: ['Rozetka'],
    nameMax: 255,
    checks: ['no_picture', 'no_vendor', 'no_description', 'name_too_long', 'zero_price'],
    title: { uk: 'XML для Rozetka', ru: 'XML для Rozetka' },
    description: {
      uk: 'XML за вимогами Rozetka: обовʼязкові бренд і опис, stock_quantity, name_ua',
      ru: 'XML по требованиям Rozetka: обязательные бренд и описание, stock_quantity, name_ua',
    },
  },
];

export const feedProvider = (id: FeedFileType): FeedProvider => FEED_PROVIDERS.find((p) => p.id === id)!;

/** Feeds per reseller (each is rebuilt on its schedule): a further one is 400 `FeedsLimit`. */
export const MAX_FEEDS = 20;
export const MAX_FEED_NAME = 100;
export const MAX_FEED_SHOP_FIELD = 255;
export const MAX_FEED_CATEGORIES = 1000;
export const MAX_FEED_EXTRA_FIELDS = 30;
export const MAX_FEED_EXTRA_VALUE = 1000;
export const MAX_FEED_MARKUP = 1000;
/** How many builds of one feed the history keeps. */
export const FEED_HISTORY_KEEP = 100;
/** How many warning examples a build keeps (the counts are complete). */
export const FEED_WARNING_SAMPLES = 50;

/**
 * Elements a `field` extra field may not use: the ones the feed writes itself. Names are XML
 * names of ASCII letters, digits, `_`, `-` and `.`, not starting with `xml`.
 */
export const FEED_RESERVED_FIELDS = [
  'offer',
  'offers',
  'price',
  'oldprice',
  'price_old',
  'currencyId',
  'categoryId',
  'picture',
  'name',
  'name_ua',
  'description',
  'description_ua',
  'vendor',
  'vendorCode',
  'quantity_in_stock',
  'stock_quantity',
  'param',
] as const;
export const FEED_FIELD_NAME = /^(?!xml)[A-Za-z_][A-Za-z0-9_.-]{0,49}$/i;

/**
 * The price rule of a feed as a store: every source goes through priceProduct (pricing.ts), so a
 * feed price is the price a reseller sees in the catalogue under the same settings.
 *  - recommended: the recommended retail price;
 *  - drop_markup: the user's drop price + markup %;
 *  - recommended_markup: the recommended price + markup %;
 *  - market: the store (base markup, the most specific category markup wins).
 */
export function feedPricingMarket(source: FeedPriceSource, markup: number, market: PricingMarket | null): PricingMarket {
  const none = new Map<number, number>();
  switch (source) {
    case 'recommended':
      return { baseType: 2, baseMarkup: 0, categoryMarkups: none };
    case 'drop_markup':
      return { baseType: 1, baseMarkup: markup, categoryMarkups: none };
    case 'recommended_markup':
      return { baseType: 2, baseMarkup: markup, categoryMarkups: none };
    case 'market':
      if (!market) throw new Error('feedPricingMarket: the market source needs a store');
      return market;
  }
}

export interface FeedOfferPrices {
  priceKop: Kopecks;
  /** The price before the special (from the old drop price), when the price starts from the drop price and is higher. */
  oldPriceKop: Kopecks | null;
}

/**
 * An offer's price and old price. The price never falls below the user's drop price
 * (priceProduct). An old price is given for specials (old drop price present) when the price
 * starts from the drop price, computed by the same rule from the old drop price.
 */
export function feedOfferPrices(product: PricingProduct, user: PricingUser, pricing: PricingMarket): FeedOfferPrices {
  const priceKop = priceProduct(product, user, pricing).markupKop;
  let oldPriceKop: Kopecks | null = null;
  if (product.oldDropKop !== null && pricing.baseType === 1) {
    const old = priceProduct({ ...product, dropKop: product.oldDropKop, oldDropKop: null }, user, pricing).markupKop;
    if (old > priceKop) oldPriceKop = old;
  }
  return { priceKop, oldPriceKop };
}

/** The offer name by the setting's name format. */
export function feedOfferName(name: string, vendorCode: string, format: FeedNameFormat): string {
  return format === 'name_vendor_code' && vendorCode ? `${name} (${vendorCode})` : name;
}
