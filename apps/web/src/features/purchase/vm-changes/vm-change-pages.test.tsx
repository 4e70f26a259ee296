import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { ok } from '../../../../test/fake-api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { callsTo, makeOrder, makeProductDetails, renderAt, stubPurchaseApi } from '../purchase.test-helper.tsx';

afterEach(() => window.sessionStorage.clear());

/** VM 31 of product 7: 2 vCPU, 4 GB, 40 GB, 30 days left, one gateway (PayFast) in South Africa. */
function makeChangeDetails(overrides: Partial<VmChangeDetails> = {}): VmChangeDetails {
  const base = makeProductDetails({ ramCpuDependecy: [] });
  return {
    ...base,
    VMProductDetail: {
      ...base.VMProductDetail,
      ID: 31,
      vmName: 'web-31',
      aliasName: null,
      ram_Count: 4,
      ram_Unit: 'GB',
      cpu_Count: 2,
      disk_Count: 40,
      disk_Unit: 'GB',
      currency: 'ZAR',
      validity: 30,
      regionID: 1,
      regionName: 'South Africa',
      countryID: 1,
      drive_Cost_PerUnit: '1.4567',
      parentVMId: 7,
      daysExtended: 0,
      endDate: '2026-12-21T09:30:00.000Z',
    },
    country: [
      {
        countryID: 1,
        countryName: 'South Africa',
        taxValue: '15.00',
        currency: 'ZAR',
        paymentGateway: ['PayFast Payment'],
      },
    ],
    paymentGateway: ['PayFast Payment'],
    remainingDays: 30,
    cloneDuration: [1, 2, 3, 7],
    cloneType: ['daily', 'weekly', 'monthly'],
    addedDisks: [],
    isClone: 0,
    ...overrides,
  };
}

const money = (amount: string) => formatMoney(amount, 'ZAR');
const thumb = (name: RegExp) => screen.getByRole('slider', { name });

