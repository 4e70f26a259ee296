import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_PALETTE } from '@mawingu/contracts/company-rules';
import { themePaletteOf } from './theme-palette.ts';
import { buildTheme } from './theme.ts';

describe('the brand theme', () => {
  it('makes the company palette the Mantine primary colour at its shade', () => {
    const colors = ['#fff0f0', '#ffdede', '#fbbaba', '#f79494', '#f37373', '#f15e5e', '#e63946', '#d62f3c', '#bf2734', '#a81d2b'];
    const theme = buildTheme(themePaletteOf({ colors, shade: 6 }));
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand).toEqual(colors);
    expect(theme.primaryShade).toEqual({ light: 6, dark: 6 });
  });

  it('uses the neutral palette before the configuration is known', () => {
    expect(buildTheme(themePaletteOf(undefined)).colors?.brand).toEqual(DEFAULT_BRAND_PALETTE.colors);
  });
});
