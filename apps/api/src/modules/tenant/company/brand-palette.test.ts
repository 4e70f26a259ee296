import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_PALETTE } from '@mawingu/contracts/company-rules';
import { brandPaletteOf } from './brand-palette.ts';

describe('the brand palette made on the server', () => {
  it('has ten shades around the brand colour, the brand itself at a shade dark enough for text', () => {
    const palette = brandPaletteOf('#E63946');
    expect(palette.colors).toHaveLength(10);
    expect(palette.colors[palette.shade]).toBe('#e63946');
    expect(palette.shade).toBeGreaterThanOrEqual(5);
  });

  it('falls back to the neutral palette for a value that is not a colour', () => {
    expect(brandPaletteOf('not a colour')).toEqual(DEFAULT_BRAND_PALETTE);
  });
});
