import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@drop/shared';

const SHORT: Record<Locale, string> = { uk: 'UA', ru: 'RU' };

/**
 * uk/ru toggle; the caller decides what else happens on change (e.g. saving the profile).
 * `menu`: inside a menu the buttons are menu radio items (a menu may hold only menu items and groups of them).
 */
export function LanguageSwitch({
  value,
  onChange,
  size = 'small',
  testId = 'language-switch',
  menu = false,
}: {
  value: Locale;
  onChange: (lang: Locale) => void;
  size?: 'small' | 'medium';
  testId?: string;
  menu?: boolean;
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
        <ToggleButton
          key={l}
          value={l}
          aria-label={`${SHORT[l]} — ${t(`common.lang_${l}`)}`}
          {...(menu ? { role: 'menuitemradio', 'aria-checked': l === value, 'aria-pressed': undefined } : {})}
          data-testid={`${testId}-${l}`}
          sx={{ px: 1.25, py: 0.25 }}
        >
          {SHORT[l]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
