// Reads QR codes from camera frames and photos. Loaded on demand by the scanner (a dynamic
// import): no other page downloads it. The browser's own BarcodeDetector is used where it reads
// QR codes (Android, macOS); elsewhere the barcode-detector ponyfill over zxing-wasm, whose
// .wasm file we serve ourselves (the CSP allows no other origin, and the door may be offline).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export interface CodeReader {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

interface NativeDetector {
  new (options: { formats: string[] }): CodeReader;
  getSupportedFormats(): Promise<string[]>;
}

async function createReader(): Promise<CodeReader> {
  const Native = (window as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (Native) {
    const formats = await Native.getSupportedFormats().catch((): string[] => []);
    if (formats.includes('qr_code')) return new Native({ formats: ['qr_code'] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Fetched and compiled now, while the list loads: a scan later, offline too, needs no download.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

let reader: Promise<CodeReader> | null = null;

/** The one reader of the page, made on first use (tried again after a failure). */
export function loadReader(): Promise<CodeReader> {
  reader ??= createReader().catch((error: unknown) => {
    reader = null;
    throw error;
  });
  return reader;
}

/** The first QR code's text in an image, or null when there is none. */
export async function readCode(source: ImageBitmapSource): Promise<string | null> {
  const found = await (await loadReader()).detect(source);
  return found.find((code) => code.rawValue.trim())?.rawValue.trim() ?? null;
}
