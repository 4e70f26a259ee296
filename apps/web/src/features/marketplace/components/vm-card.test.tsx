import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { VmCard } from './vm-card.tsx';

vi.mock('../../../lib/session/use-session.ts', () => ({
  useSession: () => ({ isLoggedIn: true, firstName: 'Thandi', lastName: 'Nkosi' }),
}));

function renderCard(currency: string) {
  const product = {
    productID: 42,
    productName: 'Windows Server 2022',
    osType: 'windows',
    imagePath: null,
    vm_RAM_Count: 8,
    vm_RAM_Unit: 'GB',
    vm_Driver_Count: 100,
    vm_Driver_Unit: 'GB',
    vm_CPU_Count: 4,
    vm_Cost: '1234.5',
    vm_Currency: currency,
  };
  const router = createMemoryRouter([{ path: '/', element: <VmCard product={product} /> }]);
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('a VM card for a logged-in customer', () => {
  it('shows the price with ZAR as R and leads to the product details', () => {
    renderCard('ZAR');
    expect(screen.getByText('R1,234.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Select Windows Server 2022' }).getAttribute('href')).toBe('/productdetails/42');
  });

  it('shows another currency with its code', () => {
    renderCard('KES');
    expect(screen.getByText('KES 1,234.50')).toBeTruthy();
  });
});
