import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SavedVm } from '@mawingu/contracts/saved';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';

const ubuntu: SavedVm = {
  ID: 4,
  productID: 21,
  vmName: 'Ubuntu Server 24.04 LTS',
  ram_Count: 8,
  disk_Count: 100,
  cpu_Count: 4,
  osType: 'ubuntu',
  imagePath: null,
  regionID: 2,
  timePeriod: 365,
};
const windows: SavedVm = {
  ID: 3,
  productID: 22,
  vmName: 'Windows Server 2022',
  ram_Count: 16,
  disk_Count: 200,
  cpu_Count: 8,
  osType: 'windows',
  imagePath: '/api/files/win',
  regionID: null,
  timePeriod: null,
};

function setup(initial: SavedVm[]) {
  signInAs();
  let saved = [...initial];
  const fetchMock = stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    'virtualMachine/showSavedVM': () => ok(saved),
    'virtualMachine/deletedSavedVM': (body) => {
      const id = (body as { savedProductID: number }).savedProductID;
      saved = saved.filter((s) => s.ID !== id);
      return ok(null, 'Saved item removed');
    },
  });
  return fetchMock;
}

const cards = () => screen.findAllByTestId('saved-vm-card');

describe('saved items page', () => {
  it('shows a card per saved configuration with RAM, disk, vCPU, the OS icon or the VM’s image, and View', async () => {
    setup([ubuntu, windows]);
    renderApp('/saveditem');
    const [first, second] = await cards();
    expect(within(first!).getByRole('heading', { name: 'Ubuntu Server 24.04 LTS' })).toBeTruthy();
    expect(first!.textContent).toContain('8 GB');
    expect(first!.textContent).toContain('100 GB');
    expect(first!.textContent).toMatch(/4\s*vCPU/);
    expect(first!.querySelector('svg[data-os]') ?? first!.querySelector('svg')).toBeTruthy();
    expect(second!.querySelector('img')!.getAttribute('src')).toBe('/api/files/win');
    expect(within(first!).getByRole('link', { name: 'View Ubuntu Server 24.04 LTS' }).getAttribute('href')).toBe(
      '/productdetails/21?ram=8&disk=100&cpu=4&region=2&days=365',
    );
    // Nothing chosen but the sizes: only the sizes travel.
    expect(within(second!).getByRole('link', { name: 'View Windows Server 2022' }).getAttribute('href')).toBe(
      '/productdetails/22?ram=16&disk=200&cpu=8',
    );
  });

  it('deletes after confirmation and refreshes the list', async () => {
    const fetchMock = setup([ubuntu, windows]);
    renderApp('/SavedItem');
    const [first] = await cards();
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete Ubuntu Server 24.04 LTS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete saved product?' });
    expect(dialog.textContent).toContain('Ubuntu Server 24.04 LTS (8 GB RAM, 100 GB disk, 4 vCPU)');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved item removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete saved product?' })).toBeNull());
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Ubuntu Server 24.04 LTS' })).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('virtualMachine/deletedSavedVM'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ savedProductID: 4 });
  });

  it('keeps the item when the deletion is cancelled', async () => {
    const fetchMock = setup([ubuntu]);
    renderApp('/saveditem');
    const [first] = await cards();
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete Ubuntu Server 24.04 LTS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete saved product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await cards()).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('virtualMachine/deletedSavedVM'))).toBe(false);
  });

  it('shows the server’s message when the deletion fails, and keeps the dialog open', async () => {
    signInAs();
    const fetchMock = stubApi({
      getCompanyConfiguration: ok(makeConfiguration()),
      getDropdownList: ok([]),
      'virtualMachine/showSavedVM': ok([ubuntu]),
      'virtualMachine/deletedSavedVM': { status: 404, message: 'Saved item not found', data: null },
    });
    renderApp('/saveditem');
    const [first] = await cards();
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete Ubuntu Server 24.04 LTS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete saved product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved item not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete saved product?' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('offers the marketplace when nothing is saved', async () => {
    setup([]);
    renderApp('/saveditem');
    expect(await screen.findByText('No saved products yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Marketplace' }).getAttribute('href')).toBe('/marketplace/all');
  });
});
