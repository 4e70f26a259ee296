/**
 * OpenNebula's XML-RPC API (protocols.md §6): POST {url} (usually http://frontend:2633/RPC2), the
 * session string `user:password` as every call's first parameter, and an answer array
 * `[success, result-or-error, errorCode, …]`. The codec is @foxglove/xmlrpc's serializer and
 * deserializer; the transport is fetch with a time-out. Every failure becomes a HypervisorError.
 */
import { Deserializer, serializeMethodCall, type XmlRpcValue } from '@foxglove/xmlrpc';
import { HypervisorError, type HypervisorErrorKind } from './hypervisor.ts';

export type OneRpcSettings = { url: string; username: string; password: string; requestTimeoutMs: number };

export type OneRpc = (method: string, ...params: XmlRpcValue[]) => Promise<XmlRpcValue>;

/** OpenNebula's error codes (ONE-API) and whether a retry can help. */
export function kindOfErrorCode(code: number): HypervisorErrorKind {
  switch (code) {
    case 0x0100: // AUTHENTICATION
    case 0x0200: // AUTHORIZATION
      return 'auth';
    case 0x0400: // NO_EXISTS
      return 'not-found';
    case 0x0800: // ACTION: not in this state
      return 'wrong-state';
    case 0x2000: // INTERNAL
    case 0x8000: // LOCKED
      return 'unavailable';
    default: // 0x1000 XML_RPC_API (bad parameters), 0x4000 ALLOCATE (no capacity, quota), anything new
      return 'rejected';
  }
}

export function createOneRpc(settings: OneRpcSettings, provider: string): OneRpc {
  const session = `${settings.username}:${settings.password}`;

  return async (method, ...params) => {
    let res: Response;
    try {
      res = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml', accept: 'text/xml' },
        body: serializeMethodCall(method, [session, ...params]),
        signal: AbortSignal.timeout(settings.requestTimeoutMs),
      });
    } catch (err) {
      throw new HypervisorError('unavailable', `${provider} ${method}: ${(err as Error).message}`, provider);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      const kind: HypervisorErrorKind =
        res.status === 401 || res.status === 403 ? 'auth' : res.status >= 500 || res.status === 429 ? 'unavailable' : 'rejected';
      throw new HypervisorError(kind, `${provider} ${method} answered HTTP ${res.status}`, provider);
    }
    let answer: XmlRpcValue;
    try {
      answer = await new Deserializer().deserializeMethodResponse(text);
    } catch (err) {
      // An XML-RPC fault: the server did not understand the call (unknown method, wrong parameters).
      throw new HypervisorError('rejected', `${provider} ${method}: ${(err as Error).message}`, provider);
    }
    if (!Array.isArray(answer) || typeof answer[0] !== 'boolean') {
      throw new HypervisorError('unavailable', `${provider} ${method}: not an OpenNebula answer`, provider);
    }
    const [ok, result, code] = answer;
    if (ok) return result;
    const errorCode = typeof code === 'number' ? code : 0;
    throw new HypervisorError(
      kindOfErrorCode(errorCode),
      `${provider} ${method} failed (0x${errorCode.toString(16).padStart(4, '0')}): ${String(result)}`,
      provider,
    );
  };
}
