import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrandedMantineProvider } from './branded-mantine-provider.tsx';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedMantineProvider>{children}</BrandedMantineProvider>
    </QueryClientProvider>
  );
}
