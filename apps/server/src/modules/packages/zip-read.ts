import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PackageLimits, type ServerMessageKey } from '@canopy/contract';
import { type ZipEntry, type ZipLimits, ZipRefused, zipEntries } from '../../zip/reader.js';

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

type Limits = Pick<typeof PackageLimits, 'maxEntries' | 'maxUnpackedBytes' | 'maxEntryBytes'>;

const zipLimits = (limits: Limits): ZipLimits => ({
  maxEntries: limits.maxEntries,
  maxTotalBytes: limits.maxUnpackedBytes,
  maxEntryBytes: limits.maxEntryBytes,
});

/** The shared zip reader's refusals in a package's words. */
function refusal(error: unknown, limits: Limits): unknown {
  if (!(error instanceof ZipRefused)) return error;
  switch (error.reason) {
    case 'tooManyEntries':
      return new PackageRefused('package.tooManyEntries', { limit: limits.maxEntries });
    case 'tooBig':
      return new PackageRefused('package.tooBig');
    case 'unsafePath':
      return new PackageRefused('package.unsafePath', { name: error.entry });
    case 'link':
      return new PackageRefused('package.link', { name: error.entry });
    default:
      return new PackageRefused('package.unreadable');
  }
}

export interface Extracted {
  /** Entry names written under the target directory. */
  names: string[];
  bytes: number;
}

/**
 * Unpacks a package into `target` (a fresh staging directory), refusing as it goes (zip/reader.ts):
 * too many entries, a path leaving the target (absolute, `..`, a drive, backslashes), links, more
 * bytes than the limits — counted from what inflating really produces, whatever the headers say — and
 * here: names a package does not hold, archives inside.
 */
export async function extractPackage(file: string, target: string, limits: Limits = PackageLimits): Promise<Extracted> {
  const names: string[] = [];
  let bytes = 0;
  try {
    for await (const entry of zipEntries(file, zipLimits(limits))) {
      const name = entry.name;
      if (entry.directory) continue;
      if (ARCHIVE_NAME.test(name) && !name.startsWith('files/')) throw new PackageRefused('package.nested', { name });
      if (!ENTRY_NAME.test(name)) throw new PackageRefused('package.invalid', { reason: name });
      bytes += await inflateTo(entry, path.join(target, name));
      names.push(name);
    }
    return { names, bytes };
  } catch (error) {
    throw refusal(error, limits);
  }
}

/** Inflates one entry to disk; refuses an archive outside files/. */
async function inflateTo(entry: ZipEntry, out: string): Promise<number> {
  await fs.promises.mkdir(path.dirname(out), { recursive: true });
  const stored = entry.name.startsWith('files/');
  let own = 0;
  async function* checked(input: AsyncIterable<Buffer>) {
    for await (const chunk of input) {
      if (own === 0 && !stored && isArchive(chunk)) throw new PackageRefused('package.nested', { name: entry.name });
      own += chunk.length;
      yield chunk;
    }
  }
  try {
    await pipeline(entry.inflate(), checked, fs.createWriteStream(out, { flags: 'wx' }));
  } catch (error) {
    throw error instanceof PackageRefused || error instanceof ZipRefused
      ? error
      : new PackageRefused('package.unreadable');
  }
  return own;
}

/** Only manifest.json of a package, read into memory (at most `maxManifestBytes`), for a preview. */
export async function readManifestText(file: string): Promise<string> {
  const limits = {
    maxEntries: PackageLimits.maxEntries,
    maxTotalBytes: PackageLimits.maxManifestBytes,
    maxEntryBytes: PackageLimits.maxManifestBytes,
  };
  try {
    for await (const entry of zipEntries(file, limits)) {
      if (entry.name !== 'manifest.json') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of entry.inflate()) chunks.push(chunk);
      return Buffer.concat(chunks).toString('utf8');
    }
  } catch (error) {
    throw refusal(error, PackageLimits);
  }
  throw new PackageRefused('package.invalid', { reason: 'manifest.json' });
}
