import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@canopy/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const malformed = () => new AppError(400, ErrorCode.validationFailed, 'file.malformed');
const missing = () => new AppError(400, ErrorCode.validationFailed, 'file.missing');

/**
 * The one file of a multipart upload. A body that is not one — no boundary, garbage, headers that
 * never end — is the client's mistake: a 400 saying so, never the parser's error as a 500.
 */
export async function uploadedFile(
  req: FastifyRequest,
  limits?: { files: number; fileSize: number },
): Promise<MultipartFile> {
  if (!req.isMultipart()) throw missing();
  let upload: MultipartFile | undefined;
  try {
    upload = await req.file(limits ? { limits } : undefined);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw malformed();
  }
  if (!upload) throw missing();
  return upload;
}

/**
 * Writes an upload's bytes to `target`. A body cut short fails here, while the bytes stream: the
 * partial file goes and the answer is the same clear 400.
 */
export async function saveUpload(stream: Readable | NodeJS.ReadableStream, target: string): Promise<void> {
  try {
    await pipeline(stream, fs.createWriteStream(target));
  } catch {
    await fs.promises.rm(target, { force: true });
    throw malformed();
  }
}

/**
 * A text field of the form that came before the file (fields after it are not read yet); undefined
 * when absent or not text.
 */
export function formField(upload: MultipartFile, name: string): string | undefined {
  const field = upload.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}
