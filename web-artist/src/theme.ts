import { createTheme } from '@mui/material/styles';

/**
 * The keyboard focus ring (WCAG 2.4.7), on every control: violet-500 keeps at least 3:1 against white, the
 * page's background and each shade of the night band, so it shows on light pages and dark heroes alike.
 * Text fields show focus with their own border; an element focused by script (`tabindex="-1"`, as `main`
 * after the skip link) has none. MUI's buttons, checkboxes and menu items mark keyboard focus with
 * `Mui-focusVisible` (a checkbox's input is invisible: the ring goes round its box).
 */
export const focusRing = { outline: '3px solid #8b5cf6', outlineOffset: '2px' };

/** Riffline's look: deep night background for heroes, violet accent, plenty of white space. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#7c3aed', dark: '#5b21b6', light: '#a78bfa', contrastText: '#ffffff' },
    secondary: { main: '#ec4899', contrastText: '#ffffff' },
    background: { default: '#faf9fc', paper: '#ffffff' },
    text: { primary: '#1d1b26', secondary: '#5b5870' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, fontSize: 'clamp(2.2rem, 6vw, 3.6rem)', lineHeight: 1.1 },
    h2: { fontWeight: 800, fontSize: 'clamp(1.8rem, 4.5vw, 2.6rem)' },
    h3: { fontWeight: 700, fontSize: 'clamp(1.4rem, 3.5vw, 1.9rem)' },
    h4: { fontWeight: 700, fontSize: '1.35rem' },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'html :focus-visible:not(.MuiInputBase-input):not([tabindex="-1"]), html .MuiButtonBase-root.Mui-focusVisible':
          focusRing,
        'html .MuiMenuItem-root.Mui-focusVisible': { outlineOffset: '-3px' },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
});

/** The dark band used by heroes and the footer. */
export const night = {
  background: 'linear-gradient(135deg, #0f0d1a 0%, #1e1536 55%, #2b1a4f 100%)',
  color: '#ffffff',
};
