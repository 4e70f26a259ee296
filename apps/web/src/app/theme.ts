import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { ThemePalette } from './theme-palette.ts';

// System fonts with Inter first when installed: console-like and no web-font download.
const FONT_STACK =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif';

export function buildTheme(palette: ThemePalette): MantineThemeOverride {
  const shade = Math.min(Math.max(palette.shade, 5), 9) as 5 | 6 | 7 | 8 | 9;
  return createTheme({
    colors: { brand: palette.colors },
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
