/**
 * The first script of index.html, small and without imports, so it runs while the application's
 * code is still downloading (docs/decisions/0034-early-start-and-below-the-fold-in-idle-turns.md):
 * - the company configuration call goes out at once; the app takes its reply instead of asking
 *   again (api/company/get-company-configuration.ts);
 * - on the home page, the page's code and styles are fetched beside the application's, instead of
 *   after it has run; so is the header's desktop bar on wide screens (phones never load it). The
 *   build lists those files in `#landing-files` (vite.config.ts).
 * It must not import anything: an import would make it wait for the files it is meant to overtake.
 */

/** The reply envelope as the API sends it; anything else counts as no early reply. */
export type EarlyReply = { status: number; message: string; data: unknown };

/** The paths that show the home page before the router has run (the spec's root goes to /home). */
export const HOME_PATHS = /^\/(home\/?)?$/i;

/** At this width and below the header shows the burger, not the desktop bar (header.module.css). */
export const NARROW_HEADER = '(max-width: 62em)';

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

/** Adds preload and style links for one lazily loaded part's files, as its import would later. */
function preload(part: { js: string[]; css: string[] } | undefined): void {
  for (const href of part?.css ?? []) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    document.head.append(link);
  }
  for (const href of part?.js ?? []) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    document.head.append(link);
  }
}

/** The landing page's files on the home paths, and the desktop bar's on wide screens. */
function preloadLandingFiles(files: LandingFiles, pathname: string): void {
  if (HOME_PATHS.test(pathname)) preload(files.home);
  if (!window.matchMedia(NARROW_HEADER).matches) preload(files.desktopNav);
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
