import fs from 'node:fs/promises';
import zlib from 'node:zlib';

/**
 * The PDF's font: Noto Sans SC (SIL Open Font License), committed with the server in
 * `apps/server/assets/fonts` (README there: source, checksums, licence) — the whole font, every
 * Chinese character, in WOFF. pdfkit embeds only the glyphs a document uses, so a PDF stays a few
 * kilobytes per page of text.
 */
const FILES = {
  regular: new URL('../../../assets/fonts/NotoSansSC-Regular.woff', import.meta.url),
  bold: new URL('../../../assets/fonts/NotoSansSC-Bold.woff', import.meta.url),
} as const;

/**
 * A WOFF file as the plain font (sfnt) it wraps: each table inflated with Node's zlib. Done once
 * per process (≈0.1 s); fontkit would otherwise inflate the big glyph table for every document.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  let log2 = 0;
  while (1 << (log2 + 1) <= count) log2++;
  const range = (1 << log2) * 16;
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(range, 6);
  head.writeUInt16BE(log2, 8);
  head.writeUInt16BE(count * 16 - range, 10);
  const bodies: Buffer[] = [];
  let offset = head.length;
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const start = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(start, start + compressed);
    const data = compressed < length ? zlib.inflateSync(raw) : raw;
    const at = 12 + i * 16;
    head.writeUInt32BE(woff.readUInt32BE(entry), at);
    head.writeUInt32BE(woff.readUInt32BE(entry + 16), at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(length, at + 12);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([head, ...bodies]);
}

let loaded: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

/** The regular and bold faces, read and unwrapped on first use and kept. */
export function printFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  loaded ??= (async () => {
    const [regular, bold] = await Promise.all(
      [FILES.regular, FILES.bold].map(async (f) => woffToSfnt(await fs.readFile(f))),
    );
    return { regular: regular as Buffer, bold: bold as Buffer };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
