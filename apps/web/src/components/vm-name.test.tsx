import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderElement } from '../../test/render-element.tsx';
import { VmName } from './vm-name.tsx';

const show = (vmName: string, product: string) =>
  renderElement(
    <div data-testid="label">
      <VmName vm={{ vmName, aliasName: null }} product={product} />
    </div>,
  );

describe('VmName', () => {
  it('shows the product under a VM bought from it', async () => {
    show('ubuntu-server-2', 'Ubuntu Server 24.04 LTS');
    expect((await screen.findByTestId('vm-name')).textContent).toBe('ubuntu-server-2');
    expect(screen.getByTestId('label').textContent).toBe('ubuntu-server-2Ubuntu Server 24.04 LTS');
  });

  it('does not repeat the names of a multi-renewal under them, whatever their order', async () => {
    // The order keeps the names as they were ticked; the history lists them by VM.
    show('ubuntu-server-1, ubuntu-server-2', 'ubuntu-server-2, ubuntu-server-1');
    expect((await screen.findByTestId('vm-name')).textContent).toBe('ubuntu-server-1, ubuntu-server-2');
    expect(screen.getByTestId('label').textContent).toBe('ubuntu-server-1, ubuntu-server-2');
  });
});
