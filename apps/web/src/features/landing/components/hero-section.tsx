import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { FOUNDED_YEAR } from '@drop/shared';
import { useLandingT } from '../i18n.ts';

const HERO_POINTS = ['catalog', 'warehouse', 'shipping', 'moq', 'investment', 'stock', 'prices', 'support'] as const;

const HERO_STATS = [
  { value: 'hero.stats.catalogValue', caption: 'hero.stats.catalogCaption' },
  { value: 'hero.stats.investmentValue', caption: 'hero.stats.investmentCaption' },
  { value: 'hero.stats.supportValue', caption: 'hero.stats.supportCaption' },
  { value: 'hero.stats.sinceValue', caption: 'hero.stats.sinceCaption' },
] as const;

export function HeroSection() {
  const { t } = useLandingT();
  const years = Math.max(1, new Date().getFullYear() - FOUNDED_YEAR);

  return (
    <Box
      component="section"
      aria-labelledby="landing-hero-title"
      data-testid="landing-hero"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        color: theme.palette.common.white,
        // Deep amber on the text side keeps white text readable; the primary colour glows on the right.
        // Two soft circles, top right and bottom left, are painted into the background rather than laid out
        // as elements: the bottom one follows the section's height, which grows while the prerendered HTML is
        // parsed, and as an element it counted as a layout shift.
        background: [
          `radial-gradient(circle 240px at calc(100% - 120px) 40px, ${alpha('#fff', 0.08)} 99.5%, transparent 100%)`,
          `radial-gradient(circle 160px at 60px calc(100% + 20px), ${alpha('#fff', 0.08)} 99.5%, transparent 100%)`,
          `linear-gradient(120deg, #6b2a00 0%, #a84a00 38%, #dd7400 72%, ${theme.palette.primary.main} 100%)`,
        ].join(', '),
        py: { xs: 7, md: 10, lg: 12 },
      })}
    >
      <Container maxWidth="lg" sx={{ position: 'relative', zIndex: 1 }}>
        <Grid container spacing={{ xs: 5, lg: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Chip
              label={t('hero.eyebrow', { year: FOUNDED_YEAR })}
              sx={{
                mb: 3,
                bgcolor: alpha('#fff', 0.2),
                color: 'inherit',
                fontWeight: 600,
                height: 'auto',
                py: 0.75,
                '& .MuiChip-label': { whiteSpace: 'normal' },
              }}
            />
            <Typography
              id="landing-hero-title"
              variant="h1"
              sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', lg: '3.4rem' }, fontWeight: 800, lineHeight: 1.12, letterSpacing: '-0.02em', mb: 2.5 }}
            >
              {t('hero.title')}
            </Typography>
            <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, lineHeight: 1.6, opacity: 0.95, mb: 3.5, maxWidth: 640 }}>
              {t('hero.subtitle')}
            </Typography>
            <Box
              component="ul"
              aria-label={t('hero.pointsLabel')}
              sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.25 }}
            >
              {HERO_POINTS.map((point) => (
                <Box component="li" key={point} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, fontWeight: 500 }}>
                  <CheckCircleIcon fontSize="small" aria-hidden sx={{ flexShrink: 0 }} />
                  {t(`hero.points.${point}`)}
                </Box>
              ))}
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                component={Link}
                to="/register"
                size="large"
                variant="contained"
                startIcon={<PersonAddIcon />}
                sx={{
                  bgcolor: 'common.white',
                  color: 'primary.dark',
                  fontWeight: 700,
                  px: 4,
                  py: 1.5,
                  boxShadow: '0 10px 30px rgba(0, 0, 0, 0.18)',
                  '&:hover': { bgcolor: 'grey.100' },
                }}
              >
                {t('hero.register')}
              </Button>
              <Button
                component={Link}
                to="/login"
                size="large"
                variant="outlined"
                startIcon={<LoginIcon />}
                sx={{
                  color: 'common.white',
                  borderColor: alpha('#fff', 0.7),
                  fontWeight: 600,
                  px: 4,
                  py: 1.5,
                  '&:hover': { borderColor: 'common.white', bgcolor: alpha('#fff', 0.12) },
                }}
              >
                {t('hero.login')}
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Box component="dl" aria-label={t('hero.statsLabel')} sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: { xs: 2, md: 2.5 } }}>
              {HERO_STATS.map((stat) => (
                <Paper
                  key={stat.value}
                  elevation={0}
                  sx={{
                    p: { xs: 2.5, md: 3 },
                    borderRadius: 4,
                    color: 'inherit',
                    bgcolor: alpha('#3b1500', 0.32),
                    border: `1px solid ${alpha('#fff', 0.28)}`,
                    backdropFilter: 'blur(6px)',
                    display: 'flex',
                    flexDirection: 'column-reverse',
                  }}
                >
                  <Typography component="dt" sx={{ opacity: 0.92, mt: 0.5 }}>
                    {t(stat.caption, { count: years })}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.1rem' }, lineHeight: 1.15 }}>
                    {t(stat.value, { year: FOUNDED_YEAR })}
                  </Typography>
                </Paper>
              ))}
            </Box>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
