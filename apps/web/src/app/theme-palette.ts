import type { BrandPalette } from '@mawingu/contracts/company';
import { DEFAULT_BRAND_PALETTE } from '@mawingu/contracts/company-rules';
import type { MantineColorsTuple } from '@mantine/core';

export type ThemePalette = { colors: MantineColorsTuple; shade: number };

/** The company's palette as the server made it; the neutral one until the configuration is known. */
export function themePaletteOf(palette: BrandPalette | null | undefined): ThemePalette {
  const chosen = palette ?? DEFAULT_BRAND_PALETTE;
  return { colors: chosen.colors as unknown as MantineColorsTuple, shade: chosen.shade };
}
