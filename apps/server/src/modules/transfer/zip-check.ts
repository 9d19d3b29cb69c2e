import fs from 'node:fs';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';

/** An xlsx holds a handful of parts; thousands of entries is not a sheet. */
const MAX_ENTRIES = 2_000;
const CENTRAL_DIRECTORY_SIGNATURE = 0x02014b50;
/** Inflated output per chunk: big chunks make counting a gigabyte quick. */
const CHUNK = 1024 * 1024;

export type ZipVerdict = 'ok' | 'unreadable' | 'tooBig';

class Refused extends Error {
  constructor(readonly verdict: Exclude<ZipVerdict, 'ok'>) {
    super(verdict);
  }
}

/** Where an entry's bytes lie in the file: its local header to the end of its data. */
interface Span {
  start: number;
  end: number;
  /** A data descriptor (12 to 24 bytes) follows the data. */
  descriptor: boolean;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: false }, (err, zip) =>
      err || !zip ? reject(new Refused('unreadable')) : resolve(zip),
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
      reject(new Refused('unreadable'));
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
      err || !stream ? reject(new Refused('unreadable')) : resolve(stream),
    );
  });
}

/** Inflates one entry, adding its bytes to `counted` as they come; stops past `maxBytes`. */
async function inflateCounting(zip: yauzl.ZipFile, entry: yauzl.Entry, counted: number, maxBytes: number) {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new Refused('unreadable');
  const raw = await rawStream(zip, entry);
  const stream = entry.compressionMethod === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: CHUNK })) : raw;
  raw.on('error', (error) => stream.destroy(error));
  let bytes = counted;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new Refused('tooBig');
    }
  } catch (error) {
    throw error instanceof Refused ? error : new Refused('unreadable');
  } finally {
    raw.destroy();
    stream.destroy();
  }
  return bytes;
}

/**
 * The entries the central directory lists must cover every byte before it, one after another from
 * the start. The sheet library reads the zip's local headers front to back, not the directory: an
 * entry only there (a bomb hidden between listed ones) would otherwise be inflated unchecked.
 */
async function checkNothingHidden(path: string, spans: Span[]): Promise<void> {
  const ends = (s: Span) => (s.descriptor ? [12, 16, 20, 24].map((n) => s.end + n) : [s.end]);
  let expected = [0];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (!expected.includes(span.start)) throw new Refused('unreadable');
    expected = ends(span);
  }
  const file = await fs.promises.open(path, 'r');
  try {
    const word = Buffer.alloc(4);
    for (const at of expected) {
      const { bytesRead } = await file.read(word, 0, 4, at);
      if (bytesRead === 4 && word.readUInt32LE(0) === CENTRAL_DIRECTORY_SIGNATURE) return;
    }
  } finally {
    await file.close();
  }
  throw new Refused('unreadable');
}

/**
 * Whether an xlsx (a zip) may be handed to the sheet library: not too many entries, no paths outside
 * itself, no bytes the directory does not list, and at most `maxBytes` unpacked. The sizes a zip
 * declares are only a first check — a crafted file can declare a few bytes and inflate to gigabytes —
 * so every entry is inflated here and its bytes counted as they come, stopping at the limit (cheap:
 * nothing is parsed, and at most `maxBytes` are ever inflated).
 */
export async function inspectZip(path: string, maxBytes: number): Promise<ZipVerdict> {
  let zip: yauzl.ZipFile | null = null;
  try {
    zip = await openZip(path);
    // Errors between reads (a stream's) are answered where they surface; this one only keeps them quiet.
    zip.on('error', () => undefined);
    const spans: Span[] = [];
    let bytes = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = entry.fileName;
      if (spans.length >= MAX_ENTRIES || name.startsWith('/') || name.includes('..') || entry.isEncrypted())
        throw new Refused('unreadable');
      // An honest header already over the limit needs no inflating.
      if (bytes + entry.uncompressedSize > maxBytes) throw new Refused('tooBig');
      const header = await zip.readLocalFileHeaderPromise(entry, { minimal: true }).catch(() => {
        throw new Refused('unreadable');
      });
      spans.push({
        start: entry.relativeOffsetOfLocalHeader,
        end: header.fileDataStart + entry.compressedSize,
        descriptor: (entry.generalPurposeBitFlag & 0x8) !== 0,
      });
      if (!name.endsWith('/')) bytes = await inflateCounting(zip, entry, bytes, maxBytes);
    }
    await checkNothingHidden(path, spans);
    return 'ok';
  } catch (error) {
    if (error instanceof Refused) return error.verdict;
    return 'unreadable';
  } finally {
    zip?.close();
  }
}
