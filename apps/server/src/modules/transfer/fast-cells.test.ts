import { fieldType } from '@canopy/fields';
import { describe, expect, it } from 'vitest';
import type { FieldsTable } from '../../db/schema.js';
import { settingsOf } from '../records/validation.js';
import { compileImportCell, type NameBook } from './cells.js';
import { fastDay, fastMoment, fastNumber, MISS } from './fast-cells.js';

const field = (type: string, settings: object = {}) =>
  ({ code: 'f', name: '字段', type, settings: JSON.stringify(settings) }) as FieldsTable;
const names: NameBook = {
  members: new Map(),
  departments: new Map(),
  memberByName: new Map(),
  departmentByName: new Map(),
};

/** The general path of an import cell: the cell reader, the type's parse and toStorage. */
function general(f: FieldsTable, cell: unknown): { ok: true; stored: unknown } | { ok: false } {
  const type = fieldType(f.type);
  if (!type) throw new Error(f.type);
  const settings = settingsOf(f);
  const result = type.parse(compileImportCell(f, names)(cell), settings);
  return result.ok && result.value !== null
    ? { ok: true, stored: type.toStorage(result.value, settings) }
    : { ok: false };
}

/** Every input the fast reader answers, it answers as the general path does; returns how many it answered. */
function agrees(f: FieldsTable, fast: (cell: unknown) => unknown, inputs: unknown[]): number {
  let hits = 0;
  for (const cell of inputs) {
    const stored = fast(cell);
    if (stored === MISS) continue;
    hits += 1;
    const slow = general(f, cell);
    expect(slow, JSON.stringify(cell)).toEqual({ ok: true, stored });
    expect(Object.is(stored, (slow as { stored: unknown }).stored), JSON.stringify(cell)).toBe(true);
  }
  return hits;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const YEARS = [0, 1, 4, 99, 100, 999, 1000, 1600, 1900, 1970, 1999, 2000, 2023, 2024, 2100, 9999];

describe('fast import cells (issue 15): the same stored values as the general path', () => {
  it('dates: every month and day of leap and common years, and what is not a plain date', () => {
    const inputs: unknown[] = [];
    for (const y of YEARS)
      for (let m = 0; m <= 13; m++) for (let d = 0; d <= 32; d++) inputs.push(`${pad(y, 4)}-${pad(m)}-${pad(d)}`);
    const f = field('date');
    const hits = agrees(f, fastDay, inputs);
    expect(hits).toBe(YEARS.reduce((n, y) => n + (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 366 : 365), 0));
    expect(fastDay('2024-02-29')).toBe('2024-02-29');
    for (const odd of [
      '2023-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      ' 2026-01-05',
      '2026-01-05 ',
      '2026/01/05',
      '2026-1-5',
      '2026年1月5日',
      '',
      '   ',
      null,
      undefined,
      20260105,
      new Date(0),
      '２０２６-01-05',
      "'2026-01-05",
    ])
      expect(fastDay(odd), String(odd)).toBe(MISS);
    // What the fast reader leaves, the general path still reads as before.
    expect(general(f, '2026/1/5')).toEqual({ ok: true, stored: '2026-01-05' });
    expect(general(f, ' 2026-01-05 ')).toEqual({ ok: true, stored: '2026-01-05' });
    expect(general(f, '2023-02-29')).toEqual({ ok: false });
  });

  it('date-times: read as UTC+8 like the general path, whatever the spelling it takes', () => {
    const inputs: unknown[] = [];
    for (const y of YEARS)
      for (const [m, d] of [
        [1, 1],
        [2, 28],
        [2, 29],
        [2, 30],
        [3, 1],
        [4, 31],
        [12, 31],
        [0, 5],
        [13, 1],
        [6, 0],
        [6, 32],
      ] as const)
        for (const [h, mi, s] of [
          [0, 0, 0],
          [7, 59, 59],
          [8, 0, 0],
          [23, 59, 59],
          [24, 0, 0],
          [12, 60, 0],
          [12, 0, 60],
          [5, 5, 5],
        ] as const) {
          const day = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
          inputs.push(
            `${day} ${pad(h)}:${pad(mi)}:${pad(s)}`,
            `${day}T${pad(h)}:${pad(mi)}:${pad(s)}`,
            `${day} ${pad(h)}:${pad(mi)}`,
            day,
          );
          inputs.push(`${pad(y, 4)}/${m}/${d} ${h}:${pad(mi)}`, `${pad(y, 4)}.${m}-${d}T${h}:${pad(mi)}:${pad(s)}`);
        }
    inputs.push(
      '2026-01-05 8:30',
      '2026-01-05 08:30:00Z',
      '2026-01-05T08:30:00+08:00',
      '2026-01-05T08:30:00.000Z',
      '2026-01-05 08:30:0',
      '2026-01-05 08:3',
      '2026-01-05 ',
      ' 2026-01-05 08:30',
      '2026-01-05  08:30',
      '2026-01-05T',
      '2026-001-05',
      '20261-01-05',
      '2026-01-050',
      '2026-01-05 083:00',
      '',
      null,
      1767580200000,
    );
    const f = field('datetime');
    const hits = agrees(f, fastMoment, inputs);
    expect(hits).toBeGreaterThan(1000);
    expect(fastMoment('2026-09-04 00:46:00')).toBe(Date.parse('2026-09-03T16:46:00Z'));
    expect(fastMoment('2024-02-29 23:59:59')).toBe(Date.parse('2024-02-29T15:59:59Z'));
    expect(fastMoment('0001-01-01 07:00:00')).toBe(Date.parse('0000-12-31T23:00:00Z'));
    for (const odd of [
      '2023-02-29 10:00:00',
      '2026-01-05 24:00:00',
      '0000-01-01 00:00:00',
      '2026-01-05T08:30:00Z',
      ' 2026-01-05',
    ])
      expect(fastMoment(odd), odd).toBe(MISS);
  });

  it('numbers: rounded and bounded as the type does; separators, blanks and bad values take the general path', () => {
    const inputs = [
      '0',
      '-0',
      '+0',
      '1',
      '-1',
      '12345678901234567890',
      '0.5',
      '1.005',
      '2.675',
      '-2.5',
      '0.125',
      '.5',
      '5.',
      '1e3',
      '1E-3',
      '1e400',
      '-1e400',
      '1.2.3',
      '--1',
      '+-1',
      'e',
      '.',
      '-',
      '+',
      '',
      ' 1',
      '1 ',
      '1,234',
      '¥12',
      'NaN',
      'Infinity',
      '0x10',
      '1_000',
      '0.00005',
      '4.99999',
      '5.04',
      '5.06',
      '-0.04',
      '9007199254740993',
      "'-5",
      '１２',
    ];
    for (const settings of [
      { precision: 0, min: null, max: null },
      { precision: 1, min: 0, max: 5 },
      { precision: 2, min: null, max: null, currency: 'CNY' },
      { precision: 4, min: -1, max: 1 },
    ]) {
      for (const type of ['number', 'money', 'percent']) {
        const f = field(type, settings);
        const fast = fastNumber(settingsOf(f) as { precision: number; min: number | null; max: number | null });
        const hits = agrees(f, fast, inputs);
        expect(hits).toBeGreaterThan(5);
        expect(fast('1,234')).toBe(MISS);
        expect(fast(12)).toBe(MISS);
      }
    }
    const score = fastNumber({ precision: 1, min: 0, max: 5 });
    expect(score('5.06')).toBe(MISS); // rounds to 5.1, over the max: the general path names it
    expect(score('5.04')).toBe(5);
  });
});
