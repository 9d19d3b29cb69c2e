import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RawEntry, rawZip } from '../../test/raw-zip.js';
import { checkZip, type SheetError } from '../modules/transfer/sheets.js';
import { type ZipLimits, ZipRefused, zipEntries } from './reader.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(bytes: Buffer): string {
  n += 1;
  const out = path.join(dir, `${n}.zip`);
  fs.writeFileSync(out, bytes);
  return out;
}

const MB = 1024 * 1024;
const LIMITS: ZipLimits = { maxEntries: 10, maxTotalBytes: 4 * MB, maxEntryBytes: 2 * MB };
const text = (name: string, body = 'x') => ({ name, data: Buffer.from(body), deflate: true });
/** Declares 100 bytes, inflates to `mb` MB. */
const bomb = (name: string, mb: number): RawEntry => ({ name, data: Buffer.alloc(mb * MB), deflate: true, claim: 100 });

/** Reads every entry through; answers name → size, or the refusal. */
async function readAll(bytes: Buffer, limits = LIMITS, everyByteListed = false) {
  const sizes: Record<string, number> = {};
  try {
    for await (const entry of zipEntries(file(bytes), limits, { everyByteListed }))
      sizes[entry.name] = await entry.drain();
    return sizes;
  } catch (error) {
    if (error instanceof ZipRefused) return `${error.reason}${error.entry ? ` ${error.entry}` : ''}`;
    throw error;
  }
}

describe('the zip reader', () => {
  it('reads stored and deflated entries and directories', async () => {
    const zip = rawZip([
      text('a.txt', 'hello'),
      { name: 'b/', data: Buffer.alloc(0) },
      { name: 'b/c', data: Buffer.from('stored') },
    ]);
    expect(await readAll(zip)).toEqual({ 'a.txt': 5, 'b/': 0, 'b/c': 6 });
    const chunks: Buffer[] = [];
    for await (const entry of zipEntries(file(zip), LIMITS))
      if (entry.name === 'a.txt') for await (const c of entry.inflate()) chunks.push(c);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
  });

  it('counts bytes as they inflate: per entry and in total, whatever the headers claim', async () => {
    expect(await readAll(rawZip([text('a'), bomb('big', 3)]))).toBe('tooBig big');
    expect(await readAll(rawZip([bomb('one', 2), bomb('two', 2), bomb('three', 1)]))).toBe('tooBig three');
    expect(await readAll(rawZip([bomb('one', 2), bomb('two', 2)]))).toEqual({ one: 2 * MB, two: 2 * MB });
    // An honest header over a limit is refused without inflating.
    expect(await readAll(rawZip([{ name: 'h', data: Buffer.alloc(10), claim: 3 * MB }]))).toBe('tooBig h');
    // An entry not read is not counted.
    const names: string[] = [];
    for await (const entry of zipEntries(file(rawZip([bomb('skipped', 3), text('read')])), LIMITS)) {
      names.push(entry.name);
      if (entry.name === 'read') await entry.drain();
    }
    expect(names).toEqual(['skipped', 'read']);
  });

  it('refuses too many entries', async () => {
    const many = Array.from({ length: 11 }, (_, i) => text(`f${i}`));
    expect(await readAll(rawZip(many))).toBe('tooManyEntries');
    expect(Object.keys(await readAll(rawZip(many.slice(0, 10))))).toHaveLength(10);
  });

  it('refuses path tricks, links and duplicate names, naming the entry', async () => {
    for (const name of ['../evil', 'a/../../evil', '/etc/passwd', 'C:/evil', 'c:evil', 'a\\..\\evil', './a', 'a\0b'])
      expect(await readAll(rawZip([text('ok'), text(name)])), name).toBe(`unsafePath ${name}`);
    expect(await readAll(rawZip([text('a'), text('a')]))).toBe('unsafePath a');
    expect(await readAll(rawZip([{ ...text('l', '/etc/passwd'), mode: 0o120777 }]))).toBe('link l');
    expect(await readAll(Buffer.from('PK\u0003\u0004 not a zip'))).toBe('unreadable');
  });

  it('refuses bytes its central directory does not list, when asked to', async () => {
    const hidden = rawZip([text('listed')], [bomb('hidden', 3)]);
    expect(await readAll(hidden)).toEqual({ listed: 1 });
    expect(await readAll(hidden, LIMITS, true)).toBe('unreadable');
    expect(await readAll(rawZip([text('a'), text('b')]), LIMITS, true)).toEqual({ a: 1, b: 1 });
  });
});

describe('an xlsx bomb', () => {
  const sheetPart = (rows: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
  const parts = (extra: RawEntry[]) =>
    rawZip([text('[Content_Types].xml', '<Types/>'), text('xl/worksheets/sheet1.xml', sheetPart('')), ...extra]);
  const refusal = (p: Promise<void>) =>
    p.then(
      () => 'ok',
      (e: SheetError) => `${e.key} ${JSON.stringify(e.params)}`,
    );

  it('is refused by the import check, in whichever part it hides, alone or spread over parts', async () => {
    expect(await refusal(checkZip(file(parts([])), 4 * MB))).toBe('ok');
    expect(await refusal(checkZip(file(parts([bomb('xl/sharedStrings.xml', 5)])), 4 * MB))).toBe(
      'import.unpackedTooBig {"mb":4}',
    );
    const spread = [1, 2, 3, 4, 5].map((i) => bomb(`xl/media/image${i}.png`, 1));
    expect(await refusal(checkZip(file(parts(spread)), 4 * MB))).toBe('import.unpackedTooBig {"mb":4}');
    expect(await refusal(checkZip(file(parts([text('../../evil')])), 4 * MB))).toBe('import.unreadable {}');
    expect(await refusal(checkZip(file(rawZip([text('a')], [bomb('xl/worksheets/sheet2.xml', 1)])), 4 * MB))).toBe(
      'import.unreadable {}',
    );
  });
});
