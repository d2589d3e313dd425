/** Business constants of SPEC section 9 and DESIGN.md section 7. */
export const API_VERSION = '1.0.0';
export const CHANGELOG_VERSION = '1.0.7';
export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;
export const MAX_MARKETS = 5;
export const CACHE_USER_MS = 10_000;
export const TOAST_MS = 5000;
export const SEARCH_DEBOUNCE_MS = 500;
export const PER_PAGE_OPTIONS = [10, 20, 30, 50, 100] as const;
export const DEFAULT_PER_PAGE = 10;
export const DRAWER_WIDTH = 256;
export const RAIL_WIDTH = 56;
export const FOOTER_HEIGHT = 40;
export const PRIMARY_COLOR = '#fd9207';
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const FOUNDED_YEAR = 2017;
export const LEGAL_LAST_UPDATED = '15.12.2024';

/** Local storage keys (DESIGN.md section 7). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  locale: 'drop_locale',
  currentMarket: 'current_market',
  changesLog: 'show_changes_log',
  perPage: 'drop-products-per-page',
  productVariant: 'drop-product-variant',
  productScroll: 'product-scroll',
} as const;

export const SETTING_KEYS = ['changelog', 'faq', 'privacy_policy', 'user_agreement'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
