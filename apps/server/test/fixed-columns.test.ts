import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { AccountRepository } from '../src/modules/account/repository.js';
import { AppRepository } from '../src/modules/apps/repository.js';
import { SchemaContextRepository } from '../src/modules/schema-context/repository.js';
import { testDialect } from './database.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';

/**
 * Fixed statements (db/fixed.ts) are named prepared statements on PostgreSQL, kept per connection.
 * One that read `*` failed after a migration added a column to its table ("cached plan must not
 * change result type"), and inside a transaction that failure aborted the transaction. They name
 * their columns now: a column added under a kept statement changes nothing.
 */
let server: TestServer;
let db: Kysely<Database>;
let engine: string;
let appCode: string;
let schemaCode: string;
let sessionId: string;
let userId: string;
const now = Date.now();

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.handle.db;
  const team = await createTeam(server, '固定语句');
  engine = team.engineCode;
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '应用' } })).json.data.code;
  schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '表' } })
  ).json.data.code;
  const field = await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${schemaCode}/fields`, {
    body: { name: '名称', type: 'text' },
  });
  expect(field.status, JSON.stringify(field.json)).toBe(200);
  const session = await db.selectFrom('sessions').select(['id', 'user_id']).executeTakeFirstOrThrow();
  sessionId = session.id;
  userId = session.user_id;
});
afterAll(async () => server?.close());

/** Every fixed statement that read whole rows, through the repositories that run them. */
async function readAll(on: Kysely<Database>) {
  const fields = await new SchemaContextRepository(on).fields(schemaCode);
  const app = await new AppRepository(on).find(engine, appCode);
  const session = await new AccountRepository(on).findLiveSession(sessionId, now);
  return { fields, app, session };
}

// SQLite keeps every select prepared (StatementCache) and prepares it again itself; run there too.
describe(`fixed statements after a migration adds a column (${testDialect()})`, () => {
  it('keep working on the connection that prepared them, inside a transaction and outside', async () => {
    // One pooled connection throughout: the one whose named statements were prepared.
    await db.connection().execute(async (conn) => {
      const before = await readAll(conn);
      expect(before.fields.map((f) => f.name)).toContain('名称');
      expect(before.app?.display_name).toBe('应用');
      expect(before.session?.user.id).toBe(userId);
      for (const table of ['fields', 'apps', 'users'])
        await sql`alter table ${sql.table(table)} add column later_added text`.execute(conn);
      // In a transaction first: a failing kept plan there would abort the transaction, no retry.
      const inside = await conn.transaction().execute((trx) => readAll(trx));
      expect(inside).toEqual(before);
      expect(await readAll(conn)).toEqual(before);
      // The rows carry what the code knows, not the added column.
      expect(inside.fields[0]).not.toHaveProperty('later_added');
    });
  });
});
