import fs from 'node:fs';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';

/**
 * The one zip reader for files members upload: app packages (modules/packages) and xlsx imports
 * (modules/transfer). Whatever a zip's headers declare is only a first check — a crafted file can
 * declare a few bytes and inflate to gigabytes — so the bytes are counted as they inflate, stopping at
 * the limits (per entry and in total). Names are checked before an entry is handed out: paths that
 * leave a directory (absolute, a drive, `..`, `.`, backslashes, NUL), links and duplicate names are
 * refused, and so are more entries than allowed.
 */
export interface ZipLimits {
  maxEntries: number;
  /** Bytes every entry read inflates to, together. */
  maxTotalBytes: number;
  /** Bytes one entry inflates to. */
  maxEntryBytes: number;
}

export type ZipRefusal = 'unreadable' | 'tooManyEntries' | 'tooBig' | 'unsafePath' | 'link';

export class ZipRefused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    /** The entry's name, where one is to blame. */
    readonly entry = '',
  ) {
    super(entry ? `${reason}: ${entry}` : reason);
  }
}

export interface ZipOptions {
  /**
   * Refuse bytes the central directory does not list. A reader that walks the local headers front to
   * back (the sheet library does, not this one) would find an entry hidden between listed ones and
   * inflate it unchecked.
   */
  everyByteListed?: boolean;
}

export interface ZipEntry {
  /** The name as stored (UTF-8 or CP437), already checked. */
  readonly name: string;
  /** A directory entry (its name ends with `/`): nothing to read. */
  readonly directory: boolean;
  /** The inflated bytes, counted against the limits as they come (stored or deflated entries only). */
  inflate(): AsyncGenerator<Buffer>;
  /** Inflates the entry to nothing, counting it; answers its size. */
  drain(): Promise<number>;
}

/** Inflated output per chunk: big chunks make counting a gigabyte quick. */
const CHUNK = 1024 * 1024;
const CENTRAL_DIRECTORY_SIGNATURE = 0x02014b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** A name that could leave the directory it is unpacked into (or means something else elsewhere). */
export function unsafeName(name: string): boolean {
  return (
    name === '' ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.')
  );
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded and checked here (yauzl would refuse some with its own words, and with
    // strictFileNames off turn backslashes into slashes); sizes are counted, never trusted.
    yauzl.open(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false }, (err, zip) =>
      err || !zip ? reject(new ZipRefused('unreadable')) : resolve(zip),
    );
  });
}

/** The next entry of the central directory, or null after the last. */
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
    const onError = () => {
      done();
      reject(new ZipRefused('unreadable'));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function rawStream(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (err, stream) =>
      err || !stream ? reject(new ZipRefused('unreadable', name)) : resolve(stream),
    );
  });
}

/** Where an entry's bytes lie in the file: its local header to the end of its data. */
interface Span {
  start: number;
  end: number;
  /** A data descriptor (12 to 24 bytes) follows the data. */
  descriptor: boolean;
}

/**
 * The entries the central directory lists must cover every byte before it, one after another from
 * the start.
 */
async function checkNothingHidden(file: string, spans: Span[]): Promise<void> {
  const ends = (s: Span) => (s.descriptor ? [12, 16, 20, 24].map((n) => s.end + n) : [s.end]);
  let expected = [0];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (!expected.includes(span.start)) throw new ZipRefused('unreadable');
    expected = ends(span);
  }
  const handle = await fs.promises.open(file, 'r');
  try {
    const word = Buffer.alloc(4);
    for (const at of expected) {
      const { bytesRead } = await handle.read(word, 0, 4, at);
      if (bytesRead === 4 && word.readUInt32LE(0) === CENTRAL_DIRECTORY_SIGNATURE) return;
    }
  } finally {
    await handle.close();
  }
  throw new ZipRefused('unreadable');
}

/**
 * The entries of a zip, one at a time, in central-directory order; the file is closed when the loop
 * ends (or breaks, or throws). Throws `ZipRefused`. An entry must be read (or skipped) before the next
 * one is asked for.
 */
export async function* zipEntries(file: string, limits: ZipLimits, options: ZipOptions = {}): AsyncGenerator<ZipEntry> {
  const zip = await openZip(file);
  // Errors between reads (a stream's) are answered where they surface; this one only keeps them quiet.
  zip.on('error', () => undefined);
  const counted = { total: 0 };
  const seen = new Set<string>();
  const spans: Span[] = [];
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRefused('tooManyEntries');
    for (let raw = await nextEntry(zip); raw; raw = await nextEntry(zip)) {
      if (seen.size >= limits.maxEntries) throw new ZipRefused('tooManyEntries');
      const name = yauzl.getFileNameLowLevel(raw.generalPurposeBitFlag, raw.fileNameRaw, raw.extraFields, true);
      if (unsafeName(name)) throw new ZipRefused('unsafePath', name);
      if (((raw.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new ZipRefused('link', name);
      // Two entries of one name: tools differ on which one wins.
      if (seen.has(name)) throw new ZipRefused('unsafePath', name);
      seen.add(name);
      if (options.everyByteListed) {
        const entry = raw;
        const header = await zip.readLocalFileHeaderPromise(entry, { minimal: true }).catch(() => {
          throw new ZipRefused('unreadable', name);
        });
        spans.push({
          start: entry.relativeOffsetOfLocalHeader,
          end: header.fileDataStart + entry.compressedSize,
          descriptor: (entry.generalPurposeBitFlag & 0x8) !== 0,
        });
      }
      yield entryOf(zip, raw, name, limits, counted);
    }
    if (options.everyByteListed) await checkNothingHidden(file, spans);
  } finally {
    zip.close();
  }
}

function entryOf(
  zip: yauzl.ZipFile,
  raw: yauzl.Entry,
  name: string,
  limits: ZipLimits,
  counted: { total: number },
): ZipEntry {
  async function* inflate(): AsyncGenerator<Buffer> {
    if (raw.isEncrypted() || (raw.compressionMethod !== 0 && raw.compressionMethod !== 8))
      throw new ZipRefused('unreadable', name);
    // An honest header already over a limit needs no inflating.
    if (raw.uncompressedSize > limits.maxEntryBytes || counted.total + raw.uncompressedSize > limits.maxTotalBytes)
      throw new ZipRefused('tooBig', name);
    const source = await rawStream(zip, raw, name);
    const stream = raw.compressionMethod === 8 ? source.pipe(zlib.createInflateRaw({ chunkSize: CHUNK })) : source;
    source.on('error', (error) => stream.destroy(error));
    let own = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        own += chunk.length;
        counted.total += chunk.length;
        if (own > limits.maxEntryBytes || counted.total > limits.maxTotalBytes) throw new ZipRefused('tooBig', name);
        yield chunk;
      }
    } catch (error) {
      throw error instanceof ZipRefused ? error : new ZipRefused('unreadable', name);
    } finally {
      source.destroy();
      stream.destroy();
    }
  }
  return {
    name,
    directory: name.endsWith('/'),
    inflate,
    async drain() {
      let size = 0;
      for await (const chunk of inflate()) size += chunk.length;
      return size;
    },
  };
}
