import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FOUNDED_YEAR } from '@drop/shared';
import type { LegalSettingKey } from '../api/get-setting.ts';
import { useLandingT } from '../i18n.ts';

interface LandingFooterProps {
  onOpenLegal: (key: LegalSettingKey) => void;
}

export function LandingFooter({ onOpenLegal }: LandingFooterProps) {
  const { t } = useLandingT();
  const year = new Date().getFullYear();
  const linkSx = { color: 'grey.300', fontSize: '0.9rem', '&:hover': { color: 'primary.light' } } as const;

  return (
    <Box component="footer" sx={{ bgcolor: '#1f1a17', color: 'grey.300', py: { xs: 4, md: 5 } }} data-testid="landing-footer">
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ color: 'grey.400' }}>
            {t('footer.copyright', { from: FOUNDED_YEAR, to: Math.max(year, FOUNDED_YEAR) })}
          </Typography>
          <Stack component="nav" aria-label={t('footer.legalNav')} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
            <Link component="button" type="button" underline="hover" sx={linkSx} onClick={() => onOpenLegal('privacy_policy')}>
              {t('footer.privacy')}
            </Link>
            <Link component="button" type="button" underline="hover" sx={linkSx} onClick={() => onOpenLegal('user_agreement')}>
              {t('footer.agreement')}
            </Link>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
