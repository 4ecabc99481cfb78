import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SPONSOR_NOT_FOUND,
  sponsorInput,
  sponsorLogoResponse,
  sponsorResponse,
  sponsorsResponse,
} from '../../../shared/sponsors';
import { changedFields, recordChanges } from '../../platform/audit';
import { invariant, notFound, errorResponses } from '../../platform/errors';
import { uploadedFile } from '../../platform/uploads';
import { removeStoredImage, storeImage } from '../../platform/images';
import { createSponsor, deleteSponsor, findSponsor, listSponsors, setSponsorLogo, updateSponsor } from './service';
import { idParams } from '../../platform/http';

const errors = errorResponses(400, 404);
const BUCKET = 'sponsor-images';
const LOGO_FOLDER = 'logos';
const missing = () => notFound(SPONSOR_NOT_FOUND);

/** Sponsors (spec 2): the admin's list, form and logo. Event pages read sponsors with their event. */
export const sponsorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;

  app.get(
    '/sponsors',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sponsors'],
        summary: 'Every sponsor, sorted by name',
        response: { 200: sponsorsResponse },
      },
    },
    async () => ({ sponsors: await listSponsors(db) }),
  );

  app.get(
    '/sponsors/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sponsors'],
        summary: 'One sponsor, for its edit form',
        params: idParams,
        response: { 200: sponsorResponse },
      },
    },
    async (request) => {
      const sponsor = await findSponsor(db, request.params.id);
      invariant(sponsor, missing);
      return { sponsor };
    },
  );

  app.post(
    '/sponsors',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sponsors'],
        summary: 'Create a sponsor (level defaults to Event Sponsor)',
        body: sponsorInput,
        response: { 201: sponsorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const sponsor = await createSponsor(db, request.body);
      request.auditTargetId = sponsor.id;
      return reply.status(201).send({ sponsor });
    },
  );

  app.put(
    '/sponsors/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sponsors'],
        summary: "Replace a sponsor's name, level, info and website",
        params: idParams,
        body: sponsorInput,
        response: { 200: sponsorResponse, ...errors },
      },
    },
    async (request) => {
      const before = await findSponsor(db, request.params.id);
      invariant(before, missing);
      const sponsor = await updateSponsor(db, before.id, request.body);
      invariant(sponsor, missing);
      recordChanges(request, changedFields(before, sponsor));
      return { sponsor };
    },
  );

  app.delete(
    '/sponsors/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sponsors'],
        summary: 'Delete a sponsor; its event links and its logo go with it',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const deleted = await deleteSponsor(db, request.params.id);
      invariant(deleted, missing);
      await removeStoredImage(storage, BUCKET, deleted.logoUrl, request.log);
      return { ok: true as const };
    },
  );

  app.post(
    '/sponsors/:id/logo',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sponsors'],
        summary: 'Upload the logo (multipart field "file"; any real image, re-encoded); replaces the old one',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: sponsorLogoResponse, ...errors },
      },
    },
    async (request) => {
      invariant(await findSponsor(db, request.params.id), missing);
      const file = await uploadedFile(request);
      const url = await storeImage(storage, BUCKET, file.bytes, { folder: LOGO_FOLDER, maxSize: 800 });
      const old = await setSponsorLogo(db, request.params.id, url);
      if (old === undefined) {
        // Deleted while the file was on its way: keep nothing.
        await removeStoredImage(storage, BUCKET, url, request.log);
        throw missing();
      }
      await removeStoredImage(storage, BUCKET, old, request.log);
      recordChanges(request, { logoUrl: { before: old, after: url } });
      return { logoUrl: url };
    },
  );

  app.delete(
    '/sponsors/:id/logo',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sponsors'],
        summary: 'Remove the logo (the stored file too)',
        params: idParams,
        response: { 200: sponsorLogoResponse },
      },
    },
    async (request) => {
      const old = await setSponsorLogo(db, request.params.id, null);
      invariant(old !== undefined, missing);
      await removeStoredImage(storage, BUCKET, old, request.log);
      recordChanges(request, { logoUrl: { before: old, after: null } });
      return { logoUrl: null };
    },
  );
};
