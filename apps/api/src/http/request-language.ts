import Negotiator from 'negotiator';
import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '@mawingu/contracts/languages';

/**
 * The language a request asks for (Accept-Language: the site sends the one its visitor chose),
 * English when it names none of ours.
 */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>): Language {
  return namedLanguage(req) ?? 'en';
}

/** One of our languages if the request names it, else null (a client that says nothing). */
export function namedLanguage(req: Pick<FastifyRequest, 'headers'>): Language | null {
  const header = req.headers['accept-language'];
  if (!header) return null;
  const chosen = new Negotiator({ headers: { 'accept-language': header } }).language([...LANGUAGES]);
  return (chosen as Language | undefined) ?? null;
}
