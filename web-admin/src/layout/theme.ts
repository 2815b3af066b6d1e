import type { ThemeOptions } from '@mui/material';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';

/**
 * The console in Riffline's look (web-artist/src/theme.ts): violet accent, pink second colour, the
 * system font, round corners, buttons in sentence case. The app bar is the site's night band in both
 * modes; the dark mode keeps that night as its background and lightens the accent for contrast.
 */

/** The artist app's night colours: header, heroes, footer. */
export const night = {
  deep: '#0f0d1a',
  mid: '#1e1536',
  violet: '#2b1a4f',
  band: 'linear-gradient(135deg, #0f0d1a 0%, #1e1536 55%, #2b1a4f 100%)',
};

type Options = Record<string, unknown>;
const isObject = (value: unknown): value is Options =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Later layers win, key by key (the themes hold plain data, no functions worth merging). */
function merge(...layers: Options[]): Options {
  const out: Options = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      out[key] = isObject(value) && isObject(out[key]) ? merge(out[key], value) : value;
    }
  }
  return out;
}

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** What both modes share: type, shapes and the components' defaults. */
const shared: Options = {
  shape: { borderRadius: 12 },
  typography: {
    fontFamily,
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    // The keyboard focus ring of the artist app (web-artist/src/theme.ts, which says why these selectors).
    MuiCssBaseline: {
      styleOverrides: {
        'html :focus-visible:not(.MuiInputBase-input):not([tabindex="-1"]), html .MuiButtonBase-root.Mui-focusVisible':
          { outline: '3px solid #8b5cf6', outlineOffset: '2px' },
        'html .MuiMenuItem-root.Mui-focusVisible': { outlineOffset: '-3px' },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiAppBar: {
      styleOverrides: {
        root: {
          backgroundColor: night.deep,
          backgroundImage: night.band,
          color: '#ffffff',
          borderBottom: '1px solid rgba(255,255,255,0.08)',
        },
      },
    },
    MuiTableCell: {
      styleOverrides: { head: { fontWeight: 700 } },
    },
    // A page's card may shrink below its widest table (which then scrolls) instead of widening a phone's page.
    RaLayout: { styleOverrides: { root: { '& .RaLayout-content': { minWidth: 0 } } } },
    RaShow: { styleOverrides: { root: { '& .RaShow-card': { minWidth: 0 } } } },
    RaEdit: { styleOverrides: { root: { '& .RaEdit-card': { minWidth: 0 } } } },
  },
};

export const lightTheme = merge(defaultLightTheme as Options, shared, {
  palette: {
    mode: 'light',
    primary: { main: '#7c3aed', dark: '#5b21b6', light: '#a78bfa', contrastText: '#ffffff' },
    secondary: { main: '#ec4899', dark: '#be185d', light: '#f9a8d4', contrastText: '#ffffff' },
    background: { default: '#faf9fc', paper: '#ffffff' },
    text: { primary: '#1d1b26', secondary: '#5b5870' },
  },
  components: {
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f1edf9' } } },
    RaMenuItemLink: {
      styleOverrides: {
        root: { '&.RaMenuItemLink-active': { color: '#5b21b6', backgroundColor: 'rgba(124,58,237,0.08)' } },
      },
    },
  },
}) as ThemeOptions;

export const darkTheme = merge(defaultDarkTheme as Options, shared, {
  palette: {
    mode: 'dark',
    primary: { main: '#a78bfa', dark: '#7c3aed', light: '#c4b5fd', contrastText: '#0f0d1a' },
    secondary: { main: '#f472b6', dark: '#ec4899', light: '#f9a8d4', contrastText: '#0f0d1a' },
    background: { default: '#13111f', paper: '#1c1830' },
    text: { primary: '#f4f2fa', secondary: '#b8b3cc' },
    divider: 'rgba(255,255,255,0.12)',
  },
  components: {
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#241e3b' } } },
    RaMenuItemLink: {
      styleOverrides: {
        root: { '&.RaMenuItemLink-active': { color: '#c4b5fd', backgroundColor: 'rgba(167,139,250,0.12)' } },
      },
    },
  },
}) as ThemeOptions;
