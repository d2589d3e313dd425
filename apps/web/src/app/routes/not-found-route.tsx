import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      data-testid="not-found"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '4rem', sm: '6rem' }, color: 'primary.dark', fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h2" component="p">
        {t('notFound.text')}
      </Typography>
      <Button component={Link} to="/" variant="contained" data-testid="not-found-home">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
