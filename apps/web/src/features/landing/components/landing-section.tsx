import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { sectionId, sectionTitleId, type LandingSectionId } from './landing-sections.ts';

interface LandingSectionProps {
  id: LandingSectionId;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  testId: string;
  children: ReactNode;
}

/** A landmark section with an h2 heading referenced by aria-labelledby. */
export function LandingSection({ id, title, subtitle, tinted = false, testId, children }: LandingSectionProps) {
  const titleId = sectionTitleId(id);
  return (
    <Box
      component="section"
      id={sectionId(id)}
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{
        py: { xs: 7, md: 10 },
        scrollMarginTop: { xs: 64, md: 72 },
        bgcolor: tinted ? 'rgba(253, 146, 7, 0.06)' : 'background.default',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 760, mx: 'auto', mb: { xs: 5, md: 7 } }}>
          <Typography
            id={titleId}
            variant="h2"
            sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, fontWeight: 800, letterSpacing: '-0.01em', mb: subtitle ? 1.5 : 0 }}
          >
            {title}
          </Typography>
          <Box aria-hidden sx={{ width: 56, height: 4, borderRadius: 2, bgcolor: 'primary.main', mx: 'auto', my: 2 }} />
          {subtitle ? <Typography sx={{ color: 'text.secondary', fontSize: { xs: '1rem', md: '1.125rem' } }}>{subtitle}</Typography> : null}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
