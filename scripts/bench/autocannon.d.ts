// autocannon ships no types; this covers the part of its programmatic API the benchmark uses.
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    /** Called with each response to this request (autocannon keeps every body anyway). */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      /** The response's headers, names as the server sent them. */
      headers?: Record<string, string | string[]>,
    ) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Requests per second per connection, at most. */
    connectionRate?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: Request[];
    warmup?: { connections?: number; duration?: number };
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }

  export interface Result {
    requests: Histogram & { sent: number };
    /** Milliseconds. */
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }

  /** The running load: its events, and stopping it early (the callback still gets the result). */
  export interface Instance {
    /** Each response as it arrives; `responseTime` in milliseconds. */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
    /** Each connection error or timeout. */
    on(event: 'reqError', listener: (error: Error) => void): Instance;
    stop(): void;
  }

  export default function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;
}
