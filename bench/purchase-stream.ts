/**
 * bench:mixed's buyers (bench/mixed-load.ts): a steady stream of purchases paid through the Ozow
 * sandbox, each CreateOrder, startPayment, the payer's Pay at the gateway (whose notification the
 * shop receives before the payer is sent back) and the result page's transactionApi, as the SPA's
 * checkout and the payer's browser send them.
 */
/** One call's figures in the table (connections 0: not an autocannon load of its own). */
export type Row = { call: string; connections: number; requests: number; errors: number; failures: string; p50: number; p99: number };
/** "3× 429, 1× timeout": what the failures were, for the report. */
export const tally = (failures: [what: string, count: number][]) =>
  failures
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n}× ${what}`)
    .join(', ');
const counted = (list: string[]) => [...new Set(list)].map((w): [string, number] => [w, list.filter((x) => x === w).length]);

/** A steady stream of purchases until `until`, each step timed as a call of its own. */
export async function purchaseStream(o: {
  base: string;
  shopOrigin: string;
  buyers: { token: string; refreshToken: string }[];
  order: object;
  /** The spec name of the gateway the buyers choose (the shop's is the Ozow sandbox). */
  paymentGateway: string;
  perSecond: number;
  until: number;
  /** The first purchase's number (its VM's name and address): a second stream goes on after the first. */
  from?: number;
}): Promise<Row[]> {
  type Step = 'CreateOrder (purchase)' | 'startPayment (Ozow sandbox)' | 'notification (Ozow → shop)' | 'transactionApi (paid)';
  /** Each step's latencies, and why the failed ones failed (status, or no answer). */
  const steps: Record<Step, { ms: number[]; failures: string[] }> = {
    'CreateOrder (purchase)': { ms: [], failures: [] },
    'startPayment (Ozow sandbox)': { ms: [], failures: [] },
    'notification (Ozow → shop)': { ms: [], failures: [] },
    'transactionApi (paid)': { ms: [], failures: [] },
  };
  const step = async (name: Step, p: string, body: object, headers: Record<string, string>) => {
    const started = performance.now();
    const res = await fetch(`${o.base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) }).catch(() => undefined);
    const json = res && ((await res.json().catch(() => undefined)) as { data?: any } | undefined);
    steps[name].ms.push(performance.now() - started);
    if (!res?.ok)
      steps[name].failures.push(res ? `${res.status} ${(json as { message?: string } | undefined)?.message ?? ''}`.trim() : 'no answer');
    return res?.ok ? json?.data : undefined;
  };
  const buy = async (n: number) => {
    const buyer = o.buyers[n % o.buyers.length]!;
    // Each purchase from another address of the benchmark range (198.18.0.0/15; TRUST_PROXY is
    // loopback), so the per-address limits (60 orders, 30 payments a minute) count each buyer alone.
    const headers = {
      'content-type': 'application/json',
      origin: o.shopOrigin,
      authorization: buyer.token,
      refreshtoken: buyer.refreshToken,
      'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}`,
    };
    // Each VM its own name, as buyers give them: an order of the same name and configuration still
    // open would be given back instead (open-orders.ts), and one name cannot be paid for twice.
    const order = await step('CreateOrder (purchase)', '/api/virtualMachine/CreateOrder', { ...o.order, vmName: `mixed-${n}` }, headers);
    if (!order) return;
    const started = await step(
      'startPayment (Ozow sandbox)',
      '/api/virtualMachine/startPayment',
      { orderID: order.orderID, paymentGateway: o.paymentGateway },
      headers,
    );
    if (!started) return;
    const returned = await payAtGateway(started.start, (ms, failure) => {
      steps['notification (Ozow → shop)'].ms.push(ms);
      if (failure) steps['notification (Ozow → shop)'].failures.push(failure);
    });
    if (!returned) return;
    // What the result page posts: the gateway's result fields from its address, as they came.
    const paid = await step(
      'transactionApi (paid)',
      '/api/virtualMachine/transactionApi',
      { ...returned, paymentMode: o.paymentGateway },
      headers,
    );
    if (paid && paid.transactionStatus !== 'Complete') steps['transactionApi (paid)'].failures.push(paid.transactionStatus);
  };
  const running: Promise<void>[] = [];
  for (let n = o.from ?? 0; Date.now() < o.until; n++) {
    running.push(buy(n));
    await new Promise((r) => setTimeout(r, 1000 / o.perSecond));
  }
  await Promise.all(running);
  const pct = (xs: number[], q: number) =>
    Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0);
  return Object.entries(steps).map(([call, { ms, failures }]) => ({
    call,
    connections: 0,
    requests: ms.length,
    errors: failures.length,
    failures: tally(counted(failures)),
    p50: pct(ms, 0.5),
    p99: pct(ms, 0.99),
  }));
}

/**
 * The payer at the gateway's sandbox page, as a browser: posts the checkout form to the gateway
 * (another origin), presses Pay — the gateway posts its notification to the shop and answers once
 * the shop has — and comes back to the shop with the result fields in the address. `timed`: how
 * long the Pay took (the shop's notification, and the gateway's GetTransaction it asks), and why it
 * failed.
 */
async function payAtGateway(
  start: { kind: string; action?: string; fields?: [string, string][] },
  timed: (ms: number, failure?: string) => void,
): Promise<Record<string, string> | undefined> {
  if (start.kind !== 'form-post' || !start.action || !start.fields) {
    timed(0, `checkout of kind ${start.kind}`);
    return undefined;
  }
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const posted = await fetch(start.action, { method: 'POST', headers: form, body: new URLSearchParams(start.fields), redirect: 'manual' });
  await posted.arrayBuffer();
  const page = posted.headers.get('location');
  if (!page) {
    timed(0, `gateway refused the checkout: ${posted.status}`);
    return undefined;
  }
  const began = performance.now();
  const pay = await fetch(new URL(`${page}/pay`, start.action), { method: 'POST', headers: form, body: '', redirect: 'manual' });
  await pay.arrayBuffer();
  const back = pay.headers.get('location');
  timed(performance.now() - began, back ? undefined : `gateway answered ${pay.status}`);
  return back ? Object.fromEntries(new URL(back).searchParams) : undefined;
}
