import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, STORAGE_KEYS, isLocale, type Locale } from '@drop/shared';
import uk from '../locales/uk.json';
import ru from '../locales/ru.json';

function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.locale);
    return isLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { uk: { translation: uk }, ru: { translation: ru } },
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['uk', 'ru'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** <html lang>, the document title and the meta description follow the UI language. */
function syncDocument(lng: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.title = i18n.t('meta.title', { lng });
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('meta.description', { lng }));
}
syncDocument(i18n.language);

i18n.on('languageChanged', (lng) => {
  syncDocument(lng);
  try {
    localStorage.setItem(STORAGE_KEYS.locale, lng);
  } catch {
    // ignore
  }
});

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
