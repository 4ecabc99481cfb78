import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_SUCCESS,
  HONEYPOT_FIELD,
  INTRODUCTION_SUCCESS,
  contactInput,
  introductionInput,
  contactResponse,
} from '../../../shared/contact';
import { errorResponses } from '../../platform/errors';
import { contactMessages, introductionRequests } from '../../db/schema';
import { enforceRateLimit } from '../../platform/rate-limit';

const ok = contactResponse;
const errors = errorResponses(429);

/** The contact form and the landing page's introduction requests. A filled honeypot gets
 * the same thanks as a person, so bots learn nothing, and nothing is kept. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.services;
  const rule = { limit: config.CONTACT_RATE_LIMIT, windowSeconds: 10 * 60 };
  const limited = (action: string) => async (request: { ip: string }) =>
    enforceRateLimit(db, `${action}:${request.ip}`, rule);

  app.post(
    '/contact',
    {
      onRequest: limited('contact'),
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the organisers',
        body: contactInput,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const input = request.body;
      if (input[HONEYPOT_FIELD]) {
        request.log.info({ ip: request.ip }, 'contact honeypot filled; dropped');
        return { message: CONTACT_SUCCESS };
      }
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({
          fullName: input.fullName,
          email: input.email,
          phone: input.phone || null,
          subject: input.subject,
          message: input.message,
        });
        await mailer.send(
          {
            to: config.CONTACT_EMAIL,
            subject: `Contact form: ${input.subject}`,
            text: `From: ${input.fullName} <${input.email}>${input.phone ? `\nPhone: ${input.phone}` : ''}\n\n${input.message}`,
          },
          tx,
        );
      });
      return { message: CONTACT_SUCCESS };
    },
  );

  app.post(
    '/introductions',
    {
      onRequest: limited('introductions'),
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Ask the organisers for an introduction (landing page form)',
        body: introductionInput,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const input = request.body;
      if (input[HONEYPOT_FIELD]) return { message: INTRODUCTION_SUCCESS };
      await db.transaction(async (tx) => {
        await tx
          .insert(introductionRequests)
          .values({ name: input.name, email: input.email, wantsToMeet: input.wantsToMeet });
        await mailer.send(
          {
            to: config.CONTACT_EMAIL,
            subject: `Introduction request from ${input.name}`,
            text: `${input.name} <${input.email}> would like to connect with:\n\n${input.wantsToMeet}`,
          },
          tx,
        );
      });
      return { message: INTRODUCTION_SUCCESS };
    },
  );
};
