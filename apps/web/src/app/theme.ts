import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { ThemePalette } from './theme-palette.ts';

// System fonts with Inter first when installed: console-like and no web-font download.
const FONT_STACK =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif';

/**
 * Mantine's gray 6 (#868e96) is also its "dimmed" text colour and reaches only 3.3:1 on white
 * (WCAG AA needs 4.5:1). A darker gray 6 keeps secondary text readable on white, gray 0/1 and the
 * light brand tints (5.3:1 on white, 4.6:1 on a brand 0 band).
 */
const GRAY = DEFAULT_THEME.colors.gray.map((shade, i) => (i === 6 ? '#646c74' : shade)) as unknown as MantineColorsTuple;

/** Field errors in red 9 (5.5:1 on white) instead of red 6 (3.3:1), for the same reason. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

export function buildTheme(palette: ThemePalette): MantineThemeOverride {
  const shade = Math.min(Math.max(palette.shade, 5), 9) as 5 | 6 | 7 | 8 | 9;
  return createTheme({
    colors: { brand: palette.colors, gray: GRAY },
    primaryColor: 'brand',
    primaryShade: { light: shade, dark: shade },
    autoContrast: true,
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '650' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'xl' } },
      Menu: { defaultProps: { radius: 'md', shadow: 'md', withinPortal: true } },
      Tooltip: { defaultProps: { withArrow: true } },
      Container: { defaultProps: { size: 'lg' } },
    },
  });
}
