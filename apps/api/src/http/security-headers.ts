import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Csp = Exclude<NonNullable<HelmetOptions['contentSecurityPolicy']>, boolean>;
export type SecurityHeaderOptions = {
  /** Helmet's CSP directives but form-action, which `formActionOf` gives per request. */
  directives: NonNullable<Csp['directives']>;
  /** The form-action sources of this request ('self' and the company's form-post gateways). */
  formActionOf: (req: IncomingMessage) => string;
};

/** What one helmet run writes: the headers it sets and those it removes (X-Powered-By). */
type HelmetHeaders = { set: [string, string][]; removed: string[] };

/** Runs helmet once against a recording response: helmet decides the headers, this keeps them. */
function helmetHeaders(options: HelmetOptions): HelmetHeaders {
  const headers: HelmetHeaders = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set.push([name, String(value)]),
    removeHeader: (name: string) => void headers.removed.push(name),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish its headers at once');
  return headers;
}

/**
 * Helmet's headers (CSP and the rest) on every reply. They differ only by the CSP's form-action
 * (per company), so helmet works each set out once and replies take it from here: run per request,
 * helmet read, validated and joined every directive again, about a twelfth of a cached read's time.
 */
export function registerSecurityHeaders(app: FastifyInstance, { directives, formActionOf }: SecurityHeaderOptions) {
  const bySources = new Map<string, HelmetHeaders>();
  const headersFor = (formAction: string) => {
    let headers = bySources.get(formAction);
    if (!headers) {
      // A handful of gateway sets in practice; bounded all the same.
      if (bySources.size >= 256) bySources.clear();
      headers = helmetHeaders({ contentSecurityPolicy: { directives: { ...directives, formAction: [formAction] } } });
      bySources.set(formAction, headers);
    }
    return headers;
  };
  app.addHook('onRequest', (req, reply, done) => {
    const { set, removed } = headersFor(formActionOf(req.raw));
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
