import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type {} from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads and import sheets live (main.ts's maintenance purges closed teams' files there). */
    fileStore: FileStore;
  }
}

/** Where an S3-compatible object store is (S3_* variables; README). */
export interface S3Config {
  /** Empty for AWS itself; an address (MinIO, Ceph, R2 …) switches to path-style requests. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Where uploaded files, avatars and import sheets live, by key (`files/<team>/<id>`, `imports/<id>.csv`).
 * One interface, two places: the local data directory (default; one machine, or a shared disk) and an
 * S3-compatible object store (several machines). Keys never come from users.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Stores the local file `source` under `key` (the caller's file stays). */
  put(key: string, source: string, contentType?: string): Promise<void>;
  /** Stores bytes held in memory (small ones: avatars). */
  putBytes(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The bytes under `key`; `null` when there are none. */
  read(key: string): Promise<Readable | null>;
  /** Whether there are bytes under `key` (without reading them). */
  exists(key: string): Promise<boolean>;
  /** Copies the bytes under `key` to the local file `target` (sheets are parsed from disk). */
  fetch(key: string, target: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Everything under `prefix` (a purged team's files). */
  removePrefix(prefix: string): Promise<void>;
}

function safeKey(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((p) => p === '..' || p === '.' || p === ''))
    throw new Error(`bad storage key ${key}`);
  return key;
}

/** The data directory: key `a/b` is the file DATA_DIR/a/b (the layout Canopy always had). */
export class LocalStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  pathOf(key: string): string {
    return path.join(this.root, safeKey(key));
  }

  async put(key: string, source: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(source, target);
  }

  async putBytes(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, bytes);
  }

  async read(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      await fs.promises.access(file);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async exists(key: string): Promise<boolean> {
    return fs.existsSync(this.pathOf(key));
  }

  async fetch(key: string, target: string): Promise<boolean> {
    try {
      await fs.promises.copyFile(this.pathOf(key), target);
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    await fs.promises.rm(this.pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }
}

/** An S3-compatible bucket through the official AWS SDK client. */
export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: compatible stores do not all take the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, source: string, contentType?: string): Promise<void> {
    const { size } = await fs.promises.stat(source);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: safeKey(key),
        Body: fs.createReadStream(source),
        ContentLength: size,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
  }

  async putBytes(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: safeKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: safeKey(key) }));
      return res.Body instanceof Readable ? res.Body : null;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: safeKey(key) }));
      return true;
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async fetch(key: string, target: string): Promise<boolean> {
    const body = await this.read(key);
    if (!body) return false;
    await pipeline(body, fs.createWriteStream(target));
    return true;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: safeKey(key) }));
  }

  async removePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      // One by one: compatible stores differ on the checksum DeleteObjects needs; purges are rare.
      for (const o of page.Contents ?? [])
        if (o.Key) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: o.Key }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

export function openStore(dataDir: string, s3: S3Config | undefined): FileStore {
  return s3 ? new S3Store(s3) : new LocalStore(dataDir);
}
