/**
 * One page load in a real browser, as the page benches measure it (bench/home-bundle.ts,
 * bench/account-pages.ts):
 * - JavaScript shipped: every script fetched until the network is idle (plus `settleMs`, for what
 *   waits for an idle turn), each gzip-compressed here at level 9 and summed, so the figure does
 *   not depend on how the server compresses;
 * - time to interactive, as Lighthouse defines it but observed rather than simulated: the end of
 *   the last long task (50 ms or more) before the first 5 s after the first contentful paint with
 *   no long task and at most two requests in flight (from the Long Tasks and Resource Timing
 *   APIs), and the blocking time of the long tasks after that paint.
 * `cpuSlowdown` slows the page's CPU as Lighthouse's mobile run does (4: a mid-range phone).
 */
import zlib from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';

export type Script = { url: string; raw: number; gzip: number; zod: boolean };
export type PageLoad = {
  scripts: Script[];
  gzipBytes: number;
  fcpMs: number | null;
  ttiMs: number | null;
  blockingMs: number;
  longTasks: number;
};

type Interval = { start: number; end: number };
type Observed = { fcp: number | null; longTasks: Interval[]; requests: Interval[]; now: number };

const QUIET_MS = 5000;

/**
 * In the page, as source text (a function passed from here would carry the loader's helpers):
 * records long tasks from the page's first moment, and reads what was observed.
 */
const RECORD_LONG_TASKS = `
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;
const OBSERVE = `(() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const navigation = performance.getEntriesByType('navigation')[0];
  const requests = performance.getEntriesByType('resource').map((r) => ({ start: r.startTime, end: r.responseEnd }));
  if (navigation) requests.push({ start: 0, end: navigation.responseEnd });
  return { fcp: paint ? paint.startTime : null, longTasks: [...(window.__benchLongTasks || [])], requests, now: performance.now() };
})()`;

const observe = (page: Page) => page.evaluate(OBSERVE) as Promise<Observed>;

/** Where more than two requests were in flight. */
function networkBusy(requests: Interval[]): Interval[] {
  const edges = requests.flatMap((r) => [
    { at: r.start, step: 1 },
    { at: r.end, step: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  const busy: Interval[] = [];
  let inFlight = 0;
  let since = 0;
  for (const edge of edges) {
    const before = inFlight;
    inFlight += edge.step;
    if (before <= 2 && inFlight > 2) since = edge.at;
    if (before > 2 && inFlight <= 2) busy.push({ start: since, end: edge.at });
  }
  return busy;
}

/** Lighthouse's TTI over what was observed; null while no quiet window has been seen whole yet. */
function interactive(o: Observed): { ttiMs: number; blockingMs: number } | null {
  if (o.fcp === null) return null;
  const fcp = o.fcp;
  const busy = [...o.longTasks, ...networkBusy(o.requests)].sort((a, b) => a.start - b.start);
  let windowStart = fcp;
  for (const interval of busy) {
    if (interval.end <= windowStart) continue;
    if (interval.start >= windowStart + QUIET_MS) break;
    windowStart = Math.max(windowStart, interval.end);
  }
  if (o.now < windowStart + QUIET_MS) return null;
  const lastTaskEnd = Math.max(fcp, ...o.longTasks.filter((t) => t.end <= windowStart).map((t) => t.end));
  const blockingMs = o.longTasks
    .filter((t) => t.end > fcp && t.end <= lastTaskEnd)
    .reduce((n, t) => n + Math.max(0, t.end - Math.max(t.start, fcp) - 50), 0);
  return { ttiMs: lastTaskEnd, blockingMs };
}

export async function measurePageLoad(
  context: BrowserContext,
  url: string,
  options: { cpuSlowdown?: number; settleMs?: number; shown?: (page: Page) => Promise<unknown> } = {},
): Promise<PageLoad> {
  const page = await context.newPage();
  const scripts: Script[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    // zod names its schema classes in its code; minifying keeps the strings.
    if (body)
      scripts.push({
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        zod: body.includes('ZodObject'),
      });
  });
  await page.addInitScript(RECORD_LONG_TASKS);
  if (options.cpuSlowdown && options.cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  }
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  // The page must really show what it is for (not an error or the login screen).
  if (options.shown) await options.shown(page);
  await page.waitForTimeout(options.settleMs ?? 2000);
  let result: { ttiMs: number; blockingMs: number } | null = null;
  for (const deadline = Date.now() + 60_000; !result && Date.now() < deadline;) {
    result = interactive(await observe(page));
    if (!result) await page.waitForTimeout(500);
  }
  const observed = await observe(page);
  await page.close();
  scripts.sort((a, b) => b.gzip - a.gzip);
  return {
    scripts,
    gzipBytes: scripts.reduce((n, s) => n + s.gzip, 0),
    fcpMs: observed.fcp,
    ttiMs: result?.ttiMs ?? null,
    blockingMs: result?.blockingMs ?? 0,
    longTasks: observed.longTasks.length,
  };
}

/** The run with the median of `key` (runs without the figure count as the slowest). */
export function medianBy<T>(runs: T[], key: (run: T) => number | null): T {
  const sorted = [...runs].sort((a, b) => (key(a) ?? Infinity) - (key(b) ?? Infinity));
  return sorted[Math.floor(sorted.length / 2)]!;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
