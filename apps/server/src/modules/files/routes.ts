import { FileEndpoints, FileLimits, Headers, OpenFileEndpoints } from '@canopy/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FilesTable } from '../../db/schema.js';
import { Errors } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import { uploadedFile } from '../../http/upload.js';
import { resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import { type FileService, toUploaded } from './service.js';

export async function fileRoutes(app: FastifyInstance, files: FileService, apps: AppRepository): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: FileLimits.attachmentMaxBytes + 1, fields: 5 },
  });

  route(app, FileEndpoints.upload, async ({ req, query }) => {
    // A form on another site cannot set this header, so it cannot upload with the user's cookie.
    if (!req.headers[Headers.appName]) throw Errors.forbidden();
    if (!req.tenant) throw Errors.forbidden();
    const upload = await uploadedFile(req);
    return files.save(req.tenant, upload, query.kind ?? 'attachment');
  });

  // Integrators (issue 17): a read-write token naming the app (the session hook checked both), or a
  // session from the web app's own client; the member must reach the app.
  route(app, OpenFileEndpoints.upload, async ({ req, params, query }) => {
    if (!req.auth?.token && !req.headers[Headers.appName]) throw Errors.forbidden();
    if (!req.tenant) throw Errors.forbidden();
    await resolveApp(apps, req.tenant, params.appCode, false);
    const upload = await uploadedFile(req);
    return files.save(req.tenant, upload, query.kind ?? 'attachment');
  });

  route(app, FileEndpoints.info, async ({ auth, params }) => toUploaded(await files.readable(auth.user.id, params.id)));

  app.get('/v1/files/:id', { schema: { hide: true } }, async (req, reply) => {
    if (!req.auth) throw Errors.unauthorized();
    const { id } = req.params as { id: string };
    return sendStoredFile(reply, files, await files.readable(req.auth.user.id, id));
  });
}

/** Images show inline; everything else downloads, typed as bytes, in a sandbox: nothing uploaded runs. */
export async function sendStoredFile(reply: FastifyReply, files: FileService, file: FilesTable): Promise<FastifyReply> {
  const body = await files.open(file);
  const disposition = file.is_image === 1 ? 'inline' : 'attachment';
  reply.header('content-type', file.content_type);
  reply.header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('cache-control', 'private, max-age=86400');
  return reply.send(body);
}
