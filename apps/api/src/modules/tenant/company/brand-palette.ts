import { generateColors, generateColorsMap } from '@mantine/colors-generator';
import type { BrandPalette } from '@mawingu/contracts/company';
import { DEFAULT_BRAND_PALETTE } from '@mawingu/contracts/company-rules';

/**
 * The ten Mantine shades around a company's brand colour, made on the server so the browser needs
 * no colour library (chroma-js alone is ~16 KB gzip of every first load). Filled buttons use the
 * brand's own shade, kept dark enough (5–9) to carry white text.
 */
export function brandPaletteOf(color: string): BrandPalette {
  try {
    const { baseColorIndex } = generateColorsMap(color);
    return { colors: [...generateColors(color)], shade: Math.min(Math.max(baseColorIndex, 5), 9) };
  } catch {
    // Not a colour chroma understands: the neutral palette keeps the theme intact.
    return DEFAULT_BRAND_PALETTE;
  }
}
