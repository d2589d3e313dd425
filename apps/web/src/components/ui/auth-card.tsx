import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo.tsx';

/** Centered card for the register, login and forgot-password screens. */
export function AuthCard({ title, children, footer, aside }: { title: string; children: ReactNode; footer?: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Box sx={{ width: '100%', maxWidth: 460 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Logo label={t('shell.logoHome')} />
          {aside}
        </Box>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
        {footer && <Box sx={{ mt: 2, textAlign: 'center' }}>{footer}</Box>}
      </Box>
    </Box>
  );
}
