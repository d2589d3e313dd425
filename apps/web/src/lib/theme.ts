import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS, PRIMARY_COLOR } from '@drop/shared';

/** List max height (SPEC 9); used by scrollable lists. */
export const LIST_MAX_HEIGHT = 360;
/** Select menu max height (SPEC 9). */
export const MENU_MAX_HEIGHT = 310;

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOR, contrastText: '#fff' },
    secondary: { main: '#37474f' },
    success: { main: '#2e7d32' },
    background: { default: '#f5f6f8' },
  },
  breakpoints: {
    values: { xs: BREAKPOINTS.xs, sm: BREAKPOINTS.sm, md: BREAKPOINTS.md, lg: BREAKPOINTS.lg, xl: BREAKPOINTS.xl },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Segoe UI", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiMenu: {
      defaultProps: { slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHT } } } },
    },
    MuiList: {
      styleOverrides: { root: { maxHeight: 'none' } },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'medium' } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
