import { useEffect, useState } from 'react';
import { DEFAULT_PALETTE, generateBrandPalette, storedBrandPalette, type BrandPalette } from './brand-palette.ts';

/** The Mantine palette for the company's brand colour; the default until it is ready. */
export function useBrandPalette(brandColor: string | null | undefined): BrandPalette {
  const color = brandColor?.trim() ?? '';
  const [generated, setGenerated] = useState<BrandPalette | null>(null);
  const stored = color ? storedBrandPalette(color) : null;

  useEffect(() => {
    if (!color || stored) return;
    let cancelled = false;
    void generateBrandPalette(color).then((palette) => {
      if (!cancelled) setGenerated(palette);
    });
    return () => {
      cancelled = true;
    };
  }, [color, stored]);

  if (!color) return DEFAULT_PALETTE;
  if (stored) return stored;
  return generated?.color === color.toLowerCase() ? generated : DEFAULT_PALETTE;
}
