import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@drop/shared';

const SHORT: Record<Locale, string> = { uk: 'UA', ru: 'RU' };

/** uk/ru toggle; the caller decides what else happens on change (e.g. saving the profile). */
export function LanguageSwitch({ value, onChange, size = 'small', testId = 'language-switch' }: {
  value: Locale;
  onChange: (lang: Locale) => void;
  size?: 'small' | 'medium';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size={size}
      value={value}
      aria-label={t('common.language')}
      data-testid={testId}
      onChange={(_e, v: Locale | null) => {
        if (v && v !== value) onChange(v);
      }}
    >
      {LOCALES.map((l) => (
        <ToggleButton key={l} value={l} aria-label={t(`common.lang_${l}`)} data-testid={`${testId}-${l}`} sx={{ px: 1.25, py: 0.25 }}>
          {SHORT[l]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
