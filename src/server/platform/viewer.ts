import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { profiles } from '../db/schema';
import { authHeaders } from './auth';
import { forbidden, unauthorized } from './errors';

/** Who is asking: decided on the server for every route, from the session cookie. */
export interface Viewer {
  id: string;
  email: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewerPromise?: Promise<Viewer | null>;
  }
}

async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  if (!request.headers.cookie) return null;
  const { auth, db } = request.server.services;
  const session = await auth.api.getSession({ headers: authHeaders(request) });
  if (!session) return null;
  const [profile] = await db
    .select({ isAdmin: profiles.isAdmin })
    .from(profiles)
    .where(eq(profiles.id, session.user.id));
  return { id: session.user.id, email: session.user.email, isAdmin: profile?.isAdmin ?? false };
}

/** The signed-in member or null; computed once per request. */
export function getViewer(request: FastifyRequest): Promise<Viewer | null> {
  request.viewerPromise ??= loadViewer(request);
  return request.viewerPromise;
}

export async function requireMember(request: FastifyRequest): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw unauthorized();
  return viewer;
}

export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireMember(request);
  if (!viewer.isAdmin) throw forbidden('Only admins can do that.');
  return viewer;
}
