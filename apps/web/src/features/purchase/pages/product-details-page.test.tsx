import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { priceNewVm } from '@mawingu/contracts/pricing/bill';
import { configuredLines } from '@mawingu/contracts/pricing/configured-lines';
import { totalsInUsd } from '@mawingu/contracts/pricing/currency';
import { messages } from '@mawingu/contracts/messages';
import type { VmProductDetails } from '@mawingu/contracts/purchase';
import { ok } from '../../../../test/fake-api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { callsTo, makeOrder, makeProductDetails, renderAt, stubPurchaseApi } from '../purchase.test-helper.tsx';

afterEach(() => window.sessionStorage.clear());

const TAKEN = 'You already have a VM named web-1. Choose another name';

function setup(details: VmProductDetails = makeProductDetails()) {
  return stubPurchaseApi({
    'virtualMachine/getVMProductDetail': ok({ ...details, suggestedVmName: 'ubuntu-server-2' }),
    'virtualMachine/checkVmName': (body: unknown) => {
      const { vmName } = body as { vmName: string };
      return vmName === 'web-1'
        ? { status: 400, message: TAKEN, data: { fieldErrors: { vmName: TAKEN } } }
        : ok({ vmName }, 'This name is free');
    },
    'virtualMachine/CreateOrder': ok(makeOrder(), 'Order created'),
    'virtualMachine/saveVMForLater': ok({ ID: 9 }, 'Your product has been successfully saved'),
  });
}

const open = async (details?: VmProductDetails) => {
  const fetchMock = setup(details);
  const view = renderAt(['/marketplace/all', '/productdetails/7']);
  await screen.findByRole('heading', { level: 1, name: 'Ubuntu Server 24.04 LTS' });
  return { fetchMock, ...view };
};

const bill = () => screen.getByTestId('bill');
const money = (amount: string) => formatMoney(amount, 'ZAR');
const thumb = (name: RegExp) => screen.getByRole('slider', { name });

async function choose(region: string, period: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Region' }), region);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time period' }), period);
}

/** The engine's own bill for a configuration, as the server computes the order. */
function engineBill(details: VmProductDetails, sizes: { memory: number; processor: number; disk: number }, days: number, tax: string) {
  const lines = configuredLines(
    details.vmSpec.map((r) => ({ name: r.specificationName, unit: r.specificationUnit, costPerUnit: r.costPerUnit })),
    sizes,
    details.discount,
  );
  return priceNewVm({ lines, days, taxPercent: tax });
}

