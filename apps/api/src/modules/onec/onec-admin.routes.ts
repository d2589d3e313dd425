import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ONEC_UPLOAD_MAX_BYTES,
  dataOf,
  listOf,
  onecCredentialDto,
  onecCredentialSecretDto,
  onecImportRunDto,
  onecImportsQuery,
  onecSettingsDto,
  onecSettingsInput,
} from '@drop/shared';
import { AppError } from '../../lib/errors.ts';
import { isMalformedMultipart, malformedMultipart } from '../../lib/uploads.ts';
import { idParam } from '../../lib/http.ts';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { uploadDirOf } from './import-runner.ts';
import {
  createOnecCredential,
  getImportRun,
  getOnecCredential,
  getOnecSettings,
  listImportRuns,
  revokeOnecCredential,
  saveOnecSettings,
  startUploadedImport,
} from './onec.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Names the parts are stored under: XML as such, a zip of a part unpacked by the run. */
function storedName(field: string, head: Buffer): string | null {
  const zip = head.subarray(0, 2).toString('latin1') === 'PK';
  if (field === 'pictures') return zip ? 'pictures.zip' : null;
  if (field !== 'import' && field !== 'offers') return null;
  return zip ? `${field}.zip` : `${field}.xml`;
}

/**
 * Reads the multipart parts `import`, `offers` and `pictures` to files in `dir` (streamed, never
 * held in memory). Answers the stored names; refuses oversized files and a request without XML.
 */
async function receiveUpload(req: FastifyRequest, dir: string): Promise<string[]> {
  if (!req.isMultipart()) throw AppError.field('import', 'file_required');
  const stored: string[] = [];
  await fsp.mkdir(dir, { recursive: true });
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      let head: Buffer | null = null;
      const temp = path.join(dir, `part-${stored.length}-${crypto.randomUUID()}`);
      await pipeline(
        part.file,
        async function* (src: AsyncIterable<Buffer>) {
          for await (const chunk of src) {
            head ??= chunk;
            yield chunk;
          }
        },
        fs.createWriteStream(temp),
      );
      if (part.file.truncated) throw AppError.field(part.fieldname, 'file_too_large', 'ValidationError', { max: ONEC_UPLOAD_MAX_BYTES / 1024 / 1024 });
      const name = head ? storedName(part.fieldname, head) : null;
      if (!name) {
        await fsp.rm(temp, { force: true });
        if (head && (part.fieldname === 'pictures' || part.fieldname === 'import' || part.fieldname === 'offers'))
          throw AppError.field(part.fieldname, 'invalid_value');
        continue;
      }
      await fsp.rename(temp, path.join(dir, name));
      if (!stored.includes(name)) stored.push(name);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.field('import', 'file_too_large', 'ValidationError', { max: ONEC_UPLOAD_MAX_BYTES / 1024 / 1024 });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw AppError.field('import', 'invalid_value');
    if (isMalformedMultipart(err)) throw malformedMultipart();
    throw err;
  }
  if (!stored.some((n) => n.startsWith('import.') || n.startsWith('offers.'))) throw AppError.field('import', 'file_required');
  return stored;
}

/**
 * /api/v1/admin/onec: the catalogue import from the back office, its history, the price-type
 * mapping and the exchange's own credentials (admins only).
 */
export const onecAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'onec');
  await app.register(multipart, { limits: { fileSize: ONEC_UPLOAD_MAX_BYTES, files: 3, fields: 5, parts: 8 } });

  app.post('/imports', { schema: { tags, security, consumes: ['multipart/form-data'], response: { 202: dataOf(onecImportRunDto) } } }, async (req, reply) => {
    const ctx = authedCtx(req);
    const key = crypto.randomUUID();
    const dir = path.join(app.deps.config.dataDir, uploadDirOf(key));
    let files: string[];
    try {
      files = await receiveUpload(req, dir);
    } catch (err) {
      await fsp.rm(dir, { recursive: true, force: true });
      throw err;
    }
    return reply.code(202).send({ data: await startUploadedImport(ctx, key, files) });
  });
  app.get('/imports', { schema: { tags, security, querystring: onecImportsQuery, response: { 200: listOf(onecImportRunDto) } } }, async (req) =>
    listImportRuns(authedCtx(req), req.query),
  );
  app.get('/imports/:id', { schema: { tags, security, params: idParam, response: { 200: dataOf(onecImportRunDto) } } }, async (req) => ({
    data: await getImportRun(authedCtx(req), req.params.id),
  }));
  app.get('/settings', { schema: { tags, security, response: { 200: dataOf(onecSettingsDto) } } }, async (req) => ({
    data: await getOnecSettings(authedCtx(req)),
  }));
  app.put(
    '/settings',
    { config: { access: 'onec.settings' }, schema: { tags, security, body: onecSettingsInput, response: { 200: dataOf(onecSettingsDto) } } },
    async (req) => ({
      data: await saveOnecSettings(authedCtx(req), req.body),
    }),
  );
  app.get(
    '/credentials',
    { config: { access: 'onec.credentials' }, schema: { tags, security, response: { 200: dataOf(onecCredentialDto.nullable()) } } },
    async (req) => ({
      data: await getOnecCredential(authedCtx(req)),
    }),
  );
  // The secret is in this answer only: never cached anywhere.
  app.post(
    '/credentials',
    { config: { access: 'onec.credentials' }, schema: { tags, security, response: { 201: dataOf(onecCredentialSecretDto) } } },
    async (req, reply) =>
      reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .send({ data: await createOnecCredential(authedCtx(req)) }),
  );
  app.delete('/credentials', { config: { access: 'onec.credentials' }, schema: { tags, security, response: { 204: z.null() } } }, async (req, reply) => {
    await revokeOnecCredential(authedCtx(req));
    return reply.code(204).send(null);
  });
};
