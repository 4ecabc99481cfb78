import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireMember } from './viewer';

/** Who may call a route: anyone, a signed-in member, or an admin. Every `/api` route declares
 * it next to its schema (`config: { access: 'member' }`); the server refuses to start otherwise. */
export type Access = 'public' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const ACCESS = new Set<Access>(['public', 'member', 'admin']);
export const SESSION_SCHEME = 'sessionCookie';

const WHO: Record<Access, string> = {
  public: 'Anyone may call this.',
  member: 'Signed-in members only (401 otherwise).',
  admin: 'Admins only (401 for visitors, 403 for members).',
};

/** Paths outside the access rule: the OpenAPI pages themselves. */
const isDeclaredPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** `GET /api/events/:id/attendees` → `getEventsByIdAttendees`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split('-'));
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

/** Registered before the routes (and before @fastify/swagger, which reads what this adds to
 * each schema): checks every `/api` route declares its access, states it in the OpenAPI
 * document, and enforces it on every request before validation and the handler. */
export function registerAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isDeclaredPath(route.url)) return;
    const access = route.config?.access;
    if (!access || !ACCESS.has(access)) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access (config.access: public, member or admin)`,
      );
    }
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    if (method === 'HEAD') return;
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    schema.operationId ??= operationIdOf(method, route.url);
    schema.security = access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }];
    schema.description = [schema.description, WHO[access]].filter(Boolean).join(' ');
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'member') await requireMember(request);
    else if (access === 'admin') await requireAdmin(request);
  });
}
