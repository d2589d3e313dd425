import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isLocale } from '@drop/shared';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { useChangeLanguage } from '../../../lib/use-change-language.ts';

export function ProfileLanguageCard() {
  const { t, i18n } = useTranslation();
  const { change } = useChangeLanguage();
  const value = isLocale(i18n.language) ? i18n.language : 'uk';
  return (
    <Card component="section" aria-labelledby="profile-language-title" data-testid="profile-language">
      <CardHeader title={t('profile.language.title')} slotProps={{ title: { id: 'profile-language-title', component: 'h2', variant: 'h3' } }} />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.language.text')}
        </Typography>
        <LanguageSwitch value={value} onChange={change} size="medium" testId="profile-language-switch" />
      </CardContent>
    </Card>
  );
}
