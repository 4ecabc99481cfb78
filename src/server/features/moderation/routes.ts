import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import {
  blockState,
  blocksResponse,
  reportInput,
  reportReceipt,
  reportsQuery,
  reportsResponse,
  resolveReportInput,
  resolveReportResponse,
} from '../../../shared/moderation';
import { recordChanges } from '../../platform/audit';
import { enforceRateLimit, type RateLimitRule } from '../../platform/rate-limit';
import { blockMember, createReport, listBlocks, listReports, resolveReport, unblockMember } from './service';
import { idParams } from '../../platform/http';

const errors = errorResponses(404, 409);

/** Reports one member may file in a window: plenty for a bad thread, not a flood for the admins. */
export const REPORT_RATE: RateLimitRule = { limit: 20, windowSeconds: 10 * 60 };
const usernameParams = z.object({ username: z.string().min(1).max(60) });

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.services;

  app.post(
    '/reports',
    {
      config: { access: 'member' },
      schema: {
        tags: ['moderation'],
        summary:
          'Report a forum post, a reply or a direct message you can see, with a reason. Reporting the same item again returns the first report (200).',
        body: reportInput,
        response: { 200: reportReceipt, 201: reportReceipt, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(db, `report:${request.viewer.id}`, REPORT_RATE);
      const { report, created } = await createReport(db, request.viewer.id, request.body);
      return reply.status(created ? 201 : 200).send(report);
    },
  );

  app.get(
    '/admin/reports',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['moderation'],
        summary:
          'Reports with one status (open by default; open oldest first), with the reported content, its author and reporter',
        querystring: reportsQuery,
        response: { 200: reportsResponse, ...errors },
      },
    },
    async (request) => {
      return listReports(db, request.query.status, request.query.page);
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary:
          'Resolve an open report: remove deletes the content and closes every open report on it; dismiss closes this report. Reporters are e-mailed the outcome.',
        params: idParams,
        body: resolveReportInput,
        response: { 200: resolveReportResponse, ...errors },
      },
    },
    async (request) => {
      const result = await resolveReport(
        db,
        mailer,
        config.publicUrl,
        request.viewer.id,
        request.params.id,
        request.body,
      );
      recordChanges(request, { status: { before: 'open', after: result.status } });
      return result;
    },
  );

  app.get(
    '/me/blocks',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['moderation'],
        summary: 'The members you blocked, by username',
        response: { 200: blocksResponse },
      },
    },
    async (request) => {
      return { blocks: await listBlocks(db, request.viewer.id) };
    },
  );

  app.put(
    '/me/blocks/:username',
    {
      config: { access: 'member' },
      schema: {
        tags: ['moderation'],
        summary: 'Block a member: no messages or connection requests between you afterwards',
        params: usernameParams,
        response: { 200: blockState, ...errors },
      },
    },
    async (request) => {
      await blockMember(db, request.viewer.id, request.params.username);
      return { blocked: true };
    },
  );

  app.delete(
    '/me/blocks/:username',
    {
      config: { access: 'member' },
      schema: {
        tags: ['moderation'],
        summary: 'Unblock a member',
        params: usernameParams,
        response: { 200: blockState, ...errors },
      },
    },
    async (request) => {
      await unblockMember(db, request.viewer.id, request.params.username);
      return { blocked: false };
    },
  );
};
