/**
 * The XML-RPC codec of the OpenNebula fake (its own reading and writing, independent of the
 * adapter's @foxglove/xmlrpc), and OpenNebula's template text: `KEY=value`, `KEY="value"`,
 * `KEY=[A="x", B=y]`.
 */
import { XMLParser } from 'fast-xml-parser';

export type Value = string | number | boolean | Value[];
type Attrs = Record<string, string>;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'param' || name === 'value' || name === 'member',
});

function decodeValue(v: any): Value {
  if (typeof v === 'string') return v;
  if (v.string !== undefined) return typeof v.string === 'string' ? v.string : '';
  if (v.int !== undefined) return Number(v.int);
  if (v.i4 !== undefined) return Number(v.i4);
  if (v.i8 !== undefined) return Number(v.i8);
  if (v.double !== undefined) return Number(v.double);
  if (v.boolean !== undefined) return String(v.boolean).trim() === '1';
  if (v.array !== undefined) return ((v.array?.data?.value ?? []) as any[]).map(decodeValue);
  return '';
}

export function decodeCall(xml: string): { method: string; params: Value[] } {
  const call = parser.parse(xml).methodCall;
  const params = ((call?.params?.param ?? []) as any[]).map((p) => decodeValue(p.value?.[0] ?? ''));
  return { method: String(call?.methodName ?? '').trim(), params };
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function encodeValue(v: Value): string {
  if (typeof v === 'boolean') return `<value><boolean>${v ? 1 : 0}</boolean></value>`;
  if (typeof v === 'number') return `<value><i4>${v}</i4></value>`;
  if (Array.isArray(v)) return `<value><array><data>${v.map(encodeValue).join('')}</data></array></value>`;
  return `<value><string>${esc(v)}</string></value>`;
}
export const response = (v: Value) =>
  `<?xml version="1.0" encoding="UTF-8"?>\r\n<methodResponse>\r\n<params>\r\n<param>${encodeValue(v)}</param>\r\n</params>\r\n</methodResponse>\r\n`;
export const fault = (code: number, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\r\n<methodResponse><fault><value><struct><member><name>faultCode</name><value><i4>${code}</i4></value></member><member><name>faultString</name><value><string>${esc(message)}</string></value></member></struct></value></fault></methodResponse>`;

/** OpenNebula template text: `KEY=value` / `KEY="value"` / `KEY=[A="x", B=y]`, one or more per line. */
export function parseTemplate(text: string): Array<[string, string | Attrs]> {
  const out: Array<[string, string | Attrs]> = [];
  const unquote = (s: string) => {
    const t = s.trim();
    return t.startsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t;
  };
  const re = /([A-Za-z0-9_]+)\s*=\s*(\[[^\]]*\]|"(?:[^"\\]|\\.)*"|[^\n]*)/g;
  for (const m of text.matchAll(re)) {
    const [, key, raw] = m;
    if (raw!.startsWith('[')) {
      const inner: Attrs = {};
      for (const p of raw!.slice(1, -1).matchAll(/([A-Za-z0-9_]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^,\]]*)/g))
        inner[p[1]!.toUpperCase()] = unquote(p[2]!);
      out.push([key!.toUpperCase(), inner]);
    } else out.push([key!.toUpperCase(), unquote(raw!)]);
  }
  return out;
}
