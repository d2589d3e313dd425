import type { ComponentType } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PaymentsIcon from '@mui/icons-material/Payments';
import { LandingSection } from './landing-section.tsx';
import { useLandingT } from '../i18n.ts';

const STEPS: ReadonlyArray<{ key: string; Icon: ComponentType<SvgIconProps> }> = [
  { key: 'register', Icon: HowToRegIcon },
  { key: 'choose', Icon: AddShoppingCartIcon },
  { key: 'profit', Icon: PaymentsIcon },
];

export function HowToSection() {
  const { t } = useLandingT();
  return (
    <LandingSection id="howto" testId="landing-howto" tinted title={t('howto.title')} subtitle={t('howto.subtitle')}>
      <Grid container spacing={{ xs: 3, md: 4 }} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map(({ key, Icon }, index) => (
          <Grid key={key} size={{ xs: 12, md: 4 }} component="li">
            <Paper
              elevation={0}
              sx={{
                position: 'relative',
                height: '100%',
                p: { xs: 3, md: 4 },
                pt: { xs: 5, md: 6 },
                borderRadius: 4,
                border: 1,
                borderColor: 'divider',
                overflow: 'hidden',
              }}
            >
              <Typography
                aria-hidden
                sx={{
                  position: 'absolute',
                  top: -18,
                  right: 12,
                  fontSize: '7rem',
                  fontWeight: 900,
                  lineHeight: 1,
                  color: (theme) => alpha(theme.palette.primary.main, 0.1),
                  userSelect: 'none',
                }}
              >
                {index + 1}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 64,
                  height: 64,
                  borderRadius: '50%',
                  mb: 2.5,
                  color: 'common.white',
                  background: (theme) => `linear-gradient(135deg, ${theme.palette.primary.light}, ${theme.palette.primary.dark})`,
                  boxShadow: (theme) => `0 10px 24px ${alpha(theme.palette.primary.main, 0.35)}`,
                }}
              >
                <Icon aria-hidden sx={{ fontSize: 32 }} />
              </Box>
              <Typography variant="overline" sx={{ color: 'primary.dark', fontWeight: 700, letterSpacing: 1.2 }}>
                {t('howto.stepLabel', { number: index + 1 })}
              </Typography>
              <Typography variant="h5" component="h3" sx={{ fontWeight: 700, mb: 1.5, lineHeight: 1.3 }}>
                {t(`howto.steps.${key}.title`)}
              </Typography>
              <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{t(`howto.steps.${key}.text`)}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Box sx={{ textAlign: 'center', mt: { xs: 5, md: 6 } }}>
        <Button
          component={Link}
          to="/register"
          variant="contained"
          size="large"
          disableElevation
          endIcon={<ArrowForwardIcon />}
          sx={{ px: 5, py: 1.5, fontWeight: 700, borderRadius: 8 }}
        >
          {t('howto.cta')}
        </Button>
      </Box>
    </LandingSection>
  );
}
