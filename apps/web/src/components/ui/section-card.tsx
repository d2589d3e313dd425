/**
 * A card that is a titled section of a page: `<section aria-labelledby>` with an h2 title, an
 * optional hint under it and an optional action beside it (a chip, a button). One header layout
 * for the back office's and the cabinet's cards.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface SectionCardProps {
  /** The title's id, which labels the section. */
  id: string;
  title: ReactNode;
  hint?: ReactNode;
  /** Shown at the title's end (a status chip, a button). */
  action?: ReactNode;
  testId?: string;
  /** `data-*` attributes of the section (e.g. a status tests read). */
  data?: Record<`data-${string}`, string | number | undefined>;
  children?: ReactNode;
}

export function SectionCard({ id, title, hint, action, testId, data, children }: SectionCardProps) {
  const gap = hint ? 1 : 1.5;
  const heading = (
    <Typography id={id} variant="h3" component="h2" sx={action ? { flexGrow: 1 } : { mb: gap }}>
      {title}
    </Typography>
  );
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId} {...data}>
      <CardContent>
        {action ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: gap, flexWrap: 'wrap' }}>
            {heading}
            {action}
          </Box>
        ) : (
          heading
        )}
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {hint}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
