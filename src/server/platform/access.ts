import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider';
import { apiError } from '../../shared/errors';
import { isUuid } from '../db/query-values';
import { forbidden } from './errors';
import { requireAdmin, requireMember, twoFactorRequired, type Viewer } from './viewer';
import { assertRecentSignIn } from './recent-sign-in';
import { RECENT_SIGN_IN_MINUTES } from '../../shared/recent-sign-in';

/** Who may call a route: anyone, a signed-in member, an admin, or the door staff of the event
 * the URL names (`:id`; admins too). Every `/api` route declares it next to its schema
 * (`config: { access: 'member' }`); the server refuses to start otherwise. */
export type Access = 'public' | 'member' | 'admin' | 'door';

/** Whether a member is door staff for an event (given by the check-in feature). */
export type DoorStaffCheck = (eventId: string, userId: string) => Promise<boolean>;

/** What a handler reads as `request.viewer`: a member, never null, on a route that only members
 * reach (the hook below has checked it); nothing on a public route, where the viewer is optional
 * and costs a lookup only when asked for (`getViewer`). */
export type ViewerOf<Config> = Config extends { access: 'member' | 'admin' | 'door' } ? Viewer : undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Asks for a sign-in (or the password again) in the last 15 minutes (platform/recent-sign-in.ts). */
    recentSignIn?: true;
  }
  // Fastify infers each route's `config` literal into ContextConfig, so the declaration types the
  // handler's viewer. A merged interface repeats Fastify's own type parameters exactly.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<TypeProvider, SchemaCompiler, RouteGeneric>,
  > {
    /** The signed-in member the route's access declaration admitted (see `ViewerOf`). */
    viewer: ViewerOf<ContextConfig>;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
}

const ACCESS = new Set<Access>(['public', 'member', 'admin', 'door']);
export const SESSION_SCHEME = 'sessionCookie';

const WHO: Record<Access, string> = {
  public: 'Anyone may call this.',
  member: 'Signed-in members only (401 otherwise).',
  admin: 'Admins only (401 for visitors, 403 for members).',
  door: 'Admins and the door staff of this event only (401 for visitors, 403 for other members).',
};

export const DOOR_ONLY = 'Only admins and this event’s door staff can check people in.';

/** Paths that must declare their access: the API, but not its OpenAPI pages. */
const mustDeclare = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The refusals a route may answer by how it is declared, whatever its handler does
 * (docs/errors.md): its access rule (401; 403 for admin and door routes), the cross-site guard
 * on a write (403), a body that cannot be read (400 malformed, 413 too large, 415 a content type
 * it does not take), the text rule and its schemas (422), and a path that names a row (404, and
 * 400 when its percent-encoding is not UTF-8). */
function declaredRefusals(
  method: string,
  url: string,
  access: Access,
  schema: { params?: unknown; querystring?: unknown; body?: unknown },
  crossSite?: 'allowed',
  recentSignIn?: true,
): number[] {
  const api = mustDeclare(url);
  const write = WRITES.has(method);
  const statuses: number[] = [];
  const params = !!schema.params || url.includes(':');
  if ((api && write) || params) statuses.push(400);
  if (api && write) statuses.push(413, 415);
  if (access !== 'public') statuses.push(401);
  if (access === 'admin' || access === 'door' || recentSignIn || (api && write && crossSite !== 'allowed'))
    statuses.push(403);
  if (params) statuses.push(404);
  if (api || params || schema.querystring || schema.body) statuses.push(422);
  return statuses;
}

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
export function registerAccess(app: FastifyInstance, isDoorStaff: DoorStaffCheck) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    // Elsewhere (a feed at the root) a declaration is welcome, and documented the same way.
    if (!mustDeclare(route.url) && !access) return;
    if (!access || !ACCESS.has(access)) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access (config.access: public, member, admin or door)`,
      );
    }
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    if (method === 'HEAD') return;
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    schema.operationId ??= operationIdOf(method, route.url);
    schema.security = access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }];
    if (route.config?.recentSignIn && access === 'public') throw new Error(`${route.url}: recentSignIn needs a member`);
    const recent = route.config?.recentSignIn
      ? `Also 403 \`RECENT_SIGN_IN_REQUIRED\` when this session last proved itself more than ${RECENT_SIGN_IN_MINUTES} minutes ago (\`POST /api/me/recent-sign-in\`).`
      : undefined;
    schema.description = [schema.description, WHO[access], recent].filter(Boolean).join(' ');
    // Every refusal the declaration itself may give, so the document lists them (docs/errors.md);
    // a route adds its own (409, 429...) with `errorResponses`.
    // A hidden route is in no document; one without `response` is documented by Fastify's
    // default answer alone, which the fuzz test refuses once it answers anything else.
    if (schema.hide === true || !schema.response || typeof schema.response !== 'object') return;
    const response = schema.response as Record<string, unknown>;
    for (const status of declaredRefusals(
      method,
      route.url,
      access,
      schema,
      route.config?.crossSite,
      route.config?.recentSignIn,
    )) {
      response[status] ??= apiError;
    }
  });

  app.decorateRequest('viewer', undefined);
  // Callback style: a public route (most requests) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (access !== 'member' && access !== 'admin' && access !== 'door') return done();
    admit(request, access)
      .then(() => (request.routeOptions.config.recentSignIn ? assertRecentSignIn(request) : undefined))
      .then(() => done(), done);
  });
  async function admit(request: FastifyRequest, access: 'member' | 'admin' | 'door') {
    // Untyped here: this hook is what makes `ViewerOf` true for each declaration.
    const admitted = request as { viewer?: Viewer };
    if (access === 'member') admitted.viewer = await requireMember(request);
    else if (access === 'admin') admitted.viewer = await requireAdmin(request);
    else {
      const viewer = await requireMember(request);
      if (viewer.adminHeld) throw twoFactorRequired();
      if (!viewer.isAdmin) {
        const eventId = (request.params as { id?: string } | undefined)?.id ?? '';
        if (!isUuid(eventId) || !(await isDoorStaff(eventId, viewer.id))) throw forbidden(DOOR_ONLY);
        if (viewer.needsTwoFactor) throw twoFactorRequired();
      }
      admitted.viewer = viewer;
    }
  }
}
