import type PDFDocument from 'pdfkit';
import { fontFor } from './pdf-fonts.ts';
import { pdfText } from './pdf-text.ts';

type Doc = InstanceType<typeof PDFDocument>;
type Paint = { color: string; opacity: number } | null;
type Shape =
  | { kind: 'path'; d: string; fill: Paint; stroke: Paint; strokeWidth: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; rx: number; fill: Paint; stroke: Paint; strokeWidth: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; fill: Paint; stroke: Paint; strokeWidth: number }
  | { kind: 'polygon'; points: [number, number][]; fill: Paint; stroke: Paint; strokeWidth: number }
  | { kind: 'text'; x: number; y: number; text: string; size: number; bold: boolean; anchor: string; spacing: number; fill: Paint };

export type SvgLogo = { width: number; height: number; viewBox: [number, number, number, number]; shapes: Shape[] };

/** Anything that would need a real SVG engine: such a logo is not drawn (the company name is). */
const UNSUPPORTED =
  /transform\s*=|<\s*(image|use|clipPath|mask|pattern|filter|style|script|foreignObject|radialGradient)\b|clip-path|mask\s*=|filter\s*=/i;

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([a-zA-Z_:][-\w:.]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[m[1]!.toLowerCase()] = m[3] ?? m[4] ?? '';
  const style = out.style;
  if (style)
    for (const decl of style.split(';')) {
      const [k, v] = decl.split(':');
      if (k && v) out[k.trim().toLowerCase()] = v.trim();
    }
  return out;
}

const num = (v: string | undefined, fallback = 0) => {
  const n = Number.parseFloat(v ?? '');
  return Number.isFinite(n) ? n : fallback;
};

const decode = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function paint(value: string | undefined, opacity: string | undefined, gradients: Map<string, string>, fallback: string | null): Paint {
  const v = (value ?? fallback ?? 'none').trim();
  if (v === 'none' || v === 'transparent') return null;
  const ref = /^url\(\s*#([^)\s]+)\s*\)/.exec(v);
  const color = ref ? gradients.get(ref[1]!) : v === 'currentColor' ? '#000000' : v;
  if (!color || !/^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]+)$/i.test(color)) return null;
  return { color, opacity: Math.min(1, Math.max(0, num(opacity, 1))) };
}

/**
 * Reads the simple SVG most logos are (paths, rectangles, circles, polygons, text, solid or
 * linear-gradient fills) into shapes pdfkit can draw; null for anything richer or unreadable. A
 * gradient is drawn in its first colour: close enough at logo size without a bounding-box engine.
 */
