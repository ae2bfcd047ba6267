import { type MantineColorsTuple, createTheme } from '@mantine/core';

/** A deep teal: calm, legible on white, distinct from the red used for errors. */
const brand: MantineColorsTuple = [
  '#e7f6f6',
  '#d3e9ea',
  '#a8d2d4',
  '#79babd',
  '#53a6aa',
  '#3a999e',
  '#2b9298',
  '#1a7f84',
  '#0b5e63',
  '#004e53',
];

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 8,
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
