import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Runs Debian's nginx with the repository's own config (deploy/nginx/power-mixer.conf), rewritten
// for this machine's ports only, so what the fleet tests pass through is what production starts from.

export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
const DEPLOY_DIR = path.resolve('deploy/nginx');

export interface NginxLayout {
  /** Port the balancer listens on. */
  port: number;
  /** The server processes' ports, in order. */
  upstreams: number[];
  /** Extra listeners that send everything to one process each (tests address "process A"). */
  pinned?: { port: number; upstream: number }[];
  /** Processes taken out of the balancer (before a planned restart): no new request goes there. */
  down?: number[];
}

/** The site config with this machine's ports: the upstream list, the listen port, and one copy of
 * the server block per pinned listener. */
export function renderSite(template: string, layout: NginxLayout, brotli: boolean): string {
  const servers = layout.upstreams
    .map(
      (port) =>
        `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s${layout.down?.includes(port) ? ' down' : ''};`,
    )
    .join('\n');
  let site = template.replace(
    /(upstream power_mixer \{[\s\S]*?)((?:\s*server [^\n]+\n)+)(\})/,
    (_m, head: string, _old, tail: string) => {
      const comments = head.replace(/\s+$/, '');
      return `${comments}\n${servers}\n${tail}`;
    },
  );
  site = site.replace(/listen \d+;/, `listen 127.0.0.1:${layout.port};`);
  if (brotli) site = site.replace(/(server_name _;)/, `$1\n    include ${path.join(DEPLOY_DIR, 'brotli.conf')};`);
  const serverBlock = site.slice(site.indexOf('\nserver {') + 1);
  for (const pin of layout.pinned ?? []) {
    site += `\nupstream power_mixer_${pin.upstream} {\n    server 127.0.0.1:${pin.upstream};\n}\n`;
    site += serverBlock
      .replace(/listen [^;]+;/, `listen 127.0.0.1:${pin.port};`)
      .replaceAll('proxy_pass http://power_mixer;', `proxy_pass http://power_mixer_${pin.upstream};`)
      .replace(/proxy_next_upstream_tries \d+;/, 'proxy_next_upstream_tries 1;');
  }
  return site;
}

export interface RunningNginx {
  process: ChildProcess;
  /** Rewrites the config and reloads it gracefully: old workers finish their requests. */
  reload(layout: NginxLayout): Promise<void>;
  stop(): Promise<void>;
}

/** Writes the config into `dir` and starts nginx in the foreground as a child process. */
export async function startNginx(dir: string, layout: NginxLayout): Promise<RunningNginx> {
  if (!existsSync(NGINX_BINARY)) {
    throw new Error(`nginx is not installed (${NGINX_BINARY}); on Debian: apt-get install nginx`);
  }
  await mkdir(path.join(dir, 'temp'), { recursive: true });
  // Started as root, nginx's workers run as nobody: they must reach the temp folders to spill a
  // large upload or answer to disk, through folders that mkdtemp made private.
  for (const folder of [path.dirname(dir), dir]) await chmod(folder, 0o711);
  const brotli = existsSync(BROTLI_MODULE);
  const template = await readFile(path.join(DEPLOY_DIR, 'power-mixer.conf'), 'utf8');
  const writeSite = (l: NginxLayout) => writeFile(path.join(dir, 'power-mixer.conf'), renderSite(template, l, brotli));
  await writeSite(layout);
  const temp = (name: string) => path.join(dir, 'temp', name);
  const main = [
    brotli ? `load_module ${BROTLI_MODULE};` : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  access_log off;`,
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${path.join(dir, 'power-mixer.conf')};`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, main);
  const child = spawn(NGINX_BINARY, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(layout.port, child);
  return {
    process: child,
    async reload(next) {
      await writeSite(next);
      child.kill('SIGHUP');
      // New workers take over within moments; the old ones finish what they hold.
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
    async stop() {
      // Graceful first (finish open requests); an event stream held open would keep a graceful
      // nginx waiting for its hour-long timeout, so it gets a few seconds, then a fast stop.
      if (child.exitCode === null) child.kill('SIGQUIT');
      if (await settlesWithin(exited, 5_000)) return;
      child.kill('SIGTERM');
      if (await settlesWithin(exited, 5_000)) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Whether `promise` settles within `ms`. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitForPort(port: number, child: ChildProcess) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port}`);
}