export function parseSvgLogo(svg: string): SvgLogo | null {
  if (svg.length > 200_000 || UNSUPPORTED.test(svg)) return null;
  const root = /<svg\b([^>]*)>/i.exec(svg);
  if (!root) return null;
  const rootAttrs = attributes(root[1]!);
  const box = (rootAttrs.viewbox ?? '').split(/[\s,]+/).map(Number);
  const viewBox: [number, number, number, number] =
    box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0
      ? [box[0]!, box[1]!, box[2]!, box[3]!]
      : [0, 0, num(rootAttrs.width), num(rootAttrs.height)];
  if (!(viewBox[2] > 0 && viewBox[3] > 0)) return null;

  const gradients = new Map<string, string>();
  for (const g of svg.matchAll(/<linearGradient\b([^>]*)>([\s\S]*?)<\/linearGradient>/gi)) {
    const id = attributes(g[1]!).id;
    const stop = /<stop\b([^>]*)>/i.exec(g[2]!);
    const color = stop ? attributes(stop[1]!)['stop-color'] : undefined;
    if (id && color) gradients.set(id, color);
  }

  const shapes: Shape[] = [];
  const body = svg.replace(/<defs\b[\s\S]*?<\/defs>/gi, '');
  for (const m of body.matchAll(/<(path|rect|circle|ellipse|polygon|polyline|text)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1\s*>)/gi)) {
    const tag = m[1]!.toLowerCase();
    const a = attributes(m[2]!);
    const fill = paint(a.fill, a['fill-opacity'] ?? a.opacity, gradients, tag === 'polyline' ? 'none' : '#000000');
    const stroke = paint(a.stroke, a['stroke-opacity'] ?? a.opacity, gradients, null);
    const strokeWidth = num(a['stroke-width'], 1);
    if (tag === 'path' && a.d) shapes.push({ kind: 'path', d: a.d, fill, stroke, strokeWidth });
    else if (tag === 'rect')
      shapes.push({
        kind: 'rect',
        x: num(a.x),
        y: num(a.y),
        w: num(a.width),
        h: num(a.height),
        rx: num(a.rx ?? a.ry),
        fill,
        stroke,
        strokeWidth,
      });
    else if (tag === 'circle')
      shapes.push({ kind: 'ellipse', cx: num(a.cx), cy: num(a.cy), rx: num(a.r), ry: num(a.r), fill, stroke, strokeWidth });
    else if (tag === 'ellipse')
      shapes.push({ kind: 'ellipse', cx: num(a.cx), cy: num(a.cy), rx: num(a.rx), ry: num(a.ry), fill, stroke, strokeWidth });
    else if (tag === 'polygon' || tag === 'polyline') {
      const n = (a.points ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      const points: [number, number][] = [];
      for (let i = 0; i + 1 < n.length; i += 2) points.push([n[i]!, n[i + 1]!]);
      if (points.length > 1) shapes.push({ kind: 'polygon', points, fill, stroke, strokeWidth });
    } else if (tag === 'text') {
      const text = pdfText(decode(m[3] ?? ''));
      const weight = (a['font-weight'] ?? '').toLowerCase();
      if (text)
        shapes.push({
          kind: 'text',
          x: num(a.x),
          y: num(a.y),
          text,
          size: num(a['font-size'], 16),
          bold: weight === 'bold' || weight === 'bolder' || num(weight) >= 600,
          anchor: a['text-anchor'] ?? 'start',
          spacing: num(a['letter-spacing']),
          fill,
        });
    }
  }
  if (shapes.length === 0) return null;
  return { width: viewBox[2], height: viewBox[3], viewBox, shapes };
}

function finish(doc: Doc, fill: Paint, stroke: Paint, strokeWidth: number) {
  if (fill) doc.fillOpacity(fill.opacity);
  if (stroke) doc.strokeOpacity(stroke.opacity).lineWidth(strokeWidth);
  if (fill && stroke) doc.fillAndStroke(fill.color, stroke.color);
  else if (fill) doc.fill(fill.color);
  else if (stroke) doc.stroke(stroke.color);
}

/** Draws a parsed logo scaled to fit `width` × `height` at (x, y), top-left aligned. Returns the size drawn. */
export function drawSvgLogo(
  doc: Doc,
  logo: SvgLogo,
  x: number,
  y: number,
  width: number,
  height: number,
): { width: number; height: number } {
  const scale = Math.min(width / logo.width, height / logo.height);
  const [minX, minY] = logo.viewBox;
  doc.save();
  doc.translate(x, y).scale(scale).translate(-minX, -minY);
  for (const s of logo.shapes) {
    doc.save();
    if (s.kind === 'path') {
      doc.path(s.d);
      finish(doc, s.fill, s.stroke, s.strokeWidth);
    } else if (s.kind === 'rect') {
      if (s.rx > 0) doc.roundedRect(s.x, s.y, s.w, s.h, s.rx);
      else doc.rect(s.x, s.y, s.w, s.h);
      finish(doc, s.fill, s.stroke, s.strokeWidth);
    } else if (s.kind === 'ellipse') {
      doc.ellipse(s.cx, s.cy, s.rx, s.ry);
      finish(doc, s.fill, s.stroke, s.strokeWidth);
    } else if (s.kind === 'polygon') {
      doc.polygon(...s.points);
      finish(doc, s.fill, s.stroke, s.strokeWidth);
    } else if (s.fill) {
      doc.font(fontFor(s.text, s.bold)).fontSize(s.size);
      const w = doc.widthOfString(s.text, { characterSpacing: s.spacing });
      const left = s.anchor === 'middle' ? s.x - w / 2 : s.anchor === 'end' ? s.x - w : s.x;
      doc
        .fillColor(s.fill.color, s.fill.opacity)
        .text(s.text, left, s.y, { baseline: 'alphabetic', lineBreak: false, characterSpacing: s.spacing });
    }
    doc.restore();
  }
  doc.restore();
  return { width: logo.width * scale, height: logo.height * scale };
}
