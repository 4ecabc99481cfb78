import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NGINX_BINARY, renderSite } from './nginx';

const template = () => readFile(path.resolve('deploy/nginx/power-mixer.conf'), 'utf8');

/** `nginx -t` on a site file inside a minimal main config: nginx's own verdict on it. */
async function nginxAccepts(site: string, brotli: boolean) {
  const dir = await mkdtemp(path.join(tmpdir(), 'power-mixer-nginx-'));
  try {
    await writeFile(path.join(dir, 'site.conf'), site);
    await writeFile(
      path.join(dir, 'nginx.conf'),
      [
        brotli ? 'load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;' : '',
        `pid ${dir}/nginx.pid;`,
        'events {}',
        `http { client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; include ${dir}/site.conf; }`,
      ].join('\n'),
    );
    execFileSync(NGINX_BINARY, ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
      stdio: 'pipe',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the nginx config in deploy/nginx', () => {
  it('is rewritten for this machine: upstreams, listen port, processes taken out, pinned listeners', async () => {
    const site = renderSite(
      await template(),
      { port: 9100, upstreams: [9110, 9111], down: [9111], pinned: [{ port: 9101, upstream: 9110 }] },
      false,
    );
    expect(site).toContain('server 127.0.0.1:9110 max_fails=1 fail_timeout=2s;');
    expect(site).toContain('server 127.0.0.1:9111 max_fails=1 fail_timeout=2s down;');
    expect(site).not.toContain('127.0.0.1:3001');
    expect(site).toContain('listen 127.0.0.1:9100;');
    // The pinned listener is a copy of the server block that goes to one process only.
    expect(site).toContain('listen 127.0.0.1:9101;');
    expect(site).toContain('upstream power_mixer_9110 {');
    expect(site.match(/proxy_pass http:\/\/power_mixer_9110;/g)?.length).toBe(3);
    // Settings the app relies on survive the rewrite.
    expect(site).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(site).toMatch(/location = \/api\/realtime \{[^}]*proxy_buffering off;[^}]*proxy_read_timeout 1h;/);
    expect(site).toContain('client_max_body_size 101m;');
  });

  it.skipIf(!existsSync(NGINX_BINARY))('passes nginx -t as shipped and as the fleet rewrites it', async () => {
    await nginxAccepts(await template(), false);
    const brotli = existsSync('/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so');
    await nginxAccepts(
      renderSite(
        await template(),
        { port: 9100, upstreams: [9110, 9111], pinned: [{ port: 9101, upstream: 9110 }] },
        brotli,
      ),
      brotli,
    );
  });
});
