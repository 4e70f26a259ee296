import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/** The text of a PDF as pdftotext reads it (layout kept). */
export function pdfToText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etims-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), bytes);
    // Runs of spaces (the layout's columns) read as one.
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Reads the QR code image back out of a PDF (pdfimages, netpbm) and checks, pixel by pixel, that
 * it is the QR code of `url` (scale 4, margin 2 as printed): true when every module matches.
 */
export function pdfHasQrOf(bytes: Buffer, url: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etims-qr-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), bytes);
    execFileSync('pdfimages', [path.join(dir, 'doc.pdf'), path.join(dir, 'img')]);
    const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const size = qr.modules.size;
    return fs
      .readdirSync(dir)
      .filter((f) => /\.(ppm|pgm|pbm)$/.test(f))
      .some((f) => {
        const raw = fs.readFileSync(path.join(dir, f));
        const header = raw.toString('latin1', 0, 40).match(/^(P[56])\s+(\d+)\s+(\d+)\s+(\d+)\s/);
        if (!header) return false;
        const [, kind, w, h] = header;
        const width = Number(w);
        if (width !== (size + 4) * 4 || Number(h) !== width) return false;
        const channels = kind === 'P6' ? 3 : 1;
        const pixels = raw.subarray(header[0].length);
        for (let row = 0; row < size; row++)
          for (let col = 0; col < size; col++) {
            const at = ((row + 2) * 4 + 1) * width + (col + 2) * 4 + 1;
            const dark = pixels[at * channels]! < 128;
            if (dark !== Boolean(qr.modules.get(row, col))) return false;
          }
        return true;
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
