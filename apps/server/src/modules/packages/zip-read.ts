import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PackageLimits, type ServerMessageKey } from '@canopy/contract';
import yauzl from 'yauzl';

/**
 * Why a package was refused: a message key (contract messages) and its parameters; `detail`, a
 * message of its own formatted in the reader's language as the `{detail}` parameter.
 */
export class PackageRefused extends Error {
  constructor(
    readonly key: ServerMessageKey,
    readonly params: Record<string, string | number> = {},
    readonly detail?: { key: ServerMessageKey; params?: Record<string, string | number> | undefined },
  ) {
    super(key);
  }
}

/** The names a package may hold: the manifest, one JSON-lines file per table, the stored files. */
const ENTRY_NAME = /^(manifest\.json|data\/[a-z][a-z0-9]{1,40}\.jsonl|files\/[A-Za-z0-9-]{1,64})$/;
const ARCHIVE_NAME = /\.(zip|jar|war|apk|gz|tgz|tar|7z|rar|bz2|xz|zst|cab|iso)$/i;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The first bytes of the archive formats a package may not carry outside its stored files. */
function isArchive(head: Buffer): boolean {
  const hex = head.subarray(0, 6).toString('hex');
  return (
    hex.startsWith('504b0304') || // zip
    hex.startsWith('504b0506') || // empty zip
    hex.startsWith('1f8b') || // gzip
    hex.startsWith('377abcaf271c') || // 7z
    head.subarray(0, 4).toString('latin1') === 'Rar!' ||
    hex.startsWith('425a68') || // bzip2
    hex.startsWith('fd377a585a00') // xz
  );
}

function unsafeName(name: string): boolean {
  return (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.')
  );
}

function open(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are checked here (clear messages), sizes are counted while inflating (never trusted).
    yauzl.open(
      file,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: false, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(refusedFrom(err)) : resolve(zip)),
    );
  });
}

/** yauzl's own refusals of a name are the same unsafe path as ours. */
function refusedFrom(err: unknown): PackageRefused {
  const message = err instanceof Error ? err.message : '';
  const name = /(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message)?.[1];
  return name !== undefined
    ? new PackageRefused('package.unsafePath', { name })
    : new PackageRefused('package.unreadable');
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const done = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      done();
      resolve(entry);
    };
    const onEnd = () => {
      done();
      resolve(null);
    };
    const onError = (err: unknown) => {
      done();
      reject(refusedFrom(err));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function rawStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (err, stream) =>
      err || !stream ? reject(new PackageRefused('package.unreadable')) : resolve(stream),
    );
  });
}

export interface Extracted {
  /** Entry names written under the target directory. */
  names: string[];
  bytes: number;
}

/**
 * Unpacks a package into `target` (a fresh staging directory), refusing as it goes: too many entries,
 * a path leaving the target (absolute, `..`, a drive, backslashes), links, archives inside, and more
 * bytes than the limits — counted from what inflating really produces, whatever the headers say.
 */
export async function extractPackage(
  file: string,
  target: string,
  limits: Pick<typeof PackageLimits, 'maxEntries' | 'maxUnpackedBytes' | 'maxEntryBytes'> = PackageLimits,
): Promise<Extracted> {
  const zip = await open(file);
  zip.on('error', () => undefined);
  const names: string[] = [];
  let total = 0;
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new PackageRefused('package.tooManyEntries', { limit: limits.maxEntries });
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = entry.fileName;
      if (names.length >= limits.maxEntries)
        throw new PackageRefused('package.tooManyEntries', { limit: limits.maxEntries });
      if (unsafeName(name)) throw new PackageRefused('package.unsafePath', { name });
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) throw new PackageRefused('package.link', { name });
      if (name.endsWith('/')) continue;
      if (ARCHIVE_NAME.test(name) && !name.startsWith('files/')) throw new PackageRefused('package.nested', { name });
      if (!ENTRY_NAME.test(name)) throw new PackageRefused('package.invalid', { reason: name });
      if (names.includes(name)) throw new PackageRefused('package.unsafePath', { name });
      if (entry.isEncrypted()) throw new PackageRefused('package.unreadable');
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new PackageRefused('package.unreadable');
      total = await inflateTo(zip, entry, path.join(target, name), total, limits);
      names.push(name);
    }
    return { names, bytes: total };
  } finally {
    zip.close();
  }
}

/** Inflates one entry to disk, counting bytes as they come; refuses an archive outside files/. */
async function inflateTo(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  out: string,
  counted: number,
  limits: Pick<typeof PackageLimits, 'maxUnpackedBytes' | 'maxEntryBytes'>,
): Promise<number> {
  await fs.promises.mkdir(path.dirname(out), { recursive: true });
  const raw = await rawStream(zip, entry);
  const source = entry.compressionMethod === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: 256 * 1024 })) : raw;
  raw.on('error', (error) => source.destroy(error));
  let total = counted;
  let own = 0;
  const stored = entry.fileName.startsWith('files/');
  async function* counting(input: AsyncIterable<Buffer>) {
    for await (const chunk of input) {
      if (own === 0 && !stored && isArchive(chunk))
        throw new PackageRefused('package.nested', { name: entry.fileName });
      own += chunk.length;
      total += chunk.length;
      if (own > limits.maxEntryBytes || total > limits.maxUnpackedBytes) throw new PackageRefused('package.tooBig');
      yield chunk;
    }
  }
  try {
    await pipeline(source, counting, fs.createWriteStream(out, { flags: 'wx' }));
  } catch (error) {
    throw error instanceof PackageRefused ? error : new PackageRefused('package.unreadable');
  } finally {
    raw.destroy();
    source.destroy();
  }
  return total;
}

/** Only manifest.json of a package, read into memory (at most `maxManifestBytes`), for a preview. */
export async function readManifestText(file: string): Promise<string> {
  const zip = await open(file);
  zip.on('error', () => undefined);
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName !== 'manifest.json') continue;
      if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8))
        throw new PackageRefused('package.unreadable');
      const raw = await rawStream(zip, entry);
      const source = entry.compressionMethod === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
      raw.on('error', (error) => source.destroy(error));
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > PackageLimits.maxManifestBytes) throw new PackageRefused('package.tooBig');
          chunks.push(chunk);
        }
      } catch (error) {
        throw error instanceof PackageRefused ? error : new PackageRefused('package.unreadable');
      } finally {
        raw.destroy();
        source.destroy();
      }
      return Buffer.concat(chunks).toString('utf8');
    }
    throw new PackageRefused('package.invalid', { reason: 'manifest.json' });
  } finally {
    zip.close();
  }
}
