import type autocannon from 'autocannon';

/**
 * What a visitor's browser asks of a site, one request after another on each connection: the
 * home page's shell, the company configuration, the marketplace and the news (the cluster
 * journey's steady load during the rolling restart, and the cluster bench's browsing).
 */
export function browseRequests(site: string): autocannon.Request[] {
  const json = { 'content-type': 'application/json', origin: site };
  return [
    { method: 'GET', path: '/', headers: { accept: 'text/html' } },
    { method: 'POST', path: '/api/getCompanyConfiguration', headers: json, body: JSON.stringify({ customerUrl: site }) },
    { method: 'POST', path: '/api/marketPlace/getProducts', headers: json, body: JSON.stringify({ serviceName: 'all', websiteUrl: site }) },
    { method: 'POST', path: '/api/news/getAllNews', headers: json, body: JSON.stringify({ websiteUrl: site }) },
  ];
}

/** Requests that did not get a 2xx answer: errors (refused, reset, timed out: autocannon counts timeouts among them) and other statuses. */
export const failedRequests = (result: autocannon.Result) => result.errors + result.non2xx;
