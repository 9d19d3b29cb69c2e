import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonEndpoint,
  MYSQL_HOST,
  recordsByName,
  syncEnded,
  throwawayMysql,
  throwawayPostgres,
} from './datasource-helpers.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Data sources and sync tables (issue 14) against the real PostgreSQL and MariaDB servers of the
 * machine (a throwaway database each) and an HTTP JSON endpoint started here: passwords sealed and
 * never answered, errors in words, types mapped, re-syncs update and remove, a failing sync keeps the
 * rows, sync tables read-only, the app's design right required.
 */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let appCode: string;
let pgSource: Awaited<ReturnType<typeof throwawayPostgres>>;
let mySource: Awaited<ReturnType<typeof throwawayMysql>>;
let endpoint: Awaited<ReturnType<typeof jsonEndpoint>>;
const TOKEN = 'tok-secret-123';
const zh = { 'x-language': 'zh' };
const ds = () => `/v1/apps/${appCode}/datasources`;

async function addSource(body: Record<string, unknown>): Promise<string> {
  const res = await team.owner.request('POST', ds(), { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.id;
}

async function createSync(sourceId: string, body: Record<string, unknown>): Promise<string> {
  const res = await team.owner.request('POST', `${ds()}/${sourceId}/sync-tables`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.schemaCode;
}

beforeAll(async () => {
  // The sources here are on this machine's loopback (issue 30: refused unless allowed).
  server = await startTestServer({ datasourceAllowPrivate: true });
  team = await createTeam(server, '同步团队');
  member = await joinTeam(server, team, '成员');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '进销存' } })).json.data.code;
  const userId = (await member.client.request('GET', '/v1/user/information/basic')).json.data.id;
  const role = await team.owner.request('POST', '/v1/apps/role/add', {
    body: { appCode, userIds: [userId], role: 'member' },
  });
  expect(role.status).toBe(200);
  pgSource = await throwawayPostgres(`
    create table products (id integer primary key, name varchar(100), price numeric(10,2), active boolean,
                           launched date, updated_at timestamptz, notes text);
    insert into products values
      (1, '苹果', 3.50, true, '2026-01-02', '2026-01-02T08:30:00Z', 'red'),
      (2, '香蕉', 2.25, false, '2026-02-03', '2026-02-03T09:00:00Z', null),
      (3, '橙子', 4.00, true, null, null, 'long text');`);
  mySource = await throwawayMysql([
    `create table orders (id int primary key, title varchar(50), amount decimal(10,2), paid tinyint(1),
                          day date, at datetime)`,
    `insert into orders values (10, 'A-10', 99.90, 1, '2026-03-04', '2026-03-04 10:20:30'),
                               (11, 'A-11', 5.00, 0, '2026-03-05', '2026-03-05 11:00:00')`,
  ]);
  endpoint = await jsonEndpoint(TOKEN, {
    meta: { total: 2 },
    data: {
      items: [
        { sku: 'S1', qty: 3, ok: true, day: '2026-04-01' },
        { sku: 'S2', qty: 5.5, ok: false, day: '2026-04-02' },
      ],
    },
  });
});

afterAll(async () => {
  await server?.close();
  await pgSource?.drop();
  await mySource?.drop();
  await endpoint?.close();
});

