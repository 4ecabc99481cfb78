import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// Reads a QR code the way a door's scanner does (zxing, the door screen's fallback decoder),
// from the wasm file on disk: nothing is fetched.

let ready: Promise<unknown> | null = null;

export async function decodeQr(image: Buffer): Promise<string | null> {
  ready ??= (() => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
  })();
  await ready;
  const found = await readBarcodes(new Uint8Array(image), { formats: ['QRCode'] });
  return found[0]?.text ?? null;
}
