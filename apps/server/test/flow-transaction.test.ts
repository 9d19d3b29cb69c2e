import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/modules/workflow/flow-run.js';
import { createTestDatabase, type TestDatabase, testDialect } from './database.js';

/** The flow actions' transaction runner: a deadlock's victim runs again instead of failing. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

const db = () => database.handle.db;

/** A promise and its resolver: a point both transactions reach before going on. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('inTransaction', () => {
  it('runs a deadlock victim again and keeps only the successful run', async () => {
    let attempts = 0;
    const result = await inTransaction(db(), async (trx) => {
      attempts += 1;
      await trx
        .insertInto('todo_counts')
        .values({ engine_code: 'e', member_id: `m${attempts}`, open_items: 1 })
        .execute();
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(2);
    const rows = await db().selectFrom('todo_counts').select('member_id').where('engine_code', '=', 'e').execute();
    expect(rows.map((r) => r.member_id)).toEqual(['m2']);
  });

  it('gives up on other errors at once', async () => {
    let attempts = 0;
    await expect(
      inTransaction(db(), async () => {
        attempts += 1;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(attempts).toBe(1);
  });

  it.runIf(testDialect() === 'postgres')(
    'two actions taking two members’ count rows in opposite orders both commit',
    async () => {
      await db()
        .insertInto('todo_counts')
        .values([
          { engine_code: 'x', member_id: 'frank', open_items: 0 },
          { engine_code: 'x', member_id: 'bob', open_items: 0 },
        ])
        .execute();
      const bump = (trx: typeof database.handle.db, member: string) =>
        trx
          .updateTable('todo_counts')
          .set({ open_items: sql`open_items + 1` })
          .where('engine_code', '=', 'x')
          .where('member_id', '=', member)
          .execute();
      // Both hold their first row before either asks for its second: PostgreSQL must pick a victim.
      const aHolds = gate();
      const bHolds = gate();
      let tries = 0;
      const action = (first: string, second: string, mine: ReturnType<typeof gate>, theirs: ReturnType<typeof gate>) =>
        inTransaction(db(), async (trx) => {
          tries += 1;
          await bump(trx, first);
          mine.open();
          await theirs.opened;
          await bump(trx, second);
        });
      await Promise.all([action('frank', 'bob', aHolds, bHolds), action('bob', 'frank', bHolds, aHolds)]);
      expect(tries).toBe(3);
      const rows = await db()
        .selectFrom('todo_counts')
        .select(['member_id', 'open_items'])
        .where('engine_code', '=', 'x')
        .orderBy('member_id')
        .execute();
      expect(rows).toEqual([
        { member_id: 'bob', open_items: 2 },
        { member_id: 'frank', open_items: 2 },
      ]);
    },
  );
});
