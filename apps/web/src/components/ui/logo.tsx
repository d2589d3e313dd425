import Box from '@mui/material/Box';
import { Link } from 'react-router';

export function Logo({ to = '/', label, height = 36 }: { to?: string; label: string; height?: number }) {
  return (
    <Box component={Link} to={to} aria-label={label} data-testid="logo" sx={{ display: 'inline-flex', alignItems: 'center', lineHeight: 0 }}>
      <img src="/images/logo.svg" alt="" width={(height * 132) / 40} height={height} />
    </Box>
  );
}
