import {
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
  type VariantColorsResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
} from '@mantine/core';
import { BRAND_SHADES, DIMMED, PRIMARY_SHADE, SYSTEM_FONT as systemFont } from '@/lib/theme-tokens';

const brand: MantineColorsTuple = BRAND_SHADES;

/**
 * WCAG 2.1 AA (4.5:1 for text) is met by the tokens, not by each component:
 * - dimmed text (hints, captions, descriptions, table headers) and placeholders are a darker grey
 *   than Mantine's gray.6 and gray.5, reaching 4.7:1 on white and on the light greys of cards;
 * - coloured text (`c="red"`, field errors, light and subtle badges, alerts and buttons) is written
 *   in the colour's darkest shade, darkened further for the pale hues, so a tinted badge stays calm
 *   and still reads at 4.5:1 or more on its tint;
 * - filled buttons and badges of the pale hues (green, teal...) sit on that darker shade too, so
 *   their white label reads at 4.5:1.
 */
const PALE_HUES = new Set(['yellow', 'orange', 'lime', 'cyan', 'teal', 'green', 'gray']);

/** The shade coloured text is written in, for a colour of the theme. */
function textShade(theme: MantineTheme, color: string): string {
  const darkest = theme.colors[color]![9];
  return PALE_HUES.has(color) ? darken(darkest, 0.3) : darkest;
}

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  if (input.variant === 'light' || input.variant === 'subtle') {
    const text = textShade(input.theme, parsed.color);
    return { ...colors, color: text, hoverColor: text };
  }
  if (input.variant === 'filled' && PALE_HUES.has(parsed.color)) {
    const background = darken(input.theme.colors[parsed.color]![9], 0.2);
    return { ...colors, background, hover: darken(background, 0.15), color: '#fff' };
  }
  return colors;
};

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': DIMMED,
    '--mantine-color-error': textShade(theme, 'red'),
    ...Object.fromEntries(Object.keys(theme.colors).map((color) => [`--mantine-color-${color}-text`, textShade(theme, color)])),
  },
  dark: {},
});

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: PRIMARY_SHADE,
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  variantColorResolver,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // A table wider than the screen scrolls; the keyboard must reach it too (WCAG 2.1.1).
    // Every icon-only button says what it does (WCAG 4.1.2).
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the chosen file' } } },
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine greys a notification's description (gray-6, 3.3:1 on white): the dimmed text colour passes AA.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close the message' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
