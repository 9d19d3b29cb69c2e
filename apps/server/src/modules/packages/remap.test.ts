import { describe, expect, it } from 'vitest';
import { CodeMap, derivedId } from './remap.js';

describe('CodeMap', () => {
  it('gives fresh codes of the same shape and rewrites whole-word mentions only', () => {
    const codes = new CodeMap();
    const table = codes.add('n0123456789ab');
    const field = codes.add('f0123456789');
    expect(table).toMatch(/^n[0-9a-f]{12}$/);
    expect(field).toMatch(/^f[0-9a-f]{10}$/);
    expect(table).not.toBe('n0123456789ab');
    const text = JSON.stringify({
      schemaCode: 'n0123456789ab',
      table: 'd_n0123456789ab',
      column: 'f_f0123456789',
      [`f0123456789`]: { member: 'hidden' },
      longer: 'f0123456789a',
      inside: 'xf0123456789',
      other: 'n9999999999ab',
    });
    expect(JSON.parse(codes.rewrite(text))).toEqual({
      schemaCode: table,
      table: `d_${table}`,
      column: `f_${field}`,
      [field]: { member: 'hidden' },
      longer: 'f0123456789a',
      inside: 'xf0123456789',
      other: 'n9999999999ab',
    });
  });

  it('derives the same new id from the same old id and task, another from another task', () => {
    const old = '3f1c2d4e-0000-4000-8000-000000000001';
    expect(derivedId('task-1', old)).toBe(derivedId('task-1', old));
    expect(derivedId('task-1', old)).not.toBe(derivedId('task-2', old));
    expect(derivedId('task-1', old)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
