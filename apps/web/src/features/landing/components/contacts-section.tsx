import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import PhoneIcon from '@mui/icons-material/Phone';
import ShareIcon from '@mui/icons-material/Share';
import TelegramIcon from '@mui/icons-material/Telegram';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { formatPhone } from '@drop/shared';
import { LANDING_CONTACTS } from '../contacts.ts';
import { LandingSection } from './landing-section.tsx';
import { useLandingT } from '../i18n.ts';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 4 }}>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: 2.5,
              color: 'primary.dark',
              bgcolor: (theme) => alpha(theme.palette.primary.main, 0.14),
            }}
          >
            {icon}
          </Box>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

const SOCIALS = [
  { key: 'instagram', href: LANDING_CONTACTS.instagram, labelKey: 'contacts.instagramAria', Icon: InstagramIcon, color: '#E1306C' },
  { key: 'facebook', href: LANDING_CONTACTS.facebook, labelKey: 'contacts.facebookAria', Icon: FacebookIcon, color: '#1877F2' },
  { key: 'youtube', href: LANDING_CONTACTS.youtube, labelKey: 'contacts.youtubeAria', Icon: YouTubeIcon, color: '#FF0000' },
] as const;

export function ContactsSection() {
  const { t } = useLandingT();
  return (
    <LandingSection id="contacts" testId="landing-contacts" tinted title={t('contacts.title')} subtitle={t('contacts.subtitle')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <ContactCard icon={<PhoneIcon aria-hidden />} title={t('contacts.phoneTitle')}>
            <Stack spacing={1}>
              {LANDING_CONTACTS.phones.map((phone) => (
                <Link
                  key={phone}
                  href={`tel:${phone}`}
                  aria-label={t('contacts.phoneAria', { phone: formatPhone(phone) })}
                  underline="hover"
                  sx={{ fontWeight: 600, fontSize: '1.05rem', color: 'text.primary', whiteSpace: 'nowrap' }}
                >
                  {formatPhone(phone)}
                </Link>
              ))}
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('contacts.schedule')}
              </Typography>
            </Stack>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <ContactCard icon={<EmailIcon aria-hidden />} title={t('contacts.emailTitle')}>
            <Link
              href={`mailto:${LANDING_CONTACTS.email}`}
              aria-label={t('contacts.emailAria', { email: LANDING_CONTACTS.email })}
              underline="hover"
              sx={{ fontWeight: 600, color: 'text.primary', wordBreak: 'break-all' }}
            >
              {LANDING_CONTACTS.email}
            </Link>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <ContactCard icon={<ChatIcon aria-hidden />} title={t('contacts.messengersTitle')}>
            <Stack direction={{ xs: 'row', sm: 'column', xl: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                href={LANDING_CONTACTS.telegram}
                target="_blank"
                rel="noopener noreferrer"
                variant="contained"
                disableElevation
                startIcon={<TelegramIcon />}
                aria-label={t('contacts.telegramAria')}
                sx={{ bgcolor: '#1b7ead', color: '#fff', '&:hover': { bgcolor: '#166a93' } }}
              >
                {t('contacts.telegram')}
              </Button>
              <Button
                href={LANDING_CONTACTS.viber}
                variant="contained"
                disableElevation
                startIcon={<ChatIcon />}
                aria-label={t('contacts.viberAria')}
                sx={{ bgcolor: '#725ff2', color: '#fff', '&:hover': { bgcolor: '#5f4dd6' } }}
              >
                {t('contacts.viber')}
              </Button>
            </Stack>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <ContactCard icon={<ShareIcon aria-hidden />} title={t('contacts.socialTitle')}>
            <Stack direction="row" spacing={1.5}>
              {SOCIALS.map(({ key, href, labelKey, Icon, color }) => (
                <IconButton
                  key={key}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(labelKey)}
                  sx={{
                    width: 48,
                    height: 48,
                    color,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'background.paper',
                    '&:hover': { bgcolor: alpha(color, 0.08), borderColor: color },
                  }}
                >
                  <Icon />
                </IconButton>
              ))}
            </Stack>
          </ContactCard>
        </Grid>
      </Grid>
    </LandingSection>
  );
}
