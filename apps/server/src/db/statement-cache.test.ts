import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCache } from './database.js';

function open() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, a text)');
  return new StatementCache(sqlite, 3);
}

describe('the SQLite statement cache', () => {
  it('hands out one statement per read or write text, and prepares DDL each time', () => {
    const cache = open();
    const read = cache.prepare('select * from t where id = ?');
    expect(cache.prepare('select * from t where id = ?')).toBe(read);
    expect(cache.prepare('insert into t (a) values (?)')).toBe(cache.prepare('insert into t (a) values (?)'));
    expect(cache.prepare('create index if not exists t_a on t (a)')).not.toBe(
      cache.prepare('create index if not exists t_a on t (a)'),
    );
    expect(cache.size).toBe(2);
  });

  it('a kept statement sees a column added after it was prepared', () => {
    const cache = open();
    cache.prepare('insert into t (a) values (?)').run(['x']);
    expect(cache.prepare('select * from t').all([])).toEqual([{ id: 1, a: 'x' }]);
    cache.prepare('alter table t add column b text').run([]);
    cache.prepare('update t set b = ?').run(['y']);
    expect(cache.prepare('select * from t').all([])).toEqual([{ id: 1, a: 'x', b: 'y' }]);
  });

  it('never hands out a statement a stream is still iterating', () => {
    const cache = open();
    for (const a of ['1', '2']) cache.prepare('insert into t (a) values (?)').run([a]);
    const first = cache.prepare('select a from t order by id');
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ a: '1' });
    const second = cache.prepare('select a from t order by id');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ a: '1' }, { a: '2' }]);
    rows.return?.();
    expect(cache.prepare('select a from t order by id')).toBe(first);
  });

  it('keeps at most its limit, dropping the least recently used', () => {
    const cache = open();
    const s1 = cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 3');
    cache.prepare('select 1'); // used again: now the most recent
    cache.prepare('select 4'); // drops "select 2"
    expect(cache.size).toBe(3);
    expect(cache.prepare('select 1')).toBe(s1);
  });
});
