import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RecordLimits } from '@canopy/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { CsvReader, CsvRowTooBig, csvChunks } from './csv.js';
import { readSheetChunks, SheetError } from './sheets.js';

/** What csv-parse reads with the options our reader replaces (csv.ts). */
const oracle = (text: string) =>
  parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }) as string[][];

/** Our reader fed `text` in pieces of `size` characters. */
function inPieces(text: string, size: number, max = 1 << 30): string[][] {
  const reader = new CsvReader(max);
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += size) rows.push(...reader.push(text.slice(i, i + size)));
  rows.push(...reader.end());
  return rows;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-csv-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};
const all = async (p: string, max: number = RecordLimits.importMaxRowChars) => {
  const rows: string[][] = [];
  for await (const chunk of csvChunks(p, max)) rows.push(...chunk);
  return rows;
};

const samples = [
  'a,b,c\n1,2,3\n',
  '\ufeffname,note\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",\r\nlast,row',
  'a,b\r1,2\r\r3',
  '"",x\n""\n,\n,,\n\n\nend',
  'q"in,plain"text\n"ends"\n"a""",b\n',
  '中文,数据\n"含\r\n换行","引号""内"\n',
  'trailing,comma,\nno newline at end',
  '"quoted at end"',
];

describe('our CSV reader', () => {
  it('reads what csv-parse reads, wherever the chunks end', () => {
    for (const text of samples) {
      const want = oracle(text);
      for (const size of [1, 2, 3, 5, 7, 64, text.length])
        expect(inPieces(text, size), `${size}: ${text}`).toEqual(want);
    }
  });

  it('reads rows and quoted fields that span the 1 MiB chunks of a file', async () => {
    // Quoted fields of ~600,000 characters (line ends, quotes, commas inside) and plain ones of
    // 200,000: many of them straddle a chunk's end.
    const quoted = '长文本 "引号" 与,逗号\r\n'.repeat(30_000).replaceAll('"', '""');
    const plain = 'x'.repeat(200_000);
    const lines = ['id,text,more'];
    for (let i = 0; i < 2_000; i++)
      lines.push(`${i},"${i % 500 === 0 ? quoted : `v${i}`}",${i % 97 === 0 ? plain : i}`);
    const text = `${lines.join('\r\n')}\r\n`;
    expect(text.length).toBeGreaterThan(4 << 20);
    expect(await all(file('spans.csv', text))).toEqual(oracle(text));
  });

  it('refuses a row past the limit as soon as it is read past it, naming the row', () => {
    const reader = new CsvReader(1 << 20);
    const head = 'name,note\nfirst,ok\n"unclosed,';
    expect(reader.push(head)).toEqual([
      ['name', 'note'],
      ['first', 'ok'],
    ]);
    const mib = 'z'.repeat(1 << 20);
    let pushed = 0;
    let error: unknown;
    try {
      for (; pushed < 8; pushed++) reader.push(mib);
    } catch (e) {
      error = e;
    }
    // The second MiB of the row is where it passes the limit: the rest is never read.
    expect(pushed).toBe(0);
    expect(error).toBeInstanceOf(CsvRowTooBig);
    expect((error as CsvRowTooBig).row).toBe(3);
  });

  it('fails an imported sheet with an unclosed quote of several MiB by a SheetError naming the row', async () => {
    const text = `名称,备注\n一,正常\n二,"没有结束引号${'很长的内容，'.repeat(1_000_000)}\n三,后面的行\n`;
    expect(text.length).toBeGreaterThan(5 << 20);
    const p = file('unclosed.csv', text);
    const read = async () => {
      for await (const _ of readSheetChunks(p, 'csv', 2_000));
    };
    const error = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SheetError);
    expect(error).toMatchObject({ key: 'import.rowTooBig', params: { row: 3, mb: 1 } });
  });

  it('keeps a long row under the limit, across chunks', async () => {
    const long = 'y'.repeat((1 << 20) - 100);
    const text = `a,b\n"${long}",1\n2,3\n`;
    const rows = await all(file('long.csv', text));
    expect(rows).toEqual([
      ['a', 'b'],
      [long, '1'],
      ['2', '3'],
    ]);
  });
});
