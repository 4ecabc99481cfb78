import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A stand-in for the built web app (dist/web): an index.html the server fills in per page.
 * Tests that ask for pages use it so they need no build. */
export async function createWebRoot(): Promise<string> {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'pm-web-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Power Mixer</title><meta name="description" content="x">' +
      '</head><body><div id="root"></div></body></html>',
  );
  return webRoot;
}
