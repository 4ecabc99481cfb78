import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appStarted, newMember, settled } from './fixtures';
import { memberRoutes, publicRoutes } from './routes';

// The W3C Nu HTML checker (vnu.jar, a Java program) over every public and member screen: the
// HTML as the server sends it and the DOM as the app has rendered it. One run of the checker for
// all pages, since starting Java costs more than checking.

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
const OUT = resolve('test-results/nu-html');

type NuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

/**
 * The checker's CSS validator predates what the stylesheet (Tailwind's build, written into the
 * page by the server) rightly uses: `@property` (registered custom properties, in every current
 * browser), `margin-trim` inside an `@supports` test, and transitions of those custom properties.
 * Exactly these are skipped; any other CSS message still fails the test.
 */
const isOutdatedCssCheck = (m: NuMessage) =>
  m.message === 'CSS: Unrecognized at-rule “@property”' ||
  m.message === "CSS: “margin-trim”: Property “margin-trim” doesn't exist." ||
  /^CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value\.$/.test(m.message);

/** The route as a file name: "/forums/abc/def" -> "forums-abc-def". */
const fileName = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home';

async function savePages(page: Page, paths: string[], prefix: string, files: string[]) {
  for (const path of paths) {
    const served = await page.request.get(path);
    expect(served.status(), `${path} as served`).toBe(200);
    const servedFile = join(OUT, `${prefix}-${fileName(path)}.served.html`);
    writeFileSync(servedFile, await served.text());

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
    await settled(page);
    const rendered = await page.evaluate(() => '<!doctype html>' + document.documentElement.outerHTML);
    const renderedFile = join(OUT, `${prefix}-${fileName(path)}.rendered.html`);
    writeFileSync(renderedFile, rendered);
    files.push(servedFile, renderedFile);
  }
}

test('the Nu HTML checker finds no error on the public and member screens', async ({ page }) => {
  test.setTimeout(180_000);
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  expect(
    java.error,
    'Java is not on PATH: the Nu HTML checker (vnu.jar) needs a Java runtime, 11 or later ' +
      '(Debian: apt-get install default-jre-headless)',
  ).toBeUndefined();

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const files: string[] = [];
  await page.goto('/');
  await appStarted(page);
  await savePages(page, await publicRoutes(page), 'public', files);
  const res = await page.request.post('/api/auth/register', {
    data: newMember('nuhtml'),
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await savePages(page, await memberRoutes(page), 'member', files);

  const run = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // The report goes to stderr; the exit status is 1 when there are errors.
  const report = JSON.parse(run.stderr || '{"messages":[]}') as { messages: NuMessage[] };
  const errors = report.messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
    .filter((m) => !isOutdatedCssCheck(m));
  const listed = errors.map(
    (m) =>
      `${m.url.replace(`file:${OUT}/`, '')}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ''}`,
  );
  expect(listed, `Nu HTML checker errors (pages in ${OUT})`).toEqual([]);
  expect(files.length).toBeGreaterThanOrEqual(30);
});
