import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

export type Purchase = { product: string; region: string; gateway?: string };

/** The product's id from the marketplace call, as the cards link to it (Node calls loopback and names the site in Origin). */
export async function productIdOf(port: number, site: string, name: string): Promise<number> {
  const reply = await fetch(`http://localhost:${port}/api/marketPlace/getProducts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({ serviceName: 'all', websiteUrl: site }),
  });
  const text = await reply.text();
  const id = text.match(new RegExp(`"productID":(\\d+),"productName":"${name.replace(/[()]/g, '\\$&')}"`))?.[1];
  if (!id) throw new Error(`${name} is not in the marketplace of ${site}`);
  return Number(id);
}

/**
 * Opens the configurator, picks region and 30 days, Buy Now, the gateway; lands on the purchase page.
 * `beforeBuy` does what else the journey wants on the configurator (an SSH key, a screenshot).
 * Returns the VM's name (the configurator's suggestion), as the Products tab lists it.
 */
export async function configurePurchase(
  p: Page,
  port: number,
  site: string,
  { product, region, gateway }: Purchase,
  beforeBuy?: () => Promise<void>,
) {
  await p.goto(`${site}/productdetails/${await productIdOf(port, site, product)}`);
  await p.getByRole('combobox', { name: 'Region' }).selectOption({ label: region });
  await p.getByRole('combobox', { name: 'Time period' }).selectOption({ label: '30 Days' });
  const vmName = await p.getByRole('textbox', { name: 'VM name' }).inputValue();
  await beforeBuy?.();
  await p.getByRole('button', { name: 'Buy Now' }).click();
  const atPurchase = () => /\/purchasedetails\/1$/.test(new URL(p.url()).pathname);
  if (gateway) {
    // Buy Now asks the server whether the name is free first: the dialog (or, with one gateway, the page) comes after.
    const dialog = p.getByRole('dialog', { name: 'Choose Payment Gateway' });
    await expect.poll(async () => atPurchase() || (await dialog.isVisible()), { timeout: 15_000 }).toBe(true);
    if (!atPurchase()) {
      await dialog.getByRole('radio', { name: gateway }).check();
      await dialog.getByRole('button', { name: 'Proceed' }).click();
    }
  }
  await p.waitForURL(/\/purchasedetails\/1$/);
  await visible(p.getByRole('button', { name: /^Pay / }));
  return { vmName };
}