describe('update page (/updatevm/{id})', { timeout: 20_000 }, () => {
  const open = async (details = makeChangeDetails()) => {
    const fetchMock = stubPurchaseApi({
      'virtualMachine/getVMDetailForUpdateVM': ok(details),
      'virtualMachine/updateVM': ok(makeOrder({ kind: 4 }), 'Order created'),
    });
    const view = renderAt(['/customerprofile/2', '/updatevm/31']);
    await screen.findByRole('heading', { level: 1, name: 'Configuration' });
    return { fetchMock, ...view };
  };

  it('bills only the lines that change, prorated, and sends the update order from /purchasedetails/4', async () => {
    const { fetchMock, pathname } = await open();
    expect(callsTo(fetchMock, 'virtualMachine/getVMDetailForUpdateVM')).toEqual([{ productID: 31 }]);
    expect(
      (
        screen.getByRole('radio', {
          name: 'Update RAM, CPU And Disk',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(screen.getByText('A maximum of two disks can be added to a new VM.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy Now' }) as HTMLInputElement).disabled).toBe(true);
    // Disk never below the VM's 40 GB.
    expect(thumb(/Disk/).getAttribute('aria-valuemin')).toBe('40');

    // Memory 4 → 6 GB: 2 × 60.3333 × 30/30 = 120.67; VAT 18.10.
    thumb(/Memory/).focus();
    await userEvent.keyboard('{ArrowRight}');
    const bill = screen.getByTestId('bill');
    expect(within(bill).getAllByRole('row')).toHaveLength(2);
    const memory = within(bill).getByTestId('bill-line-memory');
    expect(memory.textContent).toContain('4 GB');
    expect(memory.textContent).toContain('6 GB');
    expect(memory.textContent).toContain(money('120.67'));
    expect(within(bill).getByTestId('bill-total').textContent).toContain(money('138.77'));

    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(pathname()).toBe('/purchasedetails/4'));
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/updateVM')).toHaveLength(1));
    expect(callsTo(fetchMock, 'virtualMachine/updateVM')[0]).toMatchObject({
      clientVMID: 31,
      ramCount: 6,
      processorCount: 2,
      diskCount: 40,
      cost: '120.67',
      taxAmount: '18.10',
      totalAmount: '138.77',
      currency: 'ZAR',
      paymentGateway: 'PayFast Payment',
      updateType: 'RamAndCpu',
    });
  });

  it('Add Disk shows only the Disk slider from 0 and orders one disk of that size', async () => {
    const { fetchMock } = await open();
    await userEvent.click(screen.getByRole('radio', { name: 'Add Disk' }));
    const sliders = screen.getAllByRole('slider');
    expect(sliders).toHaveLength(1);
    expect(sliders[0]!.getAttribute('aria-valuemin')).toBe('0');
    expect(sliders[0]!.getAttribute('aria-valuemax')).toBe('500');
    sliders[0]!.focus();
    // 0 → 20 GB: 20 × 1.4567 = 29.13; VAT 4.37.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('bill-line-disk').textContent).toContain('0 GB');
    expect(screen.getByTestId('bill-total').textContent).toContain(money('33.50'));
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/updateVM')).toHaveLength(1));
    expect(callsTo(fetchMock, 'virtualMachine/updateVM')[0]).toMatchObject({
      updateType: 'Disk',
      diskCount: 20,
      totalAmount: '33.50',
    });
  });

  it('does not offer Add Disk once two disks are added, and hides the sliders for Open Nebula', async () => {
    const details = makeChangeDetails({
      addedDisks: [
        { slot: 1, sizeGb: 100, state: 'attached' },
        { slot: 2, sizeGb: 50, state: 'attached' },
      ],
    });
    details.VMProductDetail.serviceType = 'Open Nebula';
    await open(details);
    expect((screen.getByRole('radio', { name: 'Add Disk' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryAllByRole('slider')).toHaveLength(0);
  });

  it('goes back and shows the server’s message when the VM cannot be loaded', async () => {
    stubPurchaseApi({
      'virtualMachine/getVMDetailForUpdateVM': {
        status: 403,
        message: 'This virtual machine has been blocked by the admin.',
        data: null,
      },
    });
    const { pathname } = renderAt(['/customerprofile/2', '/updatevm/31']);
    await waitFor(() => expect(pathname()).toBe('/customerprofile/2'));
    expect(await screen.findByText('This virtual machine has been blocked by the admin.')).toBeTruthy();
  });
});

describe('clone and snapshot pages', { timeout: 20_000 }, () => {
  it('clone: asks for the duration and type with the spec’s messages, then bills and orders them', async () => {
    const fetchMock = stubPurchaseApi({
      'virtualMachine/getVMDetailForCloneVm': ok(makeChangeDetails()),
      'virtualMachine/createOrderForcloneVM': ok(makeOrder({ kind: 2 }), 'Order created'),
    });
    const { pathname } = renderAt(['/customerprofile/2', '/buyclonevm/31']);
    await screen.findByRole('heading', { level: 1, name: 'Clone web-31' });
    const card = screen.getByTestId('configuration');
    expect(card.textContent).toContain('Ubuntu Server 24.04 LTS');
    expect(card.textContent).toContain('4 GB');
    expect(card.textContent).toContain('40 GB');
    // No period until the type and duration are chosen (not the VM's 30 days).
    expect(card.textContent).toContain('Choose the clone type and duration');
    expect(card.textContent).not.toContain('30 days');
    expect(
      screen
        .getAllByRole('slider')
        .every(
          (s) => s.getAttribute('data-disabled') === 'true' || s.hasAttribute('disabled') || s.getAttribute('aria-disabled') === 'true',
        ),
    ).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByText('Please select duration days')).toBeTruthy();
    expect(screen.getByText('Please select clone vm type')).toBeTruthy();
    expect(callsTo(fetchMock, 'virtualMachine/createOrderForcloneVM')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Clone type' }));

    // The duration counts periods of the type: its options say so, in the type's unit.
    const duration = screen.getByRole('combobox', { name: 'Keep the clone for' }) as HTMLSelectElement;
    expect([...duration.options].map((o) => o.textContent)).toEqual(['Select duration', '1 period', '2 periods', '3 periods', '7 periods']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Clone type' }), 'Weekly');
    expect([...duration.options].map((o) => o.textContent)).toEqual(['Select duration', '1 week', '2 weeks', '3 weeks', '7 weeks']);
    await userEvent.selectOptions(duration, '2 weeks');
    // 2 weekly periods are 14 days, and the card says so.
    expect(card.textContent).toContain('14 days');
    // 336 h of 720: 2 × 120.125 → 112.12, 4 × 60.3333 → 112.62, 40 × 1.4567 → 27.19; 251.93 + 37.79.
    expect(screen.getByTestId('bill-price').textContent).toContain(money('251.93'));
    expect(screen.getByText('Tax(15%)')).toBeTruthy();
    expect(screen.getByTestId('bill-total').textContent).toContain(money('289.72'));
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(pathname()).toBe('/purchasedetails/2'));
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/createOrderForcloneVM')).toHaveLength(1));
    expect(callsTo(fetchMock, 'virtualMachine/createOrderForcloneVM')[0]).toMatchObject({
      clientVMID: 31,
      cloneDuration: 2,
      cloneDurationType: 'weekly',
      isCloneOrSnapshot: 'Clone',
      totalAmount: '289.72',
      timePeriod: 14,
    });
  });

  it('snapshot: disk × drive cost with tax, straight to /purchasedetails/2 with the bypass', async () => {
    const fetchMock = stubPurchaseApi({
      'virtualMachine/getVMDetailForSnapshotVm': ok(makeChangeDetails({ byPassflag: 1 })),
      'virtualMachine/createOrderForSnapshotVM': ok(makeOrder({ kind: 2 }), 'Order created'),
    });
    const { pathname } = renderAt(['/customerprofile/2', '/buysnapshotvm/31']);
    await screen.findByRole('heading', {
      level: 1,
      name: 'Snapshot of web-31',
    });
    // 40 × 1.4567 = 58.27; VAT 8.74.
    expect(screen.getByTestId('bill-price').textContent).toContain(money('58.27'));
    expect(screen.getByTestId('bill-total').textContent).toContain(money('67.01'));
    expect(screen.queryByRole('combobox', { name: 'Clone type' })).toBeNull();
    // A snapshot has no period: not "0 days", not the VM's 30.
    expect(screen.getByTestId('configuration').textContent).toContain('Kept until you delete it');
    expect(screen.getByTestId('configuration').textContent).not.toMatch(/\d+ days/);
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(pathname()).toBe('/purchasedetails/2'));
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/createOrderForSnapshotVM')).toHaveLength(1));
    expect(callsTo(fetchMock, 'virtualMachine/createOrderForSnapshotVM')[0]).toMatchObject({
      clientVMID: 31,
      isCloneOrSnapshot: 'Snapshot',
      totalAmount: '67.01',
      cloneDuration: 0,
      timePeriod: 0,
    });
  });
});
