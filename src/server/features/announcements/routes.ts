import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAnnouncement,
  adminAnnouncementsQuery,
  adminAnnouncementsResponse,
  announcementFailures,
  announcementInput,
  announcementPreview,
  audienceCount,
  audienceCountInput,
  newsArticle,
  newsListResponse,
  newsQuery,
  sendAnnouncementInput,
  testSendAnswer,
} from '../../../shared/announcements';
import type { Db } from '../../db/client';
import { errorResponses } from '../../platform/errors';
import { fileResponse, idParams } from '../../platform/http';
import { getViewer } from '../../platform/viewer';
import { announcementMail } from './emails';
import { listNews, newsFeed, readNews } from './news';
import {
  SEND_NOW_JOB,
  audienceCount as countAudience,
  cancelAnnouncement,
  createAnnouncement,
  deleteAnnouncement,
  findForMail,
  getAnnouncement,
  listAnnouncements,
  listFailures,
  retryFailed,
  sendAnnouncement,
  updateAnnouncement,
} from './service';

// Announcements (issue 35): the admin's routes (`access: 'admin'`, 401 visitors and 403 members;
// every write is in the audit log), and the news archive's (public; members-only items for
// members). The mails go out from the job in sender.ts.

const admin = { access: 'admin' as const };
const tags = ['admin: announcements'];

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, storage, clock, jobs } = app.services;
  const deps = () => ({ db, config, storage, now: clock.now() });
  /** The run that sends right away, committed with the start that asks for it. */
  const enqueueFor = (id: string) => (tx: Db) =>
    jobs.enqueue(SEND_NOW_JOB, `${id}:${clock.now().toISOString()}`, clock.now(), undefined, tx);

  app.get(
    '/admin/announcements',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Announcements, newest first, each with its sending progress',
        querystring: adminAnnouncementsQuery,
        response: { 200: adminAnnouncementsResponse, ...errorResponses(400) },
      },
    },
    async (request) => listAnnouncements(db, request.query.page),
  );

  app.post(
    '/admin/announcements',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Write an announcement (a draft: nothing is sent yet); the body is sanitised',
        body: announcementInput,
        response: { 201: adminAnnouncement, ...errorResponses(400) },
      },
    },
    async (request, reply) => reply.status(201).send(await createAnnouncement(deps(), request.body, request.viewer.id)),
  );

  app.post(
    '/admin/announcements/audience-count',
    {
      config: admin,
      schema: {
        tags,
        summary: 'How many members an audience reaches, leaving out those who turned Community news off',
        body: audienceCountInput,
        response: { 200: audienceCount, ...errorResponses(400) },
      },
    },
    async (request) => countAudience(db, config, request.body.audience),
  );

  app.get(
    '/admin/announcements/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One announcement with its progress',
        params: idParams,
        response: { 200: adminAnnouncement, ...errorResponses(404) },
      },
    },
    async (request) => getAnnouncement(db, request.params.id),
  );

  app.put(
    '/admin/announcements/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change a draft or a cancelled announcement (409 once scheduled or sent)',
        params: idParams,
        body: announcementInput,
        response: { 200: adminAnnouncement, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => updateAnnouncement(deps(), request.params.id, request.body),
  );

  app.delete(
    '/admin/announcements/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a draft or a cancelled announcement',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      await deleteAnnouncement(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/announcements/:id/preview',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The mail as a member would get it: subject, HTML part and text part',
        params: idParams,
        response: { 200: announcementPreview, ...errorResponses(404) },
      },
    },
    async (request) => {
      const content = await findForMail(db, request.params.id);
      const mail = await announcementMail(db, config, content, {
        userId: request.viewer.id,
        email: request.viewer.email,
      });
      return { subject: mail.subject, html: mail.html!, text: mail.text };
    },
  );

  app.post(
    '/admin/announcements/:id/test',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Send the mail to yourself only, marked [Test]',
        params: idParams,
        response: { 200: testSendAnswer, ...errorResponses(404) },
      },
    },
    async (request) => {
      const content = await findForMail(db, request.params.id);
      const to = { userId: request.viewer.id, email: request.viewer.email };
      await mailer.send(await announcementMail(db, config, content, to, { test: true }));
      return { to: to.email };
    },
  );

  app.post(
    '/admin/announcements/:id/send',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Send now (no sendAt): the recipients are listed at once and mailed at MAIL_RATE_PER_MINUTE; or schedule it for sendAt',
        params: idParams,
        body: sendAnnouncementInput.nullish(),
        response: { 200: adminAnnouncement, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request) => {
      const sendAt = request.body?.sendAt;
      return sendAnnouncement({ ...deps(), enqueue: enqueueFor(request.params.id) }, request.params.id, sendAt);
    },
  );

  app.post(
    '/admin/announcements/:id/cancel',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Cancel a scheduled announcement before it starts (409 once it has)',
        params: idParams,
        response: { 200: adminAnnouncement, ...errorResponses(404, 409) },
      },
    },
    async (request) => cancelAnnouncement(db, request.params.id, clock.now()),
  );

  app.post(
    '/admin/announcements/:id/retry',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Send the failed mails again',
        params: idParams,
        response: { 200: adminAnnouncement, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      return retryFailed(db, request.params.id, clock.now(), enqueueFor(request.params.id));
    },
  );

  app.get(
    '/admin/announcements/:id/failures',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The members whose mail failed (at most 100), with the reason',
        params: idParams,
        response: { 200: announcementFailures, ...errorResponses(404) },
      },
    },
    async (request) => listFailures(db, request.params.id),
  );

  app.get(
    '/news',
    {
      config: { access: 'public', cache: 'no-store' },
      schema: {
        tags: ['news'],
        summary: 'The news archive, newest first: public announcements, and members-only ones for members',
        querystring: newsQuery,
        response: { 200: newsListResponse, ...errorResponses(400) },
      },
    },
    async (request) => listNews(db, request.query.page, (await getViewer(request)) !== null),
  );

  app.get(
    '/news/:id',
    {
      config: { access: 'public', cache: 'no-store' },
      schema: {
        tags: ['news'],
        summary: 'One announcement of the archive (401 NEWS_MEMBERS_ONLY for a visitor on a members-only one)',
        params: idParams,
        response: { 200: newsArticle, ...errorResponses(401, 404) },
      },
    },
    async (request) => readNews(db, request.params.id, (await getViewer(request)) !== null),
  );
};

/** The RSS feed of the public announcements (registered without the /api prefix). */
export const newsFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  app.get(
    '/news/feed.xml',
    {
      config: { access: 'public', cache: 'no-store' },
      schema: {
        tags: ['news'],
        summary: 'RSS 2.0 feed of the public announcements',
        response: { 200: fileResponse('application/rss+xml', 'The feed') },
      },
    },
    async (_request, reply) => reply.type('application/rss+xml; charset=utf-8').send(await newsFeed(db, config)),
  );
};
