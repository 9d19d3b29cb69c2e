import { RecordEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, startTestServer, type TestClient, type TestServer } from './harness.js';
import { type OpenApiFixture, openApiFixture } from './open-api-helpers.js';
import { StatementLog } from './statements.js';

/**
 * Issue 15's request path: a table's metadata (app, the member's app role, the table, its fields
 * and rights) is kept per team and metadata version, so a list request sends its session statement
 * and its page, nothing else — and a change of fields, rule, role, app membership or the table is
 * seen by the very next request, in this process and in a second server process on the same
 * database (the version is read with the session, and the database bumps it in the transaction
 * of the change: no waiting on a NOTIFY).
 */
const log = new StatementLog();
let server: TestServer;
let peer: { app: FastifyInstance; baseUrl: string };
let fx: OpenApiFixture;
/** The owner and Alice, on this process (A) and on the peer (B). */
let owner: TestClient[];
let alice: TestClient[];

const METADATA = ['apps', 'app_members', 'schemas', 'fields', 'function_nodes', 'engines', 'members'];

const list = async (client: TestClient) => {
  const res = await client.request('GET', `${fx.base}/records`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList as { id: string; data: Record<string, unknown> }[];
};
const names = async (client: TestClient) => (await list(client)).map((r) => r.data[fx.f.name]).sort();
const fieldNames = async (client: TestClient) => {
  const res = await client.request('GET', fx.base);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.data.fields as { name: string }[]).map((f) => f.name);
};
/** Asks each client in turn (both processes), so each process keeps what it read. */
const each = async <T>(clients: TestClient[], ask: (c: TestClient) => Promise<T>) => {
  const out: T[] = [];
  for (const c of clients) out.push(await ask(c));
  return out;
};
const putPermissions = async (client: TestClient, permissions: object) => {
  const res = await client.request('PUT', fx.base, { body: { permissions } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const all = ['manager', 'member'];
const basePermissions = () => ({
  add: all,
  view: all,
  edit: all,
  delete: all,
  fields: { [fx.f.cost]: { member: 'hidden' } },
  rows: { member: { scope: 'mine' } },
});

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [log] });
  peer = await startPeer(server);
  fx = await openApiFixture(server);
  owner = [fx.team.owner, fx.team.owner.on(peer.baseUrl)];
  alice = [fx.alice.client, fx.alice.client.on(peer.baseUrl)];
  const create = async (client: TestClient, data: Record<string, unknown>) => {
    const res = await client.request('POST', `${fx.base}/records`, { body: { data } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data as { id: string; version: number };
  };
  await create(fx.team.owner, { [fx.f.name]: '老板的', [fx.f.region]: '华东', [fx.f.cost]: 7 });
  // Alice may not write 成本 (hidden from her role): the owner fills it in.
  const hers = await create(fx.alice.client, { [fx.f.name]: '艾丽的', [fx.f.region]: '华东' });
  const cost = await fx.team.owner.request('PATCH', `${fx.base}/records/${hers.id}`, {
    body: { version: hers.version, data: { [fx.f.cost]: 7 } },
  });
  expect(cost.status, JSON.stringify(cost.json)).toBe(200);
});
afterAll(async () => {
  await peer?.app.close();
  await server?.close();
});

describe('metadata kept per version', () => {
  it('a list request sends the session statement and the page, no metadata read', async () => {
    for (const client of [fx.team.owner, fx.alice.client]) {
      await list(client);
      // The server's background jobs (the job queue's polls) may fall inside a request's window:
      // the cleanest of three requests is the request's own.
      let fewest: { kind: string; table: string }[] | null = null;
      for (let i = 0; i < 3; i++) {
        log.clear();
        expect((await list(client)).length).toBeGreaterThan(0);
        const seen = [...log.statements];
        if (!fewest || seen.length < fewest.length) fewest = seen;
      }
      const statements = fewest ?? [];
      expect(statements.filter((s) => METADATA.includes(s.table))).toEqual([]);
      expect(statements.filter((s) => s.table === 'sessions')).toHaveLength(1);
      // The page in one statement: its narrow columns, then its rows joined by id (records/repository.ts query).
      expect(statements, JSON.stringify(statements)).toHaveLength(2);
    }
  });

  it('the database bumps the version with every write to apps, members of apps, roles, grants, members, departments, nodes, tables and fields', async () => {
    const db = server.database.handle.db;
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('engines')
            .select('meta_version')
            .where('engine_code', '=', fx.team.engineCode)
            .executeTakeFirstOrThrow()
        ).meta_version,
      );
    const bumps = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) > before;
    };
    const field = await db.selectFrom('fields').selectAll().where('code', '=', fx.f.region).executeTakeFirstOrThrow();
    const node = await db
      .selectFrom('function_nodes')
      .selectAll()
      .where('code', '=', fx.tableCode)
      .executeTakeFirstOrThrow();
    const app = await db.selectFrom('apps').selectAll().where('code', '=', fx.otherApp).executeTakeFirstOrThrow();
    const t = (name: string) => sql.table(name);
    const copy = { ...field, code: 'meta-probe', column_name: 'meta_probe', name: '探针' };
    // Straight SQL, behind the services' backs: the triggers, not the services, keep the version.
    expect(await bumps(() => db.insertInto('fields').values(copy).execute())).toBe(true);
    expect(
      await bumps(() => db.updateTable('fields').set({ name: '探针二' }).where('code', '=', copy.code).execute()),
    ).toBe(true);
    expect(await bumps(() => db.deleteFrom('fields').where('code', '=', copy.code).execute())).toBe(true);
    expect(
      await bumps(() =>
        sql`update ${t('schemas')} set form_layout = form_layout where code = ${fx.tableCode}`.execute(db),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        db
          .updateTable('function_nodes')
          .set({ display_name: node.display_name })
          .where('code', '=', node.code)
          .execute(),
      ),
    ).toBe(true);
    expect(
      await bumps(() => db.updateTable('apps').set({ icon: app.icon }).where('code', '=', app.code).execute()),
    ).toBe(true);
    expect(
      await bumps(() =>
        db
          .updateTable('app_members')
          .set({ role: 'owner' })
          .where('app_code', '=', fx.otherApp)
          .where('member_id', '=', fx.team.memberId)
          .execute(),
      ),
    ).toBe(true);
    // App roles, their grants, departments and memberships decide whose roles a member holds (issue 27).
    expect(
      await bumps(() =>
        db
          .updateTable('app_role_grants')
          .set({ created_at: 1 })
          .where('app_code', '=', fx.otherApp)
          .where('target', '=', fx.alice.memberId)
          .execute(),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        db.updateTable('app_roles').set({ description: '' }).where('app_code', '=', fx.otherApp).execute(),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        db.updateTable('members').set({ privacy_items: '' }).where('member_id', '=', fx.alice.memberId).execute(),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        db.updateTable('member_departments').set({ is_main: 1 }).where('member_id', '=', fx.alice.memberId).execute(),
      ),
    ).toBe(true);
    // Records are not metadata: writing one leaves the version alone (the cache stays warm).
    expect(
      await bumps(() =>
        fx.team.owner.request('POST', `${fx.base}/records`, { body: { data: { [fx.f.name]: '不算' } } }),
      ),
    ).toBe(false);
  });
});

