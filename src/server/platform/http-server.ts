import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { AnswerEarly } from './shared-answers';

/** Fastify's own HTTP/1 server (its lib/server.js: the same options and timeouts), which writes
 * a published shared answer before Fastify sees the request: a visitor's cached read skips the
 * router, the hooks and the reply object, about a third of its time. Once the server is closing,
 * every request goes to Fastify, which answers 503 and closes the connection.
 * `early.answer` is set once the app's answers exist (they come after Fastify's constructor). */
export function serverAnsweringEarly(early: { answer: AnswerEarly | null }): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    // Fastify has filled these in (its defaults) before it calls the factory.
    const options = fastifyOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number;
    };
    settleResponseShape();
    const server = http.createServer(options.http ?? {}, (req, res) => {
      const answer = server.listening ? early.answer?.(req.method, req.url, req.headers) : undefined;
      if (!answer) return handler(req, res);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** V8 settles the layout of a class's objects over the first few it builds (in-object slack
 * tracking). When those first responses were the app's own first requests, taken through the
 * whole route while the database answered, every later ServerResponse was built in V8's slow
 * dictionary mode (seen with %HasFastProperties from the seventh request on, in two starts of
 * three) and cached reads ran at two thirds of their rate. Responses built here, before any
 * request, settle it the same way on every start (Node 20, V8 11: check again on an upgrade). */
function settleResponseShape() {
  const request = { method: 'GET', httpVersionMajor: 1, httpVersionMinor: 1, headers: {} } as http.IncomingMessage;
  for (let i = 0; i < 16; i++) new http.ServerResponse(request);
}
