import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { MessageKey } from '@drop/shared';
import { AppError } from './errors.ts';
import { checkImagePixels, imageTooBig } from './image-limits.ts';

export interface UploadedFile {
  filename: string;
  buffer: Buffer;
  /** The stream was cut at the size limit. */
  truncated: boolean;
}

/**
 * Reads a multipart request with one `file` part and a few text fields. A file over the limit
 * comes back truncated (the caller answers 422); too many parts or files leave `file` undefined.
 */
export async function readUpload(req: FastifyRequest): Promise<{ file: UploadedFile | undefined; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  if (!req.isMultipart()) return { file, fields };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          continue;
        }
        const buffer = await part.toBuffer();
        file = { filename: part.filename, buffer, truncated: part.file.truncated };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') file = { filename: '', buffer: Buffer.alloc(1), truncated: true };
    else if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') file = undefined;
    else if (isMalformedMultipart(err)) throw malformedMultipart();
    else throw err;
  }
  return { file, fields };
}

/**
 * The parser's own errors for a body that is not the multipart it claims to be (no boundary, cut
 * short, a broken part header): plain errors with no code, no status and no system call, unlike
 * the limits (FST_*), HTTP errors and file-system errors.
 */
export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  const e = err as { code?: unknown; statusCode?: unknown; syscall?: unknown };
  return e.code === undefined && e.statusCode === undefined && e.syscall === undefined;
}

/** 400 BadRequest, the answer to a malformed multipart body. */
export const malformedMultipart = () => AppError.business('BadRequest', 'bad_request');

/**
 * Checks what a file really is (by its content, not its name or declared type), its size and,
 * for an image, its pixel count read from the header,
 * then stores it under DATA_DIR/`dir`. Answers the stored file's facts; `remove` deletes it
 * again when the row that names it could not be written.
 */
export async function storeChecked(
  dataDir: string,
  dir: string,
  file: UploadedFile | undefined,
  opts: { maxBytes: number; mimes: readonly string[]; wrongType: MessageKey; fallbackName: string },
): Promise<{ name: string; mime: string; size: number; path: string; remove: () => Promise<void> }> {
  if (!file || file.buffer.length === 0) throw AppError.field('file', 'file_required');
  if (file.truncated || file.buffer.length > opts.maxBytes)
    throw AppError.field('file', 'file_too_large', 'ValidationError', { max: opts.maxBytes / 1024 / 1024 });
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !opts.mimes.includes(type.mime)) throw AppError.field('file', opts.wrongType);
  // Measured from the header before anything decodes or stores it (picture bombs).
  const pixels = checkImagePixels(file.buffer, type.mime);
  if (!pixels.ok) throw pixels.reason === 'too_big' ? imageTooBig() : AppError.field('file', opts.wrongType);
  const rel = path.join(dir, `${randomUUID()}.${type.ext}`);
  const abs = path.join(dataDir, rel);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, file.buffer);
  // The browser's name, without control characters (PostgreSQL refuses NUL) and whole characters only.
  const given = path
    .basename(file.filename ?? '')
    .replace(/\p{Cc}/gu, '')
    .slice(0, 200)
    .toWellFormed();
  const name = given || `${opts.fallbackName}.${type.ext}`;
  return { name, mime: type.mime, size: file.buffer.length, path: rel, remove: () => fs.rm(abs, { force: true }) };
}