describe('a change is seen by the very next request, in both processes', () => {
  it('a field added, then renamed', async () => {
    expect((await each(owner, fieldNames)).every((n) => !n.includes('备注'))).toBe(true);
    const added = await owner[0]?.request('POST', `${fx.base}/fields`, { body: { name: '备注', type: 'text' } });
    expect(added?.status, JSON.stringify(added?.json)).toBe(200);
    for (const n of await each(owner, fieldNames)) expect(n).toContain('备注');
    // Renamed through the other process this time.
    const renamed = await owner[1]?.request('PUT', `${fx.base}/fields/${added?.json.data.code}`, {
      body: { name: '说明' },
    });
    expect(renamed?.status, JSON.stringify(renamed?.json)).toBe(200);
    for (const n of await each(owner, fieldNames)) {
      expect(n).toContain('说明');
      expect(n).not.toContain('备注');
    }
  });

  it('a field hidden from the role', async () => {
    for (const rows of await each(alice, list)) expect(rows[0]?.data[fx.f.region]).toBe('华东');
    await putPermissions(owner[1] as TestClient, {
      ...basePermissions(),
      fields: { [fx.f.cost]: { member: 'hidden' }, [fx.f.region]: { member: 'hidden' } },
    });
    for (const rows of await each(alice, list)) {
      expect(rows.length).toBe(1);
      expect(rows[0]?.data[fx.f.region]).toBeUndefined();
    }
    await putPermissions(owner[0] as TestClient, basePermissions());
    for (const rows of await each(alice, list)) expect(rows[0]?.data[fx.f.region]).toBe('华东');
  });

  it('a row rule changed', async () => {
    for (const n of await each(alice, names)) expect(n).toEqual(['艾丽的']);
    await putPermissions(owner[0] as TestClient, { ...basePermissions(), rows: { member: { scope: 'all' } } });
    for (const n of await each(alice, names)) expect(n).toContain('老板的');
    await putPermissions(owner[1] as TestClient, basePermissions());
    for (const n of await each(alice, names)) expect(n).toEqual(['艾丽的']);
  });

  it("the member's app role changed", async () => {
    for (const rows of await each(alice, list)) expect(rows[0]?.data[fx.f.cost]).toBeUndefined();
    const aliceUser = (await fx.alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
    const role = async (client: TestClient, r: 'manager' | 'member') => {
      const res = await client.request('POST', '/v1/apps/role/add', {
        body: { appCode: fx.appCode, userIds: [aliceUser], role: r },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    // A manager sees every record and every field.
    await role(owner[0] as TestClient, 'manager');
    for (const rows of await each(alice, list)) {
      expect(rows.map((r) => r.data[fx.f.name])).toContain('老板的');
      expect(rows.find((r) => r.data[fx.f.name] === '艾丽的')?.data[fx.f.cost]).toBe(7);
    }
    await role(owner[1] as TestClient, 'member');
    for (const rows of await each(alice, list)) {
      expect(rows.map((r) => r.data[fx.f.name])).toEqual(['艾丽的']);
      expect(rows[0]?.data[fx.f.cost]).toBeUndefined();
    }
  });

  it('the member removed from the app, then from the team', async () => {
    await each(alice, list);
    const aliceUser = (await fx.alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
    const removed = await owner[1]?.request('POST', '/v1/apps/role/remove', {
      body: { appCode: fx.appCode, userIds: [aliceUser] },
    });
    expect(removed?.status, JSON.stringify(removed?.json)).toBe(200);
    for (const c of alice) expect((await c.request('GET', `${fx.base}/records`)).status).toBe(404);
    // Back in the app, seen at once; then out of the team.
    const back = await owner[0]?.request('POST', '/v1/apps/role/add', {
      body: { appCode: fx.appCode, userIds: [aliceUser], role: 'member' },
    });
    expect(back?.status).toBe(200);
    for (const n of await each(alice, names)) expect(n).toEqual(['艾丽的']);
    const out = await owner[0]?.request('PUT', '/v1/org/member/state', {
      body: { memberId: fx.alice.memberId, state: 'INACTIVE' },
    });
    expect(out?.status, JSON.stringify(out?.json)).toBe(200);
    for (const c of alice) expect((await c.request('GET', `${fx.base}/records`)).status).toBe(403);
  });

  it('the table deleted', async () => {
    await each(owner, list);
    const res = await owner[1]?.request('DELETE', `/v1/apps/${fx.appCode}/nodes/${fx.tableCode}`);
    expect(res?.status, JSON.stringify(res?.json)).toBe(200);
    for (const c of owner) {
      const gone = await c.request('GET', `${fx.base}/records`);
      expect(gone.status).toBe(404);
    }
    expect(RecordEndpoints.list.path).toContain(':schemaCode');
  });
});
