import { useEffect, useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useCompanyConfiguration } from '../api/company/get-company-configuration.ts';
import { buildTheme, cssVariablesResolver } from './theme.ts';
import { themePaletteOf } from './theme-palette.ts';
import { Toasts } from './toasts.tsx';

/** Mantine with the company's brand colour as primary colour; the page title is the company name. */
export function BrandedMantineProvider({ children }: { children: ReactNode }) {
  const config = useCompanyConfiguration();
  const palette = config?.brandPalette;
  const theme = useMemo(() => buildTheme(themePaletteOf(palette)), [palette]);
  const companyName = config?.companyName.trim();

  useEffect(() => {
    if (companyName) document.title = companyName;
  }, [companyName]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      {children}
    </MantineProvider>
  );
}
