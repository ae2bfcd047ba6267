/*
 * The theme's colours and font as plain values, without Mantine: the Mantine theme (web/src/app/theme.ts)
 * is built from them, and the portal's sign-in, which loads no Mantine, paints itself with them.
 */

/** A deep teal: calm, legible on white, distinct from the red used for errors. */
export const BRAND_SHADES = ['#e7f6f6', '#d3e9ea', '#a8d2d4', '#79babd', '#53a6aa', '#3a999e', '#2b9298', '#1a7f84', '#0b5e63', '#004e53'] as const;

/** The shade of the brand filled buttons and focus rings use (the theme's primaryShade). */
export const PRIMARY_SHADE = 8;

export const SYSTEM_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** Dimmed text (hints, captions, descriptions) and placeholders: 4.7:1 on white and on the light greys of cards. */
export const DIMMED = '#626970';

/** The product's name, beside its mark and in every page title. */
export const BRAND_NAME = 'Payroll Deductions Platform';
