/**
 * A CSV sheet of N seeded rows for the million-row table, the way a person would fill one in: a
 * header row of field names, then option labels for selects, member and department names (lists
 * joined by 、), 是/否 for checkboxes, dates as YYYY-MM-DD and times as 'YYYY-MM-DD HH:mm:ss' in
 * UTC+8 — the way the product's own export writes them (UTF-8 with a BOM, as spreadsheets write).
 * It refers to people and departments by name only, so it fits any data set generate.ts made.
 * Free text and links are shorter than in the generated table so that 1,000,000 rows stay under the
 * product's 200 MiB sheet limit (RecordLimits.importMaxBytes).
 *
 *   npx tsx bench/src/million/csv.ts --rows 1m --out /tmp/orders-1m.csv
 */

import { once } from 'node:events';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { isMain } from './common.js';
import { FIELDS, rowGenerator, type SelectOption } from './dataset.js';
import { DEPARTMENTS, OWNER_NAME, PEOPLE } from './generate.js';

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A value as a person types it into a sheet, by field type. */
function cell(type: string, settings: Record<string, unknown> | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  const label = (id: unknown) =>
    ((settings?.options as SelectOption[] | undefined) ?? []).find((o) => o.id === id)?.label ?? String(id);
  switch (type) {
    case 'singleSelect':
      return label(value);
    case 'multiSelect':
    case 'member':
    case 'department':
      return (value as unknown[]).map((v) => (type === 'multiSelect' ? label(v) : String(v))).join('、');
    case 'checkbox':
      return value ? '是' : '否';
    case 'datetime':
      // As the export writes it: local time of the default zone (UTC+8), no zone in the text.
      return new Date(Date.parse(String(value)) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    default:
      return String(value);
  }
}

export async function writeCsv(file: string, rows: number, seed: number): Promise<number> {
  const names = [OWNER_NAME, ...PEOPLE.map(([name]) => name)];
  const next = rowGenerator(
    seed,
    {
      creators: [{ memberId: OWNER_NAME, weight: 1 }],
      memberIds: names,
      departmentIds: [...DEPARTMENTS],
    },
    true,
  );
  const out = fs.createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`\ufeff${FIELDS.map((f) => quote(f.name)).join(',')}\r\n`);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const r = next(i);
    chunk += `${FIELDS.map((f) => quote(cell(f.type, f.settings, r.values[f.key]))).join(',')}\r\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  out.end();
  await once(out, 'finish');
  return fs.statSync(file).size;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '1000000' }, out: { type: 'string' }, seed: { type: 'string' } },
  });
  const rows = Number(String(values.rows).toLowerCase().replace(/k$/, '000').replace(/m$/, '000000'));
  const file = values.out ?? `/tmp/canopy-orders-${rows}.csv`;
  const t = performance.now();
  const size = await writeCsv(file, rows, Number(values.seed ?? 7));
  console.log(
    `${file}: ${rows.toLocaleString('en')} rows, ${(size / 1048576).toFixed(0)} MiB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}
