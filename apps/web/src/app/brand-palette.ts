import type { MantineColorsTuple } from '@mantine/core';

export type BrandPalette = { color: string; colors: MantineColorsTuple; shade: number };

/**
 * Neutral blue until a company's colour is known: generateColors('#0069ff'), written out so the
 * first paint needs no generator.
 */
export const DEFAULT_PALETTE: BrandPalette = {
  color: '#0069ff',
  colors: ['#e4f4ff', '#cde3ff', '#9ac5ff', '#64a4ff', '#3888fe', '#1d77fe', '#0069ff', '#005de4', '#0053cd', '#0047b5'],
  shade: 6,
};

const STORAGE_KEY = 'brandPalette';

function normalise(color: string): string {
  return color.trim().toLowerCase();
}

// Parsed once per stored text, so the theme object stays the same between renders.
let lastRead: { raw: string | null; value: Partial<BrandPalette> | null } | undefined;

function readStored(): Partial<BrandPalette> | null {
  const raw = window.localStorage.getItem(STORAGE_KEY);
  if (lastRead?.raw !== raw) lastRead = { raw, value: raw ? (JSON.parse(raw) as Partial<BrandPalette>) : null };
  return lastRead.value;
}

/** The palette generated on an earlier visit, if it was for this colour: no flash of the default. */
export function storedBrandPalette(color: string): BrandPalette | null {
  try {
    const value = readStored();
    const valid =
      value?.color === normalise(color) &&
      Array.isArray(value.colors) &&
      value.colors.length === 10 &&
      value.colors.every((shade) => typeof shade === 'string') &&
      typeof value.shade === 'number';
    return valid ? (value as BrandPalette) : null;
  } catch {
    return null;
  }
}

/** The generator and chroma-js are a sizeable chunk; they load next to the configuration call. */
export function loadPaletteGenerator() {
  return import('@mantine/colors-generator');
}

export async function generateBrandPalette(color: string): Promise<BrandPalette> {
  const { generateColors, generateColorsMap } = await loadPaletteGenerator();
  try {
    const { baseColorIndex } = generateColorsMap(color);
    const palette: BrandPalette = {
      color: normalise(color),
      colors: generateColors(color),
      // Filled buttons use the brand's own shade, kept dark enough to carry text.
      shade: Math.min(Math.max(baseColorIndex, 5), 9),
    };
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(palette));
    } catch {
      // Storage refused: the palette is simply generated again next visit.
    }
    return palette;
  } catch {
    // Not a colour chroma understands: keep the neutral palette rather than break the theme.
    return DEFAULT_PALETTE;
  }
}
