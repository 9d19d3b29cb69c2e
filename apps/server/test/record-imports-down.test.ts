import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as recordImports from '../src/db/migrations/20261127T0100_record_imports.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * Migration 20261127T0100 down(): a bulk import's one entry (`record_imports`) goes back to one
 * `import` history row per record, first in each record's history, so undoing the migration loses
 * no import's history (the code before it read only `record_history`).
 */
let server: TestServer;
let team: TeamFixture;
let base: string;
let schemaCode: string;
let name: string;
const APP = { 'x-app-name': 'canopy-web' };
const ROWS = 1_203; // more than two of down()'s batches of 500

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '导入回退');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '回退' } })).json.data.code;
  schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '数据' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const field = await team.owner.request('POST', `${base}/fields`, { body: { name: '名称', type: 'text' } });
  expect(field.status, JSON.stringify(field.json)).toBe(200);
  name = field.json.data.code;
});
afterAll(async () => server?.close());

async function imported(file: string): Promise<void> {
  const csv = ['名称', ...Array.from({ length: ROWS }, (_, i) => `${file}${i}`)].join('\n');
  const job = (await team.owner.upload(`${base}/imports`, `${file}.csv`, Buffer.from(csv), APP)).json.data;
  const started = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
    body: { mapping: job.mapping, mode: 'skip' },
  });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  await expect
    .poll(async () => (await team.owner.request('GET', `${base}/imports/${job.id}`)).json.data.state, {
      timeout: 60_000,
    })
    .toBe('done');
}

describe('undoing the one-entry-per-import migration', () => {
  it('writes each imported record its own import row, first in its history', async () => {
    await imported('甲');
    await imported('乙');
    const db = server.database.handle.db as unknown as Kysely<unknown>;
    const entries = (
      await sql<{ member_id: string; created_at: number }>`select member_id, created_at from record_imports`.execute(db)
    ).rows;
    expect(entries).toHaveLength(2);
    const one = async (value: string) => {
      const res = await team.owner.request('POST', `${base}/records/query`, {
        body: { filter: { op: 'and', conditions: [{ field: name, operator: 'eq', value }] } },
      });
      expect(res.json.data.resultList, value).toHaveLength(1);
      return res.json.data.resultList[0] as { id: string; version: number };
    };
    const edited = await one('甲5');
    const deleted = await one('乙7');
    const patch = await team.owner.request('PATCH', `${base}/records/${edited.id}`, {
      body: { version: edited.version, data: { [name]: '改过' } },
    });
    expect(patch.status, JSON.stringify(patch.json)).toBe(200);
    const del = await team.owner.request('DELETE', `${base}/records/${deleted.id}?version=${deleted.version}`);
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    const before = (await team.owner.request('GET', `${base}/records/${edited.id}/history`)).json.data;
    expect(before.map((h: { action: string }) => h.action)).toEqual(['import', 'update']);

    await recordImports.down(db);

    const history = (
      await sql<{ record_id: string; action: string; member_id: string; changes: string; created_at: number }>`
        select record_id, action, member_id, changes, created_at from record_history
        where schema_code = ${schemaCode} order by id`.execute(db)
    ).rows;
    const imports = history.filter((h) => h.action === 'import');
    // Every record of both imports, the deleted one too, once.
    expect(imports).toHaveLength(2 * ROWS);
    expect(new Set(imports.map((h) => h.record_id)).size).toBe(2 * ROWS);
    expect(new Set(imports.map((h) => h.member_id))).toEqual(new Set(entries.map((e) => e.member_id)));
    expect(imports.every((h) => h.changes === '[]')).toBe(true);
    expect(new Set(imports.map((h) => Number(h.created_at)))).toEqual(
      new Set(entries.map((e) => Number(e.created_at))),
    );
    const of = (id: string) => history.filter((h) => h.record_id === id).map((h) => h.action);
    expect(of(edited.id)).toEqual(['import', 'update']);
    expect(of(deleted.id)).toEqual(['import', 'delete']);
    // The history the code before the migration read: the rows alone, in order.
    const tables = (
      await sql<{ n: number }>`select count(*) as n from record_history where action = 'import'`.execute(db)
    ).rows;
    expect(Number(tables[0]?.n)).toBe(2 * ROWS);
    await expect(sql`select count(*) from record_imports`.execute(db)).rejects.toThrow();
    // And up again: the table is back, empty (the rows stay per record).
    await recordImports.up(db);
    expect(Number((await sql<{ n: number }>`select count(*) as n from record_imports`.execute(db)).rows[0]?.n)).toBe(0);
  });
});
