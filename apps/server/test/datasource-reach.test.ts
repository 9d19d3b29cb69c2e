import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { testDialect } from './database.js';
import { MYSQL_HOST, throwawayMysql } from './datasource-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * Where a data source may connect (issue 30): loopback and private addresses only when the
 * installation allows them (by default a private deployment), never the instance's own database,
 * and one "cannot connect" for every failure before the source is signed in to, so a designer
 * cannot scan ports with the error codes.
 */
const zh = { 'x-language': 'zh' };

interface Started {
  server: TestServer;
  team: TeamFixture;
  appCode: string;
}

async function start(overrides: Parameters<typeof startTestServer>[0]): Promise<Started> {
  const server = await startTestServer(overrides);
  const team = await createTeam(server, '数据源团队');
  const app = await team.owner.request('POST', '/v1/apps', { body: { displayName: '应用' } });
  expect(app.status, JSON.stringify(app.json)).toBe(200);
  return { server, team, appCode: app.json.data.code };
}

/**
 * A source saved at a public address literal, then pointed at `body`'s address in the database, as a
 * name that resolved elsewhere when saved would be: what only the connect-time guard can refuse.
 */
async function addMoved(s: Started, body: Record<string, unknown>): Promise<string> {
  const added = await s.team.owner.request('POST', `/v1/apps/${s.appCode}/datasources`, {
    body: { ...body, host: '93.184.215.14' },
  });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  await s.server.database.handle.db
    .updateTable('data_sources')
    .set({ host: String(body.host) })
    .where('id', '=', added.json.data.id)
    .execute();
  return added.json.data.id;
}

/** Adds a source, tests it, removes it; answers the test's answer. */
async function tryConnect(s: Started, body: Record<string, unknown>) {
  const base = `/v1/apps/${s.appCode}/datasources`;
  const added = await s.team.owner.request('POST', base, { body });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const res = await s.team.owner.request('POST', `${base}/${added.json.data.id}/test`, { headers: zh });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await s.team.owner.request('DELETE', `${base}/${added.json.data.id}`);
  return res.json.data as { ok: boolean; error: { code: string; message: string; detail: string } | null };
}

describe('the default', () => {
  it('follows PRIVATE_DEPLOYMENT, as webhooks do; DATASOURCE_ALLOW_PRIVATE still decides when set', () => {
    expect(loadConfig({}).datasourceAllowPrivate).toBe(false);
    expect(loadConfig({ PRIVATE_DEPLOYMENT: 'true' }).datasourceAllowPrivate).toBe(true);
    expect(loadConfig({ PRIVATE_DEPLOYMENT: 'true', DATASOURCE_ALLOW_PRIVATE: 'false' }).datasourceAllowPrivate).toBe(
      false,
    );
    expect(loadConfig({ DATASOURCE_ALLOW_PRIVATE: 'true' }).datasourceAllowPrivate).toBe(true);
  });

  it('a default installation refuses a source on its loopback, when saved and when connecting', async () => {
    const s = await start({});
    try {
      const body = { name: '本机', kind: 'postgres', host: '127.0.0.1', port: 5432, database: 'postgres', user: 'x' };
      const base = `/v1/apps/${s.appCode}/datasources`;
      const saved = await s.team.owner.request('POST', base, { body });
      expect([saved.status, saved.json.fieldErrors?.[0]?.field]).toEqual([400, 'host']);
      // One saved elsewhere and moved to loopback (or a name that resolves there later): refused on connecting.
      const id = await addMoved(s, body);
      const test = await s.team.owner.request('POST', `${base}/${id}/test`, { headers: zh });
      expect(test.json.data).toMatchObject({ ok: false, error: { code: 'blocked' } });
    } finally {
      await s.server.close();
    }
  });
});

describe('with private addresses allowed', () => {
  let s: Started;
  let mySource: Awaited<ReturnType<typeof throwawayMysql>>;

  beforeAll(async () => {
    s = await start({ datasourceAllowPrivate: true });
    mySource = await throwawayMysql(['create table t (id int primary key)']);
  });
  afterAll(async () => {
    await s?.server.close();
    await mySource?.drop();
  });

  it.runIf(testDialect() === 'postgres')("refuses the instance's own database, by any loopback name", async () => {
    const url = new URL(s.server.database.databaseUrl ?? '');
    const own = { host: url.hostname, port: Number(url.port || 5432), database: url.pathname.slice(1) };
    const base = `/v1/apps/${s.appCode}/datasources`;
    for (const host of ['127.0.0.1', 'localhost', own.host]) {
      const body = { name: '自己', kind: 'postgres', host, port: own.port, database: own.database, user: 'postgres' };
      const saved = await s.team.owner.request('POST', base, { body, headers: zh });
      expect([saved.status, saved.json.fieldErrors?.[0]], host).toEqual([
        400,
        { field: 'host', message: '不能连接本系统自己的数据库' },
      ]);
      // Saved before this check (or by a name that resolves there later): refused on connecting.
      const id = await addMoved(s, body);
      const test = await s.team.owner.request('POST', `${base}/${id}/test`, { headers: zh });
      expect(test.json.data, host).toMatchObject({
        ok: false,
        error: { code: 'ownDatabase', message: '不能连接本系统自己的数据库' },
      });
      // Nor can its tables be browsed or previewed.
      const tables = await s.team.owner.request('GET', `${base}/${id}/tables`);
      expect(tables.status).toBe(400);
      expect(JSON.stringify(tables.json)).not.toContain('users');
      const preview = await s.team.owner.request('POST', `${base}/${id}/preview`, {
        body: { query: 'select email, password_hash from users' },
      });
      expect(preview.status).toBe(400);
      expect(JSON.stringify(preview.json)).not.toContain('argon2');
    }
  });

  it('answers one "cannot connect", without the driver\'s words, for a closed port, a wrong password or database', async () => {
    const closed = await tryConnect(s, {
      name: '关闭',
      kind: 'mysql',
      host: MYSQL_HOST,
      port: 1,
      database: mySource.name,
      user: mySource.user,
      password: mySource.password,
    });
    const wrongPassword = await tryConnect(s, {
      name: '密码',
      kind: 'mysql',
      host: MYSQL_HOST,
      port: 3306,
      database: mySource.name,
      user: mySource.user,
      password: 'wrong',
    });
    const noDatabase = await tryConnect(s, {
      name: '无库',
      kind: 'mysql',
      host: MYSQL_HOST,
      port: 3306,
      database: 'cnp_missing_db',
      user: mySource.user,
      password: mySource.password,
    });
    // An HTTP port that is not a JSON endpoint (the server itself) says the same.
    const notJson = await tryConnect(s, { name: '网页', kind: 'http', url: `${s.server.baseUrl}/nothing-here` });
    const expected = {
      ok: false,
      error: {
        code: 'unreachable',
        message: '无法连接到数据源，请检查地址、端口、数据库名称、用户名和密码（或访问令牌），以及网络是否可达',
        detail: '',
      },
    };
    expect(closed).toEqual(expected);
    expect(wrongPassword).toEqual(expected);
    expect(noDatabase).toEqual(expected);
    expect(notJson).toEqual(expected);
    // A right one still connects.
    const right = await tryConnect(s, {
      name: '对',
      kind: 'mysql',
      host: MYSQL_HOST,
      port: 3306,
      database: mySource.name,
      user: mySource.user,
      password: mySource.password,
    });
    expect(right).toEqual({ ok: true, error: null });
  });
});
