import { useTranslation } from 'react-i18next';
import { isLocale } from '@drop/shared';
import { LanguageSwitch } from './language-switch.tsx';
import { useChangeLanguage } from '../../lib/use-change-language.ts';

/** uk/ru switch that also saves the language to the profile when signed in (`menu`: inside a menu). */
export function LanguageControl({ testId = 'language-switch', menu = false }: { testId?: string; menu?: boolean }) {
  const { i18n } = useTranslation();
  const { change } = useChangeLanguage();
  return <LanguageSwitch value={isLocale(i18n.language) ? i18n.language : 'uk'} onChange={change} testId={testId} menu={menu} />;
}
