import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meResponse } from '../../../shared/auth';
import { PASSKEY_REFUSED } from '../../../shared/passkey-texts';
import {
  addPasskeyInput,
  passkeyAssertionInput,
  passkeySummary,
  passkeysResponse,
  webauthnOptions,
} from '../../../shared/passkeys';
import { errorResponses, HttpError, unprocessable } from '../../platform/errors';
import { enforceRateLimit } from '../../platform/rate-limit';
import { markRequestProved } from '../../platform/recent-sign-in';
import { startProvenSession } from '../../platform/sign-in-complete';
import { sendAccountNotice } from '../../platform/account-notice';
import { describeUserAgent } from '../../platform/user-agent';
import { loadMe } from '../auth/service';
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  removePasskey,
  verifyPasskey,
} from './service';

const ok = z.object({ ok: z.literal(true) });
const passkeyParams = z.object({
  id: z
    .string()
    .min(1)
    .max(1024)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a passkey id'),
});

/** Passkeys: a member adds one from the dashboard (after a recent sign-in) and signs in with it
 * instead of the password and second step; it also proves it is them again. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock, mailer } = app.services;
  const rule = { limit: config.AUTH_RATE_LIMIT, windowSeconds: config.AUTH_RATE_WINDOW_SECONDS };
  const limited = (action: string) => async (request: { ip: string }) =>
    enforceRateLimit(db, `${action}:${request.ip}`, rule);

  app.get(
    '/me/passkeys',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['account'],
        summary: 'Your passkeys: where each was added, when, and when last used',
        response: { 200: passkeysResponse },
      },
    },
    async (request) => ({ passkeys: await listPasskeys(db, request.viewer.id) }),
  );

  app.post(
    '/me/passkeys/options',
    {
      onRequest: limited('passkey'),
      config: { access: 'member', recentSignIn: true },
      schema: {
        tags: ['account'],
        summary: 'Options for the browser to make a passkey (`navigator.credentials.create`), valid five minutes',
        response: { 200: webauthnOptions, ...errorResponses(429) },
      },
    },
    async (request) => ({ ...(await registrationOptions(db, config, request.viewer.id, clock.now())) }),
  );

  app.post(
    '/me/passkeys',
    {
      onRequest: limited('passkey'),
      config: { access: 'member', recentSignIn: true },
      schema: {
        tags: ['account'],
        summary: 'Add the passkey the browser made from `/me/passkeys/options`',
        description: 'Tells the member by e-mail. 422 when the browser’s answer does not check out.',
        body: addPasskeyInput,
        response: { 201: z.object({ passkey: passkeySummary }), ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const { browser, system } = describeUserAgent(request.headers['user-agent']);
      const name = `${browser} on ${system}`;
      const passkey = await addPasskey(db, config, request.viewer.id, request.body.credential, name, clock.now());
      await sendAccountNotice(
        db,
        mailer,
        request.viewer.id,
        'A passkey was added to your Power Mixer account',
        `A passkey was just added to your Power Mixer account from ${name}. It signs you in without your password.\n\nIf it was not you, remove it from your profile page (${config.publicUrl}/dashboard#passkeys) and change your password.`,
      );
      return reply.status(201).send({ passkey });
    },
  );

  app.delete(
    '/me/passkeys/:id',
    {
      onRequest: limited('passkey'),
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Remove one of your passkeys; it signs in no more',
        description: 'Tells the member by e-mail.',
        params: passkeyParams,
        response: { 200: ok, ...errorResponses(429) },
      },
    },
    async (request) => {
      const name = await removePasskey(db, request.viewer.id, request.params.id);
      await sendAccountNotice(
        db,
        mailer,
        request.viewer.id,
        'A passkey was removed from your Power Mixer account',
        `The passkey added from ${name} was just removed from your Power Mixer account: it signs you in no more.\n\nIf it was not you, change your password and choose "Sign out everywhere else" on your profile page (${config.publicUrl}/dashboard#sessions).`,
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      onRequest: limited('passkey'),
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Options for the browser to sign with a passkey (`navigator.credentials.get`), valid five minutes',
        description: 'Any passkey this browser holds for the site may answer.',
        response: { 200: webauthnOptions, ...errorResponses(429) },
      },
    },
    async () => ({ ...(await authenticationOptions(db, config, clock.now())) }),
  );

  app.post(
    '/auth/sign-in/passkey',
    {
      onRequest: limited('sign-in'),
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey, instead of the password and second step',
        description: '401 for a passkey this site does not know, or a signature that does not check out.',
        body: passkeyAssertionInput,
        response: { 200: meResponse, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const userId = await verifyPasskey(db, config, request.body.credential, clock.now());
      const { email } = await startProvenSession(request, reply, userId);
      return { user: await loadMe(db, userId, email, config.staffTwoFactorRequired) };
    },
  );

  app.post(
    '/me/recent-sign-in/passkey/options',
    {
      onRequest: limited('passkey'),
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Options for the browser to sign with one of your passkeys, to prove it is you again',
        response: { 200: webauthnOptions, ...errorResponses(429) },
      },
    },
    async (request) => ({ ...(await authenticationOptions(db, config, clock.now(), request.viewer.id)) }),
  );

  app.post(
    '/me/recent-sign-in/passkey',
    {
      onRequest: limited('recent-sign-in'),
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Prove it is you again with one of your passkeys (instead of the password)',
        description:
          'Signed over a challenge from `/me/recent-sign-in/passkey/options`; another member’s passkey is refused (422).',
        body: passkeyAssertionInput,
        response: { 200: ok, ...errorResponses(429) },
      },
    },
    async (request) => {
      // A refusal here is the form's (422), not the session's: a 401 would read as signed out.
      const refused = () => unprocessable('PASSKEY_REFUSED', PASSKEY_REFUSED, 'credential');
      await verifyPasskey(db, config, request.body.credential, clock.now(), request.viewer.id).catch(
        (error: unknown) => {
          throw error instanceof HttpError && error.statusCode === 401 ? refused() : error;
        },
      );
      await markRequestProved(request);
      return { ok: true as const };
    },
  );
};