describe('data sources', () => {
  it('seals the password: never answered, encrypted in the row, kept on an edit without it', async () => {
    const id = await addSource({
      name: '订单库',
      kind: 'mysql',
      host: MYSQL_HOST,
      port: 3306,
      database: mySource.name,
      user: mySource.user,
      password: mySource.password,
    });
    const list = await team.owner.request('GET', ds());
    expect(JSON.stringify(list.json)).not.toContain(mySource.password);
    expect(list.json.data.find((s: { id: string }) => s.id === id)).toMatchObject({ passwordSet: true, kind: 'mysql' });
    expect(list.json.data[0]).not.toHaveProperty('password');
    const row = await server.database.handle.db
      .selectFrom('data_sources')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(mySource.password);
    // An edit without the password keeps it: the connection still works.
    const edited = await team.owner.request('PUT', `${ds()}/${id}`, {
      body: {
        name: '订单库2',
        kind: 'mysql',
        host: MYSQL_HOST,
        port: 3306,
        database: mySource.name,
        user: mySource.user,
      },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(JSON.stringify(edited.json)).not.toContain(mySource.password);
    expect((await team.owner.request('POST', `${ds()}/${id}/test`)).json.data).toEqual({ ok: true, error: null });
  });

  it('says in words why a connection fails', async () => {
    const test = async (body: Record<string, unknown>) => {
      const id = await addSource(body);
      const res = await team.owner.request('POST', `${ds()}/${id}/test`, { headers: zh });
      expect(res.status).toBe(200);
      await team.owner.request('DELETE', `${ds()}/${id}`);
      return res.json.data;
    };
    const mysqlBase = { name: '坏库', kind: 'mysql', host: MYSQL_HOST, port: 3306, database: mySource.name };
    const wrong = await test({ ...mysqlBase, user: mySource.user, password: 'wrong' });
    // Every failure to connect is one "cannot connect", without the driver's words (issue 30).
    const cannot = '无法连接到数据源，请检查地址、端口、数据库名称、用户名和密码（或访问令牌），以及网络是否可达';
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unreachable', message: cannot, detail: '' } });
    const noDb = await test({
      name: '无库',
      kind: 'postgres',
      host: '127.0.0.1',
      database: 'cnp_missing_db',
      user: pgSource.user,
    });
    expect(noDb.error).toMatchObject({ code: 'unreachable', message: cannot, detail: '' });
    const closed = await test({ name: '关闭', kind: 'postgres', host: '127.0.0.1', port: 1, database: 'x', user: 'x' });
    expect(closed.error.code).toBe('unreachable');
    // A refused address is refused when saved (issue 30), naming the field.
    const metadata = await team.owner.request('POST', ds(), {
      body: { name: '元数据', kind: 'http', url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect([metadata.status, metadata.json.fieldErrors?.[0]?.field]).toEqual([400, 'url']);
    const noToken = await test({ name: '无令牌', kind: 'http', url: endpoint.url });
    expect(noToken.error.code).toBe('unreachable');
  });

  it('refuses settings a kind needs, naming the field', async () => {
    const res = await team.owner.request('POST', ds(), { body: { name: '缺', kind: 'postgres', host: '', user: 'u' } });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['database', 'host']);
    const url = await team.owner.request('POST', ds(), { body: { name: '缺', kind: 'http', url: 'ftp://x' } });
    expect(url.status).toBe(400);
    expect(url.json.fieldErrors[0].field).toBe('url');
  });

  it('only the app designers manage sources (a member gets 403)', async () => {
    expect((await member.client.request('GET', ds())).status).toBe(403);
    expect(
      (await member.client.request('POST', ds(), { body: { name: 'x', kind: 'http', url: endpoint.url } })).status,
    ).toBe(403);
    expect((await member.client.request('GET', `/v1/apps/${appCode}/sync-tables`)).status).toBe(403);
  });
});

describe('sync tables', () => {
  let pgId: string;
  let products: string;

  beforeAll(async () => {
    pgId = await addSource({
      name: '商品库',
      kind: 'postgres',
      host: '127.0.0.1',
      port: pgSource.port,
      database: pgSource.name,
      user: pgSource.user,
    });
  });

  it('browses tables with their columns mapped to field types', async () => {
    const res = await team.owner.request('GET', `${ds()}/${pgId}/tables`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const table = res.json.data.tables.find((t: { name: string }) => t.name === 'products');
    expect(
      Object.fromEntries(table.columns.map((c: { name: string; fieldType: string }) => [c.name, c.fieldType])),
    ).toEqual({
      id: 'number',
      name: 'text',
      price: 'number',
      active: 'checkbox',
      launched: 'date',
      updated_at: 'datetime',
      notes: 'textarea',
    });
  });

  it('copies a PostgreSQL table with types mapped; a re-sync updates, adds and removes by the key', async () => {
    products = await createSync(pgId, {
      name: '商品',
      source: { table: 'products' },
      keyColumn: 'id',
      schedule: 'off',
    });
    expect(await syncEnded(team.owner, appCode, products)).toMatchObject({ state: 'succeeded', rows: 3, inserted: 3 });
    const first = await recordsByName(team.owner, appCode, products, 'id');
    expect(Object.fromEntries(first.fields.map((f) => [f.name, f.type]))).toMatchObject({
      id: 'number',
      name: 'text',
      price: 'number',
      active: 'checkbox',
      launched: 'date',
      updated_at: 'datetime',
      notes: 'textarea',
    });
    expect(first.rows[0]).toMatchObject({
      id: 1,
      name: '苹果',
      price: 3.5,
      active: true,
      launched: '2026-01-02',
      updated_at: '2026-01-02T08:30:00.000Z',
      notes: 'red',
    });
    expect(first.rows[1]).toMatchObject({ id: 2, active: false, notes: null });

    await pgSource.client.query(`update products set name = '青苹果', price = 3.8 where id = 1;
      delete from products where id = 2; insert into products (id, name) values (4, '梨');`);
    const run = await team.owner.request('POST', `/v1/apps/${appCode}/sync-tables/${products}/run`);
    expect(run.status).toBe(200);
    expect(await syncEnded(team.owner, appCode, products)).toMatchObject({
      state: 'succeeded',
      rows: 3,
      inserted: 1,
      updated: 2,
      removed: 1,
    });
    const second = await recordsByName(team.owner, appCode, products, 'id');
    expect(second.rows.map((r) => r.name)).toEqual(['青苹果', '橙子', '梨']);
    // The kept row is the same record (relations to it hold).
    expect(second.rows[0]?._id).toBe(first.rows[0]?._id);
  });

  it('a failing sync keeps the previous rows and says why', async () => {
    await pgSource.client.query('alter table products rename to products_old');
    try {
      await team.owner.request('POST', `/v1/apps/${appCode}/sync-tables/${products}/run`, { headers: zh });
      const log = await syncEnded(team.owner, appCode, products);
      expect(log).toMatchObject({ state: 'failed', error: { code: 'tableMissing' } });
      const list = await team.owner.request('GET', `/v1/apps/${appCode}/sync-tables`, { headers: zh });
      expect(list.json.data[0].lastSync.error.message).toBe('数据表不存在或没有读取权限');
      const rows = await recordsByName(team.owner, appCode, products, 'id');
      expect(rows.rows.map((r) => r.name)).toEqual(['青苹果', '橙子', '梨']);
    } finally {
      await pgSource.client.query('alter table products_old rename to products');
    }
  });

  it('a duplicate key fails the whole sync, nothing half-written', async () => {
    const dup = await createSync(pgId, {
      name: '重复',
      source: { query: 'select 1 as k, 1 as v union all select 1, 2' },
      keyColumn: 'k',
      schedule: 'off',
    });
    expect(await syncEnded(team.owner, appCode, dup)).toMatchObject({
      state: 'failed',
      error: { code: 'keyDuplicate' },
    });
    expect((await recordsByName(team.owner, appCode, dup, 'k')).rows).toEqual([]);
  });

  it('refuses a query that is not one SELECT', async () => {
    const res = await team.owner.request('POST', `${ds()}/${pgId}/preview`, {
      body: { query: 'delete from products' },
    });
    expect(res.status).toBe(400);
    const two = await team.owner.request('POST', `${ds()}/${pgId}/preview`, {
      body: { query: 'select 1; drop table products' },
    });
    expect(two.status).toBe(400);
    // The read-only transaction refuses a write hidden in a SELECT.
    const hidden = await team.owner.request('POST', `${ds()}/${pgId}/preview`, {
      body: { query: 'with d as (delete from products returning *) select * from d' },
    });
    expect(hidden.status).toBe(400);
    expect((await pgSource.client.query('select count(*)::int as n from products')).rows[0].n).toBe(3);
  });

  it('copies a MariaDB query with a password, replacing all rows without a key', async () => {
    const id = await addSource({
      name: '订单',
      kind: 'mysql',
      host: MYSQL_HOST,
      database: mySource.name,
      user: mySource.user,
      password: mySource.password,
    });
    const preview = await team.owner.request('POST', `${ds()}/${id}/preview`, {
      body: { query: 'select id, title, amount, paid, day, at from orders' },
    });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json.data.columns.map((c: { fieldType: string }) => c.fieldType)).toEqual([
      'number',
      'text',
      'number',
      'checkbox',
      'date',
      'datetime',
    ]);
    const orders = await createSync(id, {
      name: '订单表',
      source: { query: 'select id, title, amount, paid, day, at from orders' },
      keyColumn: '',
      schedule: 'daily',
    });
    expect(await syncEnded(team.owner, appCode, orders)).toMatchObject({ state: 'succeeded', rows: 2 });
    const { rows } = await recordsByName(team.owner, appCode, orders, 'id');
    expect(rows[0]).toMatchObject({
      id: 10,
      title: 'A-10',
      amount: 99.9,
      paid: true,
      day: '2026-03-04',
      at: '2026-03-04T10:20:30.000Z',
    });
    await mySource.admin.query(`delete from orders where id = 10`);
    await team.owner.request('POST', `/v1/apps/${appCode}/sync-tables/${orders}/run`);
    expect(await syncEnded(team.owner, appCode, orders)).toMatchObject({
      state: 'succeeded',
      rows: 1,
      removed: 2,
      inserted: 1,
    });
    expect((await recordsByName(team.owner, appCode, orders, 'id')).rows.map((r) => r.title)).toEqual(['A-11']);
  });

  it('copies an HTTP JSON array picked by its path, on the schedule', async () => {
    const id = await addSource({ name: '库存接口', kind: 'http', url: endpoint.url, password: TOKEN });
    const preview = await team.owner.request('POST', `${ds()}/${id}/preview`, { body: {} });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json.data.paths).toEqual(['data.items']);
    expect(preview.json.data.columns).toEqual([
      { name: 'sku', sourceType: 'string', fieldType: 'text' },
      { name: 'qty', sourceType: 'number', fieldType: 'number' },
      { name: 'ok', sourceType: 'boolean', fieldType: 'checkbox' },
      { name: 'day', sourceType: 'string', fieldType: 'date' },
    ]);
    const stock = await createSync(id, {
      name: '库存',
      source: { path: 'data.items' },
      keyColumn: 'sku',
      schedule: 'hourly',
    });
    expect(await syncEnded(team.owner, appCode, stock)).toMatchObject({ state: 'succeeded', rows: 2 });
    const listed = (await team.owner.request('GET', `/v1/apps/${appCode}/sync-tables`)).json.data.find(
      (s: { schemaCode: string }) => s.schemaCode === stock,
    );
    expect(listed).toMatchObject({ schedule: 'hourly', sourceName: '库存接口', keyColumn: 'sku' });
    expect(listed.nextRunAt).toBeGreaterThan(Date.now());

    // The schedule comes due: its round starts a sync job that the queue runs.
    endpoint.state.body = { data: { items: [{ sku: 'S2', qty: 7, ok: true, day: '2026-04-09' }] } };
    await server.database.handle.db
      .updateTable('sync_tables')
      .set({ next_run_at: Date.now() - 1000 })
      .where('schema_code', '=', stock)
      .execute();
    await server.app.jobs.runSchedule('datasource.due');
    await server.app.jobs.tick();
    await expect
      .poll(async () => (await recordsByName(team.owner, appCode, stock, 'sku')).rows.map((r) => [r.sku, r.qty]), {
        timeout: 30_000,
      })
      .toEqual([['S2', 7]]);
    expect(await syncEnded(team.owner, appCode, stock)).toMatchObject({ state: 'succeeded', removed: 1, updated: 1 });
  });

  it("refuses every write to a sync table's records, for everyone", async () => {
    const base = `/v1/apps/${appCode}/schemas/${products}`;
    const add = await team.owner.request('POST', `${base}/records`, { body: { data: {} }, headers: zh });
    expect(add.status).toBe(403);
    expect(add.json.errorMessage).toContain('同步表的数据来自外部数据源');
    const { rows } = await recordsByName(team.owner, appCode, products, 'id');
    const id = rows[0]?._id as string;
    expect(
      (await team.owner.request('PATCH', `${base}/records/${id}`, { body: { data: {}, version: 1 } })).status,
    ).toBe(403);
    expect((await team.owner.request('DELETE', `${base}/records/${id}`)).status).toBe(403);
    expect(
      (await team.owner.request('POST', `${base}/records/batch`, { body: { create: [{ data: {} }] } })).status,
    ).toBe(403);
    const access = (await team.owner.request('GET', `${base}/permission`)).json.data;
    expect(access?.accessPermission ?? access).toMatchObject({ add: false, edit: false, delete: false, view: true });
  });

  it('other tables link to a sync table and look up its fields; a re-sync keeps the links', async () => {
    const node = await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, {
      body: { type: 'Schema', displayName: '订单明细' },
    });
    const lines = `/v1/apps/${appCode}/schemas/${node.json.data.code}`;
    const { rows, fields } = await recordsByName(team.owner, appCode, products, 'id');
    const nameField = fields.find((f) => f.name === 'name')?.code ?? '';
    const field = async (body: Record<string, unknown>) => {
      const res = await team.owner.request('POST', `${lines}/fields`, { body });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.code as string;
    };
    const rel = await field({ name: '商品', type: 'relation', settings: { schemaCode: products, multiple: false } });
    const look = await field({
      name: '商品名',
      type: 'lookup',
      settings: { relationFieldCode: rel, targetFieldCode: nameField },
    });
    const apple = rows.find((r) => r.name === '青苹果')?._id as string;
    const created = await team.owner.request('POST', `${lines}/records`, { body: { data: { [rel]: apple } } });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const lookedUp = async () =>
      (await team.owner.request('GET', `${lines}/records/${created.json.data.id}`)).json.data.data[look];
    expect(JSON.stringify(await lookedUp())).toContain('青苹果');

    await pgSource.client.query(`update products set name = '红苹果' where id = 1`);
    await team.owner.request('POST', `/v1/apps/${appCode}/sync-tables/${products}/run`);
    expect(await syncEnded(team.owner, appCode, products)).toMatchObject({ state: 'succeeded' });
    expect(JSON.stringify(await lookedUp())).toContain('红苹果');
  });

  it('a source in use cannot be deleted', async () => {
    const res = await team.owner.request('DELETE', `${ds()}/${pgId}`);
    expect(res.status).toBe(409);
  });
});
