import { describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE, generateBrandPalette, storedBrandPalette } from './brand-palette.ts';
import { buildTheme } from './theme.ts';

describe('brand palette', () => {
  it('generates ten shades around the brand colour and remembers them', async () => {
    const palette = await generateBrandPalette('#E63946');
    expect(palette.colors).toHaveLength(10);
    expect(palette.colors).toContain('#e63946');
    expect(palette.colors[palette.shade]).toBe('#e63946');
    expect(storedBrandPalette('#e63946')).toEqual(palette);
    expect(storedBrandPalette('#000000')).toBeNull();
  });

  it('falls back to the neutral palette for a value that is not a colour', async () => {
    expect(await generateBrandPalette('not a colour')).toBe(DEFAULT_PALETTE);
  });

  it('makes the brand the Mantine primary colour', () => {
    const theme = buildTheme(DEFAULT_PALETTE);
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand).toEqual(DEFAULT_PALETTE.colors);
  });
});
