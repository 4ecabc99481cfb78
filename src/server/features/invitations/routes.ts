import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChanges } from '../../platform/audit';
import { errorResponses } from '../../platform/errors';
import { idParams } from '../../platform/http';
import {
  invitationLinkResponse,
  invitationResponse,
  invitationTokenParams,
  invitationsPreviewInput,
  invitationsPreviewResponse,
  invitationsQuery,
  invitationsResponse,
  invitationsSendInput,
  invitationsSendResponse,
} from '../../../shared/invitations';
import {
  invitationForLink,
  listInvitations,
  previewInvitations,
  resendInvitation,
  revokeInvitation,
  sendInvitations,
} from './service';

// Invitations (issue 35): the admin's import (preview, then send), the list with Revoke and Send
// again, and the public read of an invitation's link that fills in the registration form.
// Admin writes are in the audit log (platform/audit.ts); the preview writes nothing and says so.

const admin = { access: 'admin' as const };
const tags = ['admin: invitations'];
/** The list travels as text in JSON: 10,000 rows may pass the app's 1 MB (the file is at most
 * INVITATION_CSV_MAX characters; escaping quotes and line breaks adds to it). */
const LIST_BODY_LIMIT = 4 * 1024 * 1024;

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, clock } = app.services;
  const deps = { db, config, mailer };

  app.post(
    '/admin/invitations/preview',
    {
      bodyLimit: LIST_BODY_LIMIT,
      config: admin,
      schema: {
        tags,
        summary:
          "Read an invitation list (CSV text: a header naming Name and E-mail, Company and Position when present; ',' or ';') " +
          "and say each row's problem: not an e-mail, a duplicate of an earlier line, already a member, already invited. Writes nothing",
        body: invitationsPreviewInput,
        response: { 200: invitationsPreviewResponse },
      },
    },
    async (request) => {
      request.auditSkip = true;
      return previewInvitations(db, request.body.csv);
    },
  );

  app.post(
    '/admin/invitations',
    {
      bodyLimit: LIST_BODY_LIMIT,
      config: admin,
      schema: {
        tags,
        summary:
          'Invite every ready row of a list: the invitations and their e-mails in one transaction. A row with a problem of ' +
          'its own (no name, not an e-mail, a duplicate) refuses the whole list with 422 naming each line (`csv.<line>`) ' +
          'unless skipProblems; members and people invited before are always skipped',
        body: invitationsSendInput,
        response: { 200: invitationsSendResponse },
      },
    },
    async (request) => {
      const result = await sendInvitations(deps, request.body, request.viewer.id, clock.now());
      recordChanges(request, { invited: { before: null, after: result.invited } });
      return result;
    },
  );

  app.get(
    '/admin/invitations',
    {
      config: { ...admin, cache: 'private' },
      schema: {
        tags,
        summary:
          'The invitations, newest first (paged), each with its status, and the totals: invited, joined, pending, expired, revoked',
        querystring: invitationsQuery,
        response: { 200: invitationsResponse },
      },
    },
    async (request) => listInvitations(db, request.query.page, clock.now()),
  );

  app.post(
    '/admin/invitations/:id/revoke',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Revoke an invitation: its link stops working (409 once revoked, or when its person has joined)',
        params: idParams,
        response: { 200: invitationResponse, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { before, after } = await revokeInvitation(db, request.params.id, clock.now());
      recordChanges(request, { status: { before: before.status, after: after.status } });
      return { invitation: after };
    },
  );

  app.post(
    '/admin/invitations/:id/resend',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Send an invitation again, valid 30 days from now: once only (409 the second time, and for a revoked ' +
          'invitation or one whose person has joined)',
        params: idParams,
        response: { 200: invitationResponse, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { before, after } = await resendInvitation(deps, request.params.id, request.viewer.id, clock.now());
      recordChanges(request, {
        sendCount: { before: before.sendCount, after: after.sendCount },
        expiresAt: { before: before.expiresAt, after: after.expiresAt },
      });
      return { invitation: after };
    },
  );

  app.get(
    '/invitations/:token',
    {
      config: { access: 'public', cache: 'no-store' },
      schema: {
        tags: ['invitations'],
        summary:
          "The name, e-mail, company and position an invitation's signed link fills the registration form with: 400 for a " +
          'link this site did not sign, 409 when its person has joined, 410 when it was revoked or has expired',
        params: invitationTokenParams,
        response: { 200: invitationLinkResponse, ...errorResponses(400, 409, 410) },
      },
    },
    async (request) => invitationForLink(db, request.params.token, clock.now()),
  );
};
