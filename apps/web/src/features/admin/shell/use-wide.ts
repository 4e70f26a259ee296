import { useMediaQuery } from '@mantine/hooks';

/** Tables from the width where the console's menu sits beside the page (Mantine md); cards below. */
export function useWide(): boolean {
  return useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false }) ?? true;
}
