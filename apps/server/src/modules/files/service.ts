import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, FileLimits, type UploadedFile } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { saveUpload } from '../../http/upload.js';

const IMAGE_TYPES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** A file name safe to store and to put in a header: no paths, no control characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const name = Array.from(base)
    .filter((ch) => ch !== '"' && (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return name || 'file';
}

export function toUploaded(f: FilesTable): UploadedFile {
  return {
    id: f.id,
    name: f.name,
    size: Number(f.size),
    contentType: f.content_type,
    isImage: f.is_image === 1,
    url: `/v1/files/${f.id}`,
  };
}

/**
 * Uploaded files live on disk under DATA_DIR/files/<team>/<id>; names on disk are ours. Whether a
 * file is an image is decided by its bytes, never by what the browser says.
 */
export class FileService {
  private readonly root: string;
  constructor(
    private readonly db: Kysely<Database>,
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.root = path.join(dataDir, 'files');
  }

  pathOf(f: Pick<FilesTable, 'engine_code' | 'id'>): string {
    return path.join(this.root, f.engine_code, f.id);
  }

  async save(
    tenant: TenantContext,
    upload: { filename: string; file: NodeJS.ReadableStream & { truncated?: boolean } },
    kind: 'attachment' | 'image',
  ): Promise<UploadedFile> {
    const limit = kind === 'image' ? FileLimits.imageMaxBytes : FileLimits.attachmentMaxBytes;
    const id = randomUUID();
    const target = this.pathOf({ engine_code: tenant.engineCode, id });
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await saveUpload(upload.file, target);
    const cleanup = () => fs.promises.rm(target, { force: true });
    const { size } = await fs.promises.stat(target);
    if (upload.file.truncated || size > limit) {
      await cleanup();
      throw new AppError(400, ErrorCode.validationFailed, 'file.tooLarge', { limit: limit / 1024 / 1024 });
    }
    if (size === 0) {
      await cleanup();
      throw new AppError(400, ErrorCode.validationFailed, 'file.missing');
    }
    const head = Buffer.alloc(16);
    const handle = await fs.promises.open(target, 'r');
    await handle.read(head, 0, 16, 0);
    await handle.close();
    const image = IMAGE_TYPES.find((t) => t.test(head));
    if (kind === 'image' && !image) {
      await cleanup();
      throw new AppError(400, ErrorCode.validationFailed, 'file.notImage');
    }
    const row: FilesTable = {
      id,
      engine_code: tenant.engineCode,
      uploader_member_id: tenant.memberId,
      name: cleanFileName(upload.filename),
      // Only image types we recognised are served as such; everything else downloads as bytes.
      content_type: image?.type ?? 'application/octet-stream',
      is_image: image ? 1 : 0,
      size,
      created_at: this.now(),
    };
    await this.db.insertInto('files').values(row).execute();
    return toUploaded(row);
  }

  /** A file the user may read: it belongs to one of the user's teams. */
  async readable(userId: string, id: string): Promise<FilesTable> {
    const row = await this.db
      .selectFrom('files')
      .innerJoin('members', 'members.engine_code', 'files.engine_code')
      .selectAll('files')
      .where('files.id', '=', id)
      .where('members.user_id', '=', userId)
      .where('members.state', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!row) throw new AppError(404, ErrorCode.notFound, 'file.notFound');
    return row;
  }

  /** Files of a team by id, in one query (record values name files by id). */
  byIds(engineCode: string, ids: string[]): Promise<FilesTable[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('id', 'in', ids)
      .execute();
  }
}
