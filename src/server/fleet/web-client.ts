import http from 'node:http';

// A cookie-keeping HTTP client over fetch, like a browser on our origin: the fleet tests talk to
// nginx over real sockets. `via` picks the URL each request goes to (the balancer, or one process's
// pinned listener), so one member can sign in through process A and read through process B.

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  localAddress?: string,
) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: out, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class WebClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly origin: string,
    public via: string,
    private readonly forwardedFor?: string,
    /** The loopback address this client connects from (127.x.y.z): nginx sees it as the client's,
     * so each member has a rate-limit bucket of their own, as people on their own devices do. */
    private readonly localAddress?: string,
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    via = this.via,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { origin: this.origin, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    // A connection per request (as nginx opens to its upstreams): a kept-alive socket that nginx
    // closes during a reload would fail the next request here, where a browser would retry it.
    const res = await send(
      `${via}${path}`,
      method,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
      this.localAddress,
    );
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = res.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an nginx error page): kept as text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** The cookies, for a browser context opening `url` with the same session. */
  cookieList(url: string) {
    return [...this.cookies].map(([name, value]) => ({ name, value, url }));
  }

  /** Another client holding the same session (a second tab, or a stolen cookie). */
  copy(): WebClient {
    const other = new WebClient(this.origin, this.via, this.forwardedFor, this.localAddress);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  /** Sends one file as multipart/form-data (field "file"), as the web app's image pickers do. */
  async upload<T = Record<string, unknown>>(path: string, file: Buffer, type: string, via = this.via) {
    const boundary = `----fleet${Date.now().toString(36)}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers: Record<string, string> = {
      origin: this.origin,
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await send(`${via}${path}`, 'POST', headers, body, this.localAddress);
    return { status: res.status, body: JSON.parse(res.text || 'null') as T, headers: res.headers };
  }

  get = <T = Record<string, unknown>>(path: string, via?: string) => this.request<T>('GET', path, undefined, via);
  post = <T = Record<string, unknown>>(path: string, body?: unknown, via?: string) =>
    this.request<T>('POST', path, body ?? {}, via);
  put = <T = Record<string, unknown>>(path: string, body?: unknown, via?: string) =>
    this.request<T>('PUT', path, body ?? {}, via);

  /** Opens the live stream and collects its notices until `close()`. */
  async stream(via = this.via) {
    const controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${via}/api/realtime`, { headers, signal: controller.signal });
    if (res.status !== 200 || !res.body) throw new Error(`realtime answered ${res.status}`);
    const notices: { kind: string; topic: string }[] = [];
    let ended = false;
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let split: number;
          while ((split = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            const data = event.split('\n').find((line) => line.startsWith('data: '));
            if (data) notices.push(JSON.parse(data.slice(6)) as { kind: string; topic: string });
          }
        }
      } catch {
        // aborted or cut
      }
      ended = true;
    })();
    return {
      notices,
      get ended() {
        return ended;
      },
      async close() {
        controller.abort();
        await reading;
      },
    };
  }
}

/** Waits until `check` returns true (polling), or fails with `what`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting: ${what}`);
}
