import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

// A QR code as a small 1-bit PNG, for e-mail (mail clients show inline PNGs, not SVG).

/** Drawn here from the QR matrix rather than by the library's PNG writer: a tenth of its time. */
export function qrPng(code: string, scale = 6, margin = 4): Buffer {
  const modules = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules;
  const n = modules.size;
  const width = (n + 2 * margin) * scale;
  const rowBytes = Math.ceil(width / 8) + 1;
  const raw = Buffer.alloc(rowBytes * width, 0);
  for (let y = 0; y < width; y++) {
    const my = Math.floor(y / scale) - margin;
    const row = y * rowBytes; // its first byte is the filter type, 0
    for (let x = 0; x < width; x++) {
      const mx = Math.floor(x / scale) - margin;
      const dark = mx >= 0 && my >= 0 && mx < n && my < n && modules.get(my, mx);
      if (!dark) raw[row + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth 1, colour type 0 (greyscale), default compression, filter, no interlace
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