describe('configuration screen', () => {
  it('loads the product with its logo, placeholders, one slider per specification and the specification table', async () => {
    const { fetchMock } = await open();
    expect(callsTo(fetchMock, 'virtualMachine/getVMProductDetail')).toEqual([{ productID: 7 }]);
    expect(document.querySelector('svg[data-os="ubuntu"]')).toBeTruthy();
    const region = screen.getByRole('combobox', { name: 'Region' }) as HTMLSelectElement;
    expect(region.selectedOptions[0]!.textContent).toBe('Region');
    const time = screen.getByRole('combobox', { name: 'Time period' }) as HTMLSelectElement;
    expect(time.selectedOptions[0]!.textContent).toBe('Time (In Days)');
    const sliders = screen.getAllByRole('slider');
    expect(sliders.map((s) => s.getAttribute('aria-label'))).toEqual(['Processor in vCPU', 'Memory in GB', 'Disk in GB']);
    expect(thumb(/Disk/).getAttribute('aria-valuemin')).toBe('20');
    expect(thumb(/Disk/).getAttribute('aria-valuemax')).toBe('500');
    expect(screen.getByTestId('specification-table')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the previous page' })).toBeTruthy();
  });

  it('bills exactly what the pricing engine computes, to the cent, for the chosen region, period and sizes', async () => {
    const details = makeProductDetails();
    await open(details);
    await choose('Namibia', '90 Days');
    // Memory 4 → 8 GB (two steps of 2) selects 4 processors; disk 40 → 60 GB.
    thumb(/Memory/).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    thumb(/Disk/).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');

    const expected = engineBill(details, { memory: 8, processor: 4, disk: 60 }, 90, '14.50');
    await waitFor(() => expect(screen.getByTestId('bill-total').textContent).toBe(money(expected.total)));
    expect(screen.getByTestId('bill-price').textContent).toBe(money(expected.price));
    expect(screen.getByTestId('bill-tax').textContent).toBe(money(expected.tax));
    expect(screen.getByTestId('bill-discount').textContent).toBe(`−${money(expected.discount)}`);
    expect(within(bill()).getByText('Tax (14.5%)')).toBeTruthy();
    for (const line of expected.lines) {
      const row = screen.getByTestId(`bill-line-${line.name.toLowerCase()}`);
      expect(row.textContent).toContain(`${line.count} ${line.unit}`);
      expect(row.textContent).toContain(money(line.amount));
    }
    // Hand check of one line: Disk 60 × 1.4567 × 90 / 30 = 262.206 → R262.21.
    expect(screen.getByTestId('bill-line-disk').textContent).toContain('R262.21');
  });

  it('selects the processor count from the memory’s RAM → CPU range', async () => {
    await open();
    expect(thumb(/Processor/).getAttribute('aria-valuenow')).toBe('2');
    thumb(/Memory/).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(thumb(/Memory/).getAttribute('aria-valuenow')).toBe('6'));
    expect(thumb(/Processor/).getAttribute('aria-valuenow')).toBe('4');
    expect(screen.getByText('Set by the memory: 6 GB comes with 4 vCPU.')).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(thumb(/Processor/).getAttribute('aria-valuenow')).toBe('8'));
  });

  it('asks for the region and the time period, both at once when both are missing', async () => {
    const { fetchMock, pathname } = await open();
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByText('Please select Region')).toBeTruthy();
    expect(screen.getByText('Please select Time Period')).toBeTruthy();
    // The first missing choice is brought into view and focused (Buy Now is far below it on a phone).
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(scrolled).toEqual([region]);
    expect(document.activeElement).toBe(region);
    await userEvent.selectOptions(region, 'South Africa');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.queryByText('Please select Region')).toBeNull();
    expect(screen.getByText('Please select Time Period')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Time period' }));
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    expect(pathname()).toBe('/productdetails/7');
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(0);
  });

  it('names the VM: the suggestion is sent with the order, a taken or malformed name is shown on the field and nothing is bought', async () => {
    const { fetchMock, pathname } = await open();
    const name = screen.getByRole('textbox', { name: 'VM name' });
    expect((name as HTMLInputElement).value).toBe('ubuntu-server-2');
    await choose('Namibia', '30 Days');
    await userEvent.clear(name);
    await userEvent.type(name, '-web');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText(messages.vmNameInvalid)).toBeTruthy();
    expect(callsTo(fetchMock, 'virtualMachine/checkVmName')).toHaveLength(0);
    await userEvent.clear(name);
    await userEvent.type(name, 'web-1');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(pathname()).toBe('/productdetails/7');
    await userEvent.clear(name);
    await userEvent.type(name, 'web  2');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(1));
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')[0]).toMatchObject({ vmName: 'web 2' });
  });

  it('with one gateway goes to /purchasedetails/1 and hands over the spec object', async () => {
    const details = makeProductDetails();
    const { fetchMock, pathname, router } = await open(details);
    await choose('Namibia', '30 Days');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(pathname()).toBe('/purchasedetails/1'));
    const expected = engineBill(details, { memory: 4, processor: 2, disk: 40 }, 30, '14.50');
    expect(router.state.location.state).toMatchObject({
      productId: 7,
      memory: 4,
      processor: 2,
      processorUnit: 'cores',
      disk: 40,
      region: 3,
      regionName: 'Namibia',
      time: 30,
      currency: 'ZAR',
      paymentGateway: 'Ozow Payment',
      FinalPrice: expected.price,
      taxAmount: expected.tax,
      discountAmount: expected.discount,
      totalAmountwithTax: expected.total,
      calulatedtaxvalue: '14.50',
      byPassflag: 0,
      microsoftLicense: 0,
      producttype: 'ubuntu',
    });
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(1));
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')[0]).toMatchObject({
      productID: 7,
      productName: 'Ubuntu Server 24.04 LTS',
      specification: [
        { type: 'memory', value: 4, unit: 'GB', price: expected.lines.find((l) => l.name === 'Memory')!.amount },
        { type: 'processor', value: 2, unit: 'cores', price: expected.lines.find((l) => l.name === 'Processor')!.amount },
        { type: 'disk', value: 40, unit: 'GB', price: expected.lines.find((l) => l.name === 'Disk')!.amount },
      ],
      region: 3,
      timePeriod: 30,
      cost: expected.price,
      taxAmount: expected.tax,
      totalAmount: expected.total,
      discountAmount: expected.discount,
      currency: 'ZAR',
      paymentGateway: 'Ozow Payment',
    });
  });

  it('with no gateway and no bypass says there is a technical issue and stays', async () => {
    const details = makeProductDetails({
      country: [{ countryID: 1, countryName: 'South Africa', taxValue: '15.00', currency: 'ZAR', paymentGateway: [] }],
      paymentGateway: [],
    });
    const { pathname } = await open(details);
    await choose('South Africa', '30 Days');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText('There are some technical issue. Please try after some time')).toBeTruthy();
    expect(pathname()).toBe('/productdetails/7');
  });

  it('with several gateways opens Choose Payment Gateway: No and Proceed only after a choice, USD figures for PayPal with ZAR', async () => {
    const details = makeProductDetails();
    const { pathname, router } = await open(details);
    await choose('South Africa', '90 Days');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Payment Gateway' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
    expect(within(dialog).queryByRole('button', { name: 'Proceed' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'No' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'PayFast Payment' }));
    expect(within(dialog).getByRole('button', { name: 'Proceed' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeTruthy();
    expect(within(dialog).queryByTestId('usd-figures')).toBeNull();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Paypal Payment' }));
    const usd = totalsInUsd(engineBill(details, { memory: 4, processor: 2, disk: 40 }, 90, '15.00'), '0.063');
    expect(within(dialog).getByTestId('usd-total').textContent).toBe(formatMoney(usd.total, 'USD'));
    expect(within(dialog).getByText(/PayPal does not support ZAR currency: you pay in USD/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose Payment Gateway' })).toBeNull());
    expect(pathname()).toBe('/productdetails/7');

    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    const again = await screen.findByRole('dialog', { name: 'Choose Payment Gateway' });
    expect(within(again).queryByRole('button', { name: 'Proceed' })).toBeNull();
    await userEvent.click(within(again).getByRole('radio', { name: 'Paypal Payment' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(pathname()).toBe('/purchasedetails/1'));
    expect(router.state.location.state).toMatchObject({ paymentGateway: 'Paypal Payment', region: 1, time: 90 });
  });

  it('with PayPal as the only gateway for ZAR asks to continue in USD first: No stays, Proceed goes on', async () => {
    const details = makeProductDetails({
      country: [{ countryID: 1, countryName: 'South Africa', taxValue: '15.00', currency: 'ZAR', paymentGateway: ['Paypal Payment'] }],
      paymentGateway: ['Paypal Payment'],
    });
    const { pathname, router } = await open(details);
    await choose('South Africa', '30 Days');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('PayPal does not support ZAR currency. Would you like to continue payment in USD ?')).toBeTruthy();
    const usd = totalsInUsd(engineBill(details, { memory: 4, processor: 2, disk: 40 }, 30, '15.00'), '0.063');
    expect(within(dialog).getByTestId('usd-total').textContent).toBe(formatMoney(usd.total, 'USD'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pathname()).toBe('/productdetails/7');

    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(pathname()).toBe('/purchasedetails/1'));
    expect(router.state.location.state).toMatchObject({ paymentGateway: 'Paypal Payment' });
  });

  it('with bypass goes straight to the purchase details, without a gateway', async () => {
    const details = makeProductDetails({
      byPassflag: 1,
      country: [{ countryID: 1, countryName: 'South Africa', taxValue: '15.00', currency: 'ZAR', paymentGateway: [] }],
      paymentGateway: [],
    });
    const { fetchMock, pathname, router } = await open(details);
    await choose('South Africa', '30 Days');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(pathname()).toBe('/purchasedetails/1'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.state).toMatchObject({ byPassflag: 1, paymentGateway: '' });
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(1));
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')[0]).not.toHaveProperty('paymentGateway');
  });

  it('hides the specification table for Node Weaver and Open Nebula products', async () => {
    const base = makeProductDetails();
    await open(makeProductDetails({ VMProductDetail: { ...base.VMProductDetail, serviceType: 'Node Weaver' } }));
    expect(screen.queryByTestId('specification-table')).toBeNull();
    expect(screen.getAllByRole('slider')).toHaveLength(3);
  });

  it('saves the configuration for later and says so', async () => {
    const { fetchMock } = await open();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'South Africa');
    await userEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText('Your product has been successfully saved')).toBeTruthy();
    expect(callsTo(fetchMock, 'virtualMachine/saveVMForLater')[0]).toMatchObject({
      productID: 7,
      processorCount: 2,
      processorUnit: 'cores',
      memoryCount: 4,
      memoryUnit: 'GB',
      driveCount: 40,
      driveUnit: 'GB',
      region: 1,
      timePeriod: 0,
    });
    expect(screen.getByRole('button', { name: 'Save for later' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reopens a saved configuration as it was saved: sizes, region, period and its bill', async () => {
    const details = makeProductDetails();
    setup(details);
    renderAt(['/saveditem', '/productdetails/7?ram=16&disk=250&cpu=8&region=3&days=365']);
    await screen.findByRole('heading', { level: 1, name: 'Ubuntu Server 24.04 LTS' });
    expect(thumb(/Memory/).getAttribute('aria-valuenow')).toBe('16');
    expect(thumb(/Disk/).getAttribute('aria-valuenow')).toBe('250');
    expect(thumb(/Processor/).getAttribute('aria-valuenow')).toBe('8');
    expect((screen.getByRole('combobox', { name: 'Region' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Namibia');
    expect((screen.getByRole('combobox', { name: 'Time period' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('365 Days');
    const expected = engineBill(details, { memory: 16, processor: 8, disk: 250 }, 365, '14.50');
    expect(within(bill()).getByTestId('bill-total').textContent).toBe(money(expected.total));
  });

  it('starts from the product’s defaults where a reopened value is not offered any more', async () => {
    setup();
    renderAt(['/saveditem', '/productdetails/7?ram=999&disk=abc&region=42&days=7']);
    await screen.findByRole('heading', { level: 1, name: 'Ubuntu Server 24.04 LTS' });
    expect(thumb(/Memory/).getAttribute('aria-valuenow')).toBe('32');
    expect(thumb(/Disk/).getAttribute('aria-valuenow')).toBe('40');
    expect((screen.getByRole('combobox', { name: 'Region' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Region');
    expect((screen.getByRole('combobox', { name: 'Time period' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'Time (In Days)',
    );
  });

  it('shares the page address on social networks', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this product' });
    expect((within(dialog).getByRole('textbox', { name: 'Page address' }) as HTMLInputElement).value).toBe(window.location.href);
    for (const network of ['Facebook', 'X', 'LinkedIn', 'WhatsApp', 'Telegram']) {
      expect(within(dialog).getByRole('button', { name: `Share on ${network}` })).toBeTruthy();
    }
    expect(within(dialog).getByRole('button', { name: 'Share by email' })).toBeTruthy();
  });

  it('shows the server’s message when the product cannot be loaded', async () => {
    stubPurchaseApi({ 'virtualMachine/getVMProductDetail': { status: 404, message: 'Data Not Found', data: null } });
    renderAt(['/productdetails/99']);
    expect(await screen.findByText('This product could not be loaded')).toBeTruthy();
    expect(screen.getByText('Data Not Found')).toBeTruthy();
  });
});
