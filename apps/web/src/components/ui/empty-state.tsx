import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';

export function EmptyState({ title, text, icon, action, testId }: { title: string; text?: string; icon?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId ?? 'empty-state'}>
      <CardContent sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }} aria-hidden>
          {icon ?? <ConstructionIcon />}
        </Box>
        <Typography variant="h2" component="p">
          {title}
        </Typography>
        {text && (
          <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
            {text}
          </Typography>
        )}
        {action}
      </CardContent>
    </Card>
  );
}
