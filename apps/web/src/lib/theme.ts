import { alpha, createTheme } from '@mui/material/styles';
import { BREAKPOINTS, PRIMARY_COLOR } from '@drop/shared';

/** List max height (SPEC 9); used by scrollable lists. */
export const LIST_MAX_HEIGHT = 360;
/** Select menu max height (SPEC 9). */
export const MENU_MAX_HEIGHT = 310;

/**
 * Contrast (WCAG AA, 4.5:1 for text): white on the spec's primary #fd9207 is 2.3:1 and #fd9207 as text on
 * white is 2.2:1. The buttons, badges and chips keep the spec colour as their background with dark text
 * (`contrastThreshold: 4.5` picks it for every palette colour); where the primary colour is the text itself
 * (links, outlined and text buttons, focused labels, selected tabs) the nearest shade that passes on white,
 * on the page background and on grey hover backgrounds is used: PRIMARY_TEXT (5.2:1 on #fff, 4.8:1 on
 * #f5f6f8, 4.5:1 on #f0f0f0). It is also `primary.dark`, which the code uses for primary-coloured text.
 */
export const PRIMARY_TEXT = '#a25c01';
/** Hover of contained primary buttons: a little darker than #fd9207, still 5.8:1 with the dark text. */
const PRIMARY_HOVER = '#e48306';

export const theme = createTheme({
  palette: {
    contrastThreshold: 4.5,
    primary: { main: PRIMARY_COLOR, dark: PRIMARY_TEXT },
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
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          variants: [
            { props: { variant: 'contained', color: 'primary' }, style: { '&:hover': { backgroundColor: PRIMARY_HOVER } } },
            { props: { variant: 'outlined', color: 'primary' }, style: { color: PRIMARY_TEXT } },
            { props: { variant: 'text', color: 'primary' }, style: { color: PRIMARY_TEXT } },
          ],
        },
      },
    },
    MuiLink: {
      styleOverrides: {
        root: { variants: [{ props: { color: 'primary' }, style: { color: PRIMARY_TEXT, '--Link-underlineColor': alpha(PRIMARY_TEXT, 0.4) } }] },
      },
    },
    MuiFormLabel: {
      styleOverrides: { root: { variants: [{ props: { color: 'primary' }, style: { '&.Mui-focused': { color: PRIMARY_TEXT } } }] } },
    },
    MuiTab: {
      styleOverrides: { root: { variants: [{ props: { textColor: 'primary' }, style: { '&.Mui-selected': { color: PRIMARY_TEXT } } }] } },
    },
    MuiBottomNavigationAction: {
      styleOverrides: { root: { '&.Mui-selected': { color: PRIMARY_TEXT } } },
    },
    MuiChip: {
      styleOverrides: { root: { variants: [{ props: { variant: 'outlined', color: 'primary' }, style: { color: PRIMARY_TEXT } }] } },
    },
  },
});
