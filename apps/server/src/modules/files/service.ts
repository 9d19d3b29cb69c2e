import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ErrorCode, FileLimits, type UploadedFile } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { saveUpload } from '../../http/upload.js';
import type { FileStore } from '../../storage/store.js';

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
 * Uploaded files live in the file store under `files/<team>/<id>` (DATA_DIR/files/… or the S3
 * bucket; storage/store.ts); keys are ours. An upload lands in DATA_DIR/tmp first, where its size and
 * kind are checked; whether it is an image is decided by its bytes, never by what the browser says.
 */
export class FileService {
  private readonly tmp: string;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: FileStore,
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.tmp = path.join(dataDir, 'tmp');
  }

  keyOf(f: Pick<FilesTable, 'engine_code' | 'id'>): string {
    return `files/${f.engine_code}/${f.id}`;
  }

  /** Whether the store still holds the file's bytes. */
  has(f: Pick<FilesTable, 'engine_code' | 'id'>): Promise<boolean> {
    return this.store.exists(this.keyOf(f));
  }

  /** The stored bytes, all in memory (small files: images for a PDF); null when the store has lost them. */
  async bytes(f: Pick<FilesTable, 'engine_code' | 'id'>): Promise<Buffer | null> {
    const body = await this.store.read(this.keyOf(f));
    return body ? Buffer.concat((await body.toArray()) as Buffer[]) : null;
  }

  /** Puts a file that is on local disk under the team's files (an installed package's files). */
  putLocal(f: Pick<FilesTable, 'engine_code' | 'id'>, source: string): Promise<void> {
    return this.store.put(this.keyOf(f), source);
  }

  /** The stored bytes (404 when the store has lost them). */
  async open(f: FilesTable): Promise<Readable> {
    const body = await this.store.read(this.keyOf(f));
    if (!body) throw new AppError(404, ErrorCode.notFound, 'file.notFound');
    return body;
  }

  async save(
    tenant: TenantContext,
    upload: { filename: string; file: NodeJS.ReadableStream & { truncated?: boolean } },
    kind: 'attachment' | 'image',
  ): Promise<UploadedFile> {
    const limit = kind === 'image' ? FileLimits.imageMaxBytes : FileLimits.attachmentMaxBytes;
    const id = randomUUID();
    const target = path.join(this.tmp, id);
    await fs.promises.mkdir(this.tmp, { recursive: true });
    await saveUpload(upload.file, target);
    try {
      return await this.keep(tenant, upload.filename, target, id, kind, limit, upload.file.truncated === true);
    } finally {
      await fs.promises.rm(target, { force: true });
    }
  }

  private async keep(
    tenant: TenantContext,
    filename: string,
    target: string,
    id: string,
    kind: 'attachment' | 'image',
    limit: number,
    truncated: boolean,
  ): Promise<UploadedFile> {
    const { size } = await fs.promises.stat(target);
    if (truncated || size > limit) {
      throw new AppError(400, ErrorCode.validationFailed, 'file.tooLarge', { limit: limit / 1024 / 1024 });
    }
    if (size === 0) {
      throw new AppError(400, ErrorCode.validationFailed, 'file.missing');
    }
    const head = Buffer.alloc(16);
    const handle = await fs.promises.open(target, 'r');
    await handle.read(head, 0, 16, 0);
    await handle.close();
    const image = IMAGE_TYPES.find((t) => t.test(head));
    if (kind === 'image' && !image) {
      throw new AppError(400, ErrorCode.validationFailed, 'file.notImage');
    }
    const row: FilesTable = {
      id,
      engine_code: tenant.engineCode,
      uploader_member_id: tenant.memberId,
      name: cleanFileName(filename),
      // Only image types we recognised are served as such; everything else downloads as bytes.
      content_type: image?.type ?? 'application/octet-stream',
      is_image: image ? 1 : 0,
      size,
      created_at: this.now(),
    };
    await this.store.put(this.keyOf(row), target, row.content_type);
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
