/**
 * The first script of index.html, small and without imports, so it runs while the application's
 * code is still downloading (docs/decisions.md, "Early start"):
 * - the company configuration call goes out at once; the app takes its reply instead of asking
 *   again (api/company/get-company-configuration.ts);
 * - on the home page, the page's code and styles are fetched beside the application's, instead of
 *   after it has run. The build lists those files in `#landing-files` (vite.config.ts).
 * It must not import anything: an import would make it wait for the files it is meant to overtake.
 */

/** The reply envelope as the API sends it; anything else counts as no early reply. */
export type EarlyReply = { status: number; message: string; data: unknown };

/** The paths that show the home page before the router has run (the spec's root goes to /home). */
export const HOME_PATHS = /^\/(home\/?)?$/i;

type LandingFiles = Record<string, { js: string[]; css: string[] }>;

let configurationReply: Promise<EarlyReply | null> | null = null;

function isEnvelope(value: unknown): value is EarlyReply {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Same request as getCompanyConfiguration; any failure leaves the call to the app (and its messages). */
export function startConfigurationCall(origin: string): void {
  configurationReply = fetch('/api/getCompanyConfiguration', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ customerUrl: origin }),
    credentials: 'same-origin',
  })
    .then((response) => response.json())
    .then((body: unknown) => (isEnvelope(body) ? { status: body.status, message: body.message, data: body.data ?? null } : null))
    .catch(() => null);
}

/**
 * The early configuration reply, once: later calls (a retry, a status page asking again) go to
 * the server. Null when there was no early call.
 */
export function takeEarlyConfigurationReply(): Promise<EarlyReply | null> | null {
  const reply = configurationReply;
  configurationReply = null;
  return reply;
}

/** Adds preload and style links for the landing page's files, as the lazy import would later. */
function preloadLandingFiles(files: LandingFiles, pathname: string): void {
  const landing = HOME_PATHS.test(pathname) ? files.home : undefined;
  if (!landing) return;
  for (const href of landing.css) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    document.head.append(link);
  }
  for (const href of landing.js) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    document.head.append(link);
  }
}

function readLandingFiles(): LandingFiles {
  try {
    return JSON.parse(document.getElementById('landing-files')?.textContent ?? '{}') as LandingFiles;
  } catch {
    return {};
  }
}

// Not under test (happy-dom has no server to answer); tests call the functions themselves.
if (import.meta.env.MODE !== 'test') {
  startConfigurationCall(window.location.origin);
  preloadLandingFiles(readLandingFiles(), window.location.pathname);
}
