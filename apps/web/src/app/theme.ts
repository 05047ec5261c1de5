import { createTheme } from '@mui/material/styles';
import { reducedMotionQuery } from './motion';

// One calm theme for a dense data tool: deep navy bar, ocean-blue primary, neutral greys, compact sizes.
export const navy = '#0b2545';
export const impersonationRed = '#c62828';

export const theme = createTheme({
  palette: {
    primary: { main: '#0a6ebd', dark: '#07508a', light: '#4f9fdc', contrastText: '#ffffff' },
    secondary: { main: '#13315c' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
    text: { primary: '#1b2733', secondary: '#55606e' },
    divider: '#dde2e8',
  },
  shape: { borderRadius: 6 },
  spacing: 8,
  typography: {
    fontFamily: 'Roboto, "Segoe UI", Helvetica, Arial, sans-serif',
    fontSize: 13,
    h1: { fontSize: '1.6rem', fontWeight: 600 },
    h2: { fontSize: '1.35rem', fontWeight: 600 },
    h3: { fontSize: '1.15rem', fontWeight: 600 },
    h4: { fontSize: '1.05rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    // a system that asks for reduced motion gets no transition nor animation (motion.ts)
    MuiCssBaseline: {
      styleOverrides: {
        [`@media ${reducedMotionQuery}`]: {
          '*, *::before, *::after': {
            animationDuration: '1ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '1ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: { defaultProps: { size: 'small', disableElevation: true } },
    MuiIconButton: { defaultProps: { size: 'small' } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiCheckbox: { defaultProps: { size: 'small' } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiList: { defaultProps: { dense: true } },
    MuiMenuItem: { defaultProps: { dense: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderColor: '#dde2e8' } } },
    MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.1rem', fontWeight: 600 } } },
    MuiTableCell: {
      styleOverrides: { head: { fontWeight: 600, color: '#55606e', backgroundColor: '#f7f9fb' } },
    },
  },
});
