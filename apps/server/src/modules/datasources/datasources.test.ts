import { describe, expect, it } from 'vitest';
import { isRefusedAddress as refused } from '../../net/guard.js';
import { inferJsonColumns, mapDatabaseType, toStored } from './columns.js';
import { arrayPaths, checkReadOnlyQuery, SourceFailure } from './connectors.js';
import { sourceReach } from './own-database.js';
import { SecretBox } from './secrets.js';

describe('secrets', () => {
  it('seals with a fresh IV, opens with the same key only, refuses a changed value', () => {
    const box = SecretBox.fromSetting('a passphrase');
    const a = box.seal('s3cret');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('s3cret');
    expect(box.seal('s3cret')).not.toBe(a);
    expect(box.open(a)).toBe('s3cret');
    expect(() => SecretBox.fromSetting('another').open(a)).toThrow();
    const [head, tag, data = ''] = a.split('.');
    const flipped = `${head}.${tag}.${data.startsWith('A') ? `B${data.slice(1)}` : `A${data.slice(1)}`}`;
    expect(() => box.open(flipped)).toThrow();
    expect(box.seal('')).toBe('');
    expect(SecretBox.fromSetting('ab'.repeat(32)).open(SecretBox.fromSetting('ab'.repeat(32)).seal('x'))).toBe('x');
  });
});

describe('read-only queries', () => {
  it('takes one SELECT or WITH, ignoring semicolons in text and comments', () => {
    expect(checkReadOnlyQuery("select ';' as x -- ; drop\n;")).toBe("select ';' as x -- ; drop\n");
    expect(checkReadOnlyQuery('WITH a AS (select 1) select * from a')).toContain('WITH');
    for (const q of [
      'delete from t',
      'select 1; drop table t',
      'update t set a = 1',
      '/* select */ insert into t values (1)',
    ])
      expect(() => checkReadOnlyQuery(q)).toThrow(SourceFailure);
  });
});

describe('addresses', () => {
  const isRefusedAddress = (address: string, allowPrivate: boolean) => refused(address, sourceReach(allowPrivate));
  it('never link-local or metadata; private only when allowed', () => {
    expect(isRefusedAddress('169.254.169.254', true)).toBe(true);
    expect(isRefusedAddress('::ffff:169.254.169.254', true)).toBe(true);
    expect(isRefusedAddress('100.100.100.200', true)).toBe(true);
    expect(isRefusedAddress('fe80::1', true)).toBe(true);
    expect(isRefusedAddress('127.0.0.1', true)).toBe(false);
    expect(isRefusedAddress('10.1.2.3', true)).toBe(false);
    expect(isRefusedAddress('10.1.2.3', false)).toBe(true);
    expect(isRefusedAddress('93.184.216.34', false)).toBe(false);
  });
});

describe('column mapping', () => {
  it('maps database types and JSON values to field types', () => {
    expect(mapDatabaseType('varchar', { length: 100 }).fieldType).toBe('text');
    expect(mapDatabaseType('varchar', { length: 4000 }).fieldType).toBe('textarea');
    expect(mapDatabaseType('tinyint', { bit1: true }).fieldType).toBe('checkbox');
    expect(mapDatabaseType('numeric', { scale: 2 })).toMatchObject({ fieldType: 'number', precision: 2 });
    expect(mapDatabaseType('timestamptz').fieldType).toBe('datetime');
    expect(mapDatabaseType('jsonb').fieldType).toBe('textarea');
    expect(
      inferJsonColumns([{ a: 1.25, b: '2026-01-01', c: '2026-01-01T10:00:00Z', d: { x: 1 }, e: null }]).map(
        (c) => c.fieldType,
      ),
    ).toEqual(['number', 'date', 'datetime', 'textarea', 'text']);
    expect(arrayPaths({ meta: {}, data: { rows: [{ a: 1 }] }, tags: ['x'] })).toEqual(['data.rows']);
  });

  it('stores values as the field keeps them; unreadable ones stay empty', () => {
    expect(toStored('checkbox', 't')).toBe(1);
    expect(toStored('checkbox', 0)).toBe(0);
    expect(toStored('number', '12.5')).toBe(12.5);
    expect(toStored('number', 'abc')).toBeNull();
    expect(toStored('date', new Date('2026-05-06T00:00:00Z'))).toBe('2026-05-06');
    expect(toStored('datetime', '2026-05-06 10:00:00')).toBe(Date.parse('2026-05-06T10:00:00Z'));
    expect(toStored('datetime', '2026-05-06T10:00:00+08:00')).toBe(Date.parse('2026-05-06T02:00:00Z'));
    expect(toStored('text', { a: 1 })).toBe('{"a":1}');
    expect([...(toStored('text', 'x'.repeat(600)) as string)].length).toBe(500);
  });
});
