import ExcelJS from 'exceljs';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as applogTitlesBatched from '../src/db/migrations/20261127T0700_applog_titles_batched.js';
import { AppLogRepository } from '../src/modules/applog/repository.js';
import { appLogRetentionRound } from '../src/modules/applog/service.js';
import { indexLogTitles } from '../src/modules/applog/title-index.js';
import { moveHistoryEntries } from '../src/modules/audit/history-entries.js';
import { exportView } from './export-helpers.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { StatementLog } from './statements.js';
import { actOk, approveNode, flowWorld, members, newTable, publish, startFlow, startNode } from './workflow-helpers.js';

/** The application log (issue 14): entries written in each change's transaction, read by owners and admins. */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let base: string;
const log = new StatementLog();
const f: Record<string, string> = {};
const APP = { 'x-app-name': 'canopy-web' };

interface Entry {
  id: string;
  action: string;
  kind: string;
  appCode: string;
  schemaCode: string;
  recordId: string;
  recordTitle: string;
  memberId: string;
  memberName: string;
  createdAt: number;
}

async function entries(query: Record<string, string | number> = {}, client = team.owner): Promise<Entry[]> {
  const qs = new URLSearchParams(Object.entries({ limit: 100, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await client.request('GET', `/v1/applog?${qs}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList;
}

async function field(name: string, type: string): Promise<string> {
  const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

async function create(name: string, qty = 1) {
  const res = await team.owner.request('POST', `${base}/records`, {
    body: { data: { [f.name as string]: name, [f.qty as string]: qty } },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { id: string; version: number };
}

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [log] });
  team = await createTeam(server, '日志团队');
  member = await joinTeam(server, team, '普通成员');
  expect((await team.owner.request('PUT', '/v1/corp/features', { body: { featureList: ['Applog'] } })).status).toBe(
    200,
  );
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '仓库' } })).json.data.code;
  schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '货品' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  f.name = await field('名称', 'text');
  f.qty = await field('数量', 'number');
  expect((await team.owner.request('PUT', base, { body: { titleFieldCode: f.name } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('entries of records', () => {
  it('logs a create, an update with only its changed fields, and a delete, newest first', async () => {
    const rec = await create('螺丝钉', 5);
    const upd = await team.owner.request('PATCH', `${base}/records/${rec.id}`, {
      body: { version: rec.version, data: { [f.name as string]: '螺丝钉', [f.qty as string]: 7 } },
    });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    expect((await team.owner.request('DELETE', `${base}/records/${rec.id}?version=${rec.version + 1}`)).status).toBe(
      200,
    );
    const list = (await entries({ kind: 'record' })).filter((e) => e.recordId === rec.id);
    expect(list.map((e) => e.action)).toEqual(['record.delete', 'record.update', 'record.create']);
    expect(list[0]).toMatchObject({ appCode, schemaCode, recordTitle: '螺丝钉', memberId: team.memberId });
    const detail = (await team.owner.request('GET', `/v1/applog/entries/${list[1]?.id}`)).json.data;
    expect(detail.changes).toEqual([{ field: f.qty, name: '数量', from: 5, to: 7 }]);
    // The entries rode on the history rows, moved by the read (SQLite: past the cursor; PostgreSQL: tags cleared).
    const tags = await server.database.handle.db
      .selectFrom('record_history')
      .select('log')
      .where('record_id', '=', rec.id)
      .execute();
    expect(tags).toHaveLength(3);
    if (server.database.handle.dialect === 'postgres') expect(tags.every((t) => t.log === null)).toBe(true);
    else expect(tags.every((t) => JSON.parse(t.log ?? '{}').t === '螺丝钉')).toBe(true);
    expect(detail.schemaName).toBe('货品');
    expect(detail.appName).toBe('仓库');
  });

  it('logs a 500-row batch update through its history rows, and a failed batch leaves no entry', async () => {
    const created = (
      await team.owner.request('POST', `${base}/records/batch`, {
        body: {
          create: Array.from({ length: 500 }, (_, i) => ({
            data: { [f.name as string]: `批量${i}`, [f.qty as string]: i },
          })),
        },
      })
    ).json.data.created as { id: string; version: number }[];
    expect(created).toHaveLength(500);
    log.clear();
    const res = await team.owner.request('POST', `${base}/records/batch`, {
      body: { update: created.map((r) => ({ id: r.id, version: r.version, data: { [f.qty as string]: 9999 } })) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Each entry rides on its record's history row (moved after the commit); nothing of the log's own
    // is written in the batch. SQLite keeps the tags (its mover keeps a cursor); PostgreSQL's mover
    // clears them, maybe already.
    const tagged = await server.database.handle.db
      .selectFrom('record_history')
      .select('log')
      .where('action', '=', 'update')
      .where(
        'record_id',
        'in',
        created.map((r) => r.id),
      )
      .execute();
    expect(tagged).toHaveLength(500);
    if (server.database.handle.dialect === 'sqlite')
      expect(tagged.every((t) => JSON.parse(t.log ?? '{}').a === appCode)).toBe(true);
    if (server.database.handle.dialect === 'postgres') {
      // One mark for the batch; its rows still tagged carry it (the job may have moved them already).
      expect(tagged.every((t) => t.log === null || t.log.startsWith('{"b":'))).toBe(true);
    }
    const updates = await entries({ kind: 'record', search: '批量', limit: 100 });
    // Read: every mark moved, each of the 500 updates logged exactly once.
    if (server.database.handle.dialect === 'postgres')
      expect((await sql`select id from applog_batches`.execute(server.database.handle.db)).rows).toEqual([]);
    const logged = await server.database.handle.db
      .selectFrom('audit_log')
      .select('record_id')
      .where('action', '=', 'record.update')
      .where(
        'record_id',
        'in',
        created.map((r) => r.id),
      )
      .execute();
    expect(logged).toHaveLength(500);
    expect(updates.filter((e) => e.action === 'record.update')).toHaveLength(100);
    // A staged entry reads like a single write's: the record's title, each change with its field's name.
    const one = (await entries({ kind: 'record', search: '批量7' })).find(
      (e) => e.action === 'record.update' && e.recordId === created[7]?.id,
    );
    expect(one?.recordTitle).toBe('批量7');
    const detail = (await team.owner.request('GET', `/v1/applog/entries/${one?.id}`)).json.data;
    expect(detail.changes).toEqual([{ field: f.qty, name: '数量', from: 7, to: 9999 }]);

    const before = (await entries({ kind: 'record' })).length;
    const stale = await team.owner.request('POST', `${base}/records/batch`, {
      body: {
        create: [{ data: { [f.name as string]: '不会留下' } }],
        update: [{ id: created[0]?.id, version: 1, data: { [f.qty as string]: 1 } }],
      },
    });
    expect(stale.status).toBe(409);
    expect((await entries({ kind: 'record' })).length).toBe(before);
    expect(await entries({ search: '不会留下' })).toEqual([]);
  });

  it('moves the entries riding on history rows into the log once, however many movers run at once', async () => {
    const db = server.database.handle.db;
    const created = (
      await team.owner.request('POST', `${base}/records/batch`, {
        body: { create: Array.from({ length: 500 }, (_, i) => ({ data: { [f.name as string]: `搬运${i}` } })) },
      })
    ).json.data.created as { id: string }[];
    expect(created).toHaveLength(500);
    // Movers at once (the job in two processes, a reader): each entry lands exactly once.
    await Promise.all([moveHistoryEntries(db), moveHistoryEntries(db), moveHistoryEntries(db, { wait: true })]);
    const moved = await db
      .selectFrom('audit_log')
      .select(['record_id', 'record_title', 'action'])
      .where('engine_code', '=', team.engineCode)
      .where(
        'record_id',
        'in',
        created.map((r) => r.id),
      )
      .execute();
    expect(moved).toHaveLength(500);
    expect(new Set(moved.map((m) => m.record_id)).size).toBe(500);
    expect(moved.every((m) => m.action === 'record.create' && m.record_title.startsWith('搬运'))).toBe(true);
    expect(await entries({ search: '搬运1', limit: 100 })).toHaveLength(100);
  });

  it('keeps an entry still riding on its history row when the log leaves the history (migration down)', async () => {
    const db = server.database.handle.db as unknown as Kysely<unknown>;
    const rec = await create('回退前写入', 3);
    await applogTitlesBatched.down(db);
    await applogTitlesBatched.up(db);
    const list = (await entries({ kind: 'record' })).filter((e) => e.recordId === rec.id);
    expect(list.map((e) => [e.action, e.recordTitle])).toEqual([['record.create', '回退前写入']]);
    const detail = (await team.owner.request('GET', `/v1/applog/entries/${list[0]?.id}`)).json.data;
    expect(detail.changes).toEqual(expect.arrayContaining([{ field: f.qty, name: '数量', from: null, to: 3 }]));
  });

  it('passes a history row whose entry cannot be written, reports it, and moves the rows behind it', async () => {
    const db = server.database.handle.db;
    // A tag that is not JSON (never written so; as if damaged): its row alone fails.
    await db
      .insertInto('record_history')
      .values({
        schema_code: schemaCode,
        record_id: 'damaged-tag',
        engine_code: team.engineCode,
        member_id: team.memberId,
        action: 'update',
        changes: '[]',
        created_at: Date.now(),
        log: '{"t":',
      })
      .execute();
    const after = await create('坏标签之后');
    const errors: number[] = [];
    await moveHistoryEntries(db, { wait: true, onError: (_e, id) => errors.push(id) });
    expect((await entries({ search: '坏标签之后' })).map((e) => e.recordId)).toEqual([after.id]);
    // The job may have met it first (and reported it to the server's log); either way it is passed.
    expect(errors.length).toBeLessThanOrEqual(1);
    await moveHistoryEntries(db, { wait: true, onError: (_e, id) => errors.push(id) });
    expect(errors.length).toBeLessThanOrEqual(1);
    expect((await entries({ kind: 'record' })).filter((e) => e.recordId === 'damaged-tag')).toEqual([]);
  });

  it('an export and an import are one entry each, with counts', async () => {
    const exported = await exportView(team.owner, base, { format: 'csv' });
    expect(exported.status).toBe(200);
    await expect.poll(async () => (await entries({ kind: 'export' })).length).toBe(1);
    const csv = ['名称,数量', '导入一,1', '导入二,2', '导入三,3'].join('\n');
    const job = (await team.owner.upload(`${base}/imports`, '货品.csv', Buffer.from(csv), APP)).json.data;
    const started = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    await expect.poll(async () => (await entries({ kind: 'import' })).length, { timeout: 30_000 }).toBe(1);
    const imported = (await entries({ kind: 'import' }))[0] as Entry;
    const detail = (await team.owner.request('GET', `/v1/applog/entries/${imported.id}`)).json.data;
    expect(detail.detail).toMatchObject({ state: 'done', created: 3, failed: 0 });
    // The imported records left no entries of their own.
    expect(await entries({ search: '导入' })).toEqual([]);
  });
});

describe('entries of designs and the team', () => {
  it('logs fields, the form, views, permissions, members, departments and apps', async () => {
    const extra = await field('备注', 'text');
    expect((await team.owner.request('PUT', `${base}/fields/${extra}`, { body: { name: '说明' } })).status).toBe(200);
    const form = (await team.owner.request('GET', `${base}/form`)).json.data;
    expect((await team.owner.request('PUT', `${base}/form`, { body: form })).status).toBe(200);
    const view = await team.owner.request('POST', `${base}/views`, { body: { name: '全部货品', kind: 'grid' } });
    expect(view.status, JSON.stringify(view.json)).toBe(200);
    const all = ['manager', 'member'];
    const permissions = { add: all, view: all, edit: all, delete: all, rows: { member: { scope: 'mine' } } };
    expect((await team.owner.request('PUT', base, { body: { permissions } })).status).toBe(200);
    const role = await team.owner.request('PUT', '/v1/org/member/role', {
      body: { memberId: member.memberId, role: 'admin' },
    });
    expect(role.status, JSON.stringify(role.json)).toBe(200);
    const rootId = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
    const dept = await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name: '仓储部' } });
    expect(dept.status, JSON.stringify(dept.json)).toBe(200);
    expect((await team.owner.request('PUT', `/v1/apps/${appCode}`, { body: { displayName: '总仓库' } })).status).toBe(
      200,
    );

    for (const kind of ['field', 'form', 'view', 'permission', 'member', 'department', 'app', 'team', 'record'])
      expect((await entries({ kind, limit: 1 })).length, kind).toBe(1);
    const renamed = (await entries({ kind: 'app' })).find((e) => e.action === 'app.rename') as Entry;
    const detail = (await team.owner.request('GET', `/v1/applog/entries/${renamed.id}`)).json.data;
    expect(detail.changes).toEqual([{ field: 'display_name', name: 'display_name', from: '仓库', to: '总仓库' }]);
    // Put the member back: the permission tests below need a plain member.
    const back = await team.owner.request('PUT', '/v1/org/member/role', {
      body: { memberId: member.memberId, role: 'member' },
    });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    await expect.poll(async () => (await member.client.request('GET', '/v1/applog')).status).toBe(403);
  });
});

describe('reading the log', () => {
  it('filters by app, table, member, kind and time range, and pages newest first', async () => {
    const now = Date.now();
    for (const e of await entries({ appCode })) expect(e.appCode).toBe(appCode);
    for (const e of await entries({ schemaCode })) expect(e.schemaCode).toBe(schemaCode);
    expect(await entries({ memberId: member.memberId })).toEqual([]);
    expect((await entries({ memberId: team.memberId })).length).toBeGreaterThan(0);
    expect(await entries({ from: now + 60_000 })).toEqual([]);
    expect((await entries({ from: now - 3_600_000, to: now + 60_000 })).length).toBeGreaterThan(0);

    const first = await team.owner.request('GET', '/v1/applog?limit=3');
    const second = await team.owner.request('GET', `/v1/applog?limit=3&cursor=${first.json.data.nextCursor}`);
    const ids = [...first.json.data.resultList, ...second.json.data.resultList].map((e: Entry) => Number(e.id));
    expect(new Set(ids).size).toBe(6);
    const times = [...first.json.data.resultList, ...second.json.data.resultList].map((e: Entry) => e.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('searches record titles (short and long words) and refuses bad input with a field error', async () => {
    await create('不锈钢六角螺栓');
    expect((await entries({ search: '六角螺' })).map((e) => e.recordTitle)).toEqual(['不锈钢六角螺栓']);
    expect((await entries({ search: '六角' })).map((e) => e.recordTitle)).toEqual(['不锈钢六角螺栓']);
    expect(await entries({ search: '100%' })).toEqual([]);
    const bad = await team.owner.request('GET', '/v1/applog?from=200&to=100');
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors[0].field).toBe('from');
    expect((await team.owner.request('GET', '/v1/applog?kind=nonsense')).status).toBe(400);
    expect((await team.owner.request('GET', '/v1/applog/entries/999999999')).status).toBe(404);
  });

  it('finds a title written just now and after its batch is indexed, once either way; removal keeps the index whole', async () => {
    const db = server.database.handle.db;
    const sqlite = server.database.handle.dialect === 'sqlite';
    const rec = await create('镀锌方头螺母');
    // SQLite indexes titles in batches (title-index.ts): right after the write it is read past the index.
    expect((await entries({ search: '方头螺' })).map((e) => e.recordTitle)).toEqual(['镀锌方头螺母']);
    await indexLogTitles(db);
    expect((await entries({ search: '方头螺' })).map((e) => e.recordTitle)).toEqual(['镀锌方头螺母']);
    // An entry removed before its title was indexed, and one after: the FTS table stays consistent.
    await create('待删未索引条目');
    // (in audit_log, its title not indexed yet)
    await moveHistoryEntries(db);
    await db.deleteFrom('audit_log').where('record_title', 'in', ['待删未索引条目', '镀锌方头螺母']).execute();
    expect(await entries({ search: '方头螺' })).toEqual([]);
    expect(await entries({ search: '未索引' })).toEqual([]);
    await indexLogTitles(db);
    if (sqlite) {
      // The index holds exactly the titled rows up to indexed_to (all of them now), each once.
      const count = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]?.n);
      expect(await count(sql<{ n: number }>`select count(*) as n from audit_log_fts_docsize`)).toBe(
        await count(sql<{ n: number }>`select count(*) as n from audit_log where record_title <> ''`),
      );
      const fts = await sql<{
        id: number;
      }>`select rowid as id from audit_log_fts where audit_log_fts match '"六角螺"' order by rowid`.execute(db);
      const like = await sql<{
        id: number;
      }>`select id from audit_log where record_title like '%六角螺%' order by id`.execute(db);
      expect(fts.rows).toEqual(like.rows);
    }
    expect(rec.id).toBeTruthy();
  });

  it('refuses members, and everyone while the feature is off', async () => {
    const res = await member.client.request('GET', '/v1/applog');
    expect(res.status).toBe(403);
    expect(res.json.errorMessage).toBe('仅团队所有者或管理员可以查看应用日志');
    expect((await member.client.request('GET', '/v1/applog/export')).status).toBe(403);
    await team.owner.request('PUT', '/v1/corp/features', { body: { featureList: [] } });
    const off = await team.owner.request('GET', '/v1/applog');
    expect(off.status).toBe(403);
    expect(off.json.errorMessage).toBe('应用日志需要开启功能 Applog');
    await team.owner.request('PUT', '/v1/corp/features', { body: { featureList: ['Applog'] } });
  });

  it('exports xlsx with formula-like text escaped', async () => {
    await create('=HYPERLINK("http://evil")');
    const file = await team.owner.download('/v1/applog/export?search=HYPERLINK');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).getCell(1).value).toBe('时间');
    expect(sheet.getRow(2).getCell(7).value).toBe('\'=HYPERLINK("http://evil")');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('retention', () => {
  it('is a team setting for owners and admins; the job removes older entries', async () => {
    expect((await team.owner.request('GET', '/v1/applog/settings')).json.data).toEqual({ retentionDays: 180 });
    expect((await team.owner.request('PUT', '/v1/applog/settings', { body: { retentionDays: 45 } })).status).toBe(400);
    expect((await member.client.request('PUT', '/v1/applog/settings', { body: { retentionDays: 30 } })).status).toBe(
      403,
    );
    expect((await team.owner.request('PUT', '/v1/applog/settings', { body: { retentionDays: 30 } })).status).toBe(200);
    const db = server.database.handle.db;
    const day = 86_400_000;
    const old = (await entries({ kind: 'record', limit: 2 })).map((e) => Number(e.id));
    await db
      .updateTable('audit_log')
      .set({ created_at: Date.now() - 31 * day })
      .where('id', 'in', old)
      .execute();
    const kept = (await entries({ limit: 100 })).length;
    await appLogRetentionRound(new AppLogRepository(db, server.database.handle.dialect));
    const after = await entries({ limit: 100 });
    expect(after.map((e) => Number(e.id))).not.toContain(old[0]);
    expect(after.length).toBeGreaterThanOrEqual(kept - 2);
    expect((await team.owner.request('GET', '/v1/applog/settings')).json.data).toEqual({ retentionDays: 30 });
  });
});

describe('flows', () => {
  it("logs the design, its publishing and members' actions on the record", async () => {
    const w = await flowWorld(server);
    await w.team.owner.request('PUT', '/v1/corp/features', { body: { featureList: ['Applog'] } });
    const t = await newTable(w);
    await publish(w, t, [startNode('a'), approveNode('a', members(w.bob))]);
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '差旅报销' });
    await actOk(w.bob, started.instance.instanceId, 'approval');
    const list = async (kind: string) => {
      const res = await w.team.owner.request('GET', `/v1/applog?kind=${kind}&schemaCode=${t.schemaCode}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json.data.resultList as Entry[]).map((e) => e.action);
    };
    expect(await list('flow')).toEqual(['workflow.publish', 'workflow.design']);
    const actions = await list('flowAction');
    expect(actions).toContain('workflow.action.approve');
    const approve = (await w.team.owner.request('GET', `/v1/applog?kind=flowAction&memberId=${w.bob.memberId}`)).json
      .data.resultList[0] as Entry;
    expect(approve).toMatchObject({ recordId: started.record.id, appCode: w.appCode, memberName: '鲍勃' });
  });
});
