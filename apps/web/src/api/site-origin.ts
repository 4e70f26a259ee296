/** The site origin the API uses to find the company (`customerUrl` / `websiteUrl` in the spec). */
export function siteOrigin(): string {
  return window.location.origin;
}
