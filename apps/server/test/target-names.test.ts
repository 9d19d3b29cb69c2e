import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';

/**
 * Webhook and data-source targets are checked by name when saved (issue 30): the trailing dots of a
 * fully qualified name are taken off (`LOCALHOST.`, `169.254.169.254.`), and a name that is or
 * resolves to a refused address, or resolves to nothing, is a field error. (Connecting checks again.)
 */
const zh = { 'x-language': 'zh' };

interface Setup {
  server: TestServer;
  owner: TestClient;
  hooks: string;
  sources: string;
}

async function setup(overrides: Parameters<typeof startTestServer>[0]): Promise<Setup> {
  const server = await startTestServer(overrides);
  const team = await createTeam(server, '目标团队');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '目标' } })).json.data.code;
  const table = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '表' } })
  ).json.data.code;
  return {
    server,
    owner: team.owner,
    hooks: `/v1/apps/${appCode}/schemas/${table}/webhooks`,
    sources: `/v1/apps/${appCode}/datasources`,
  };
}

const UNRESOLVED = 'http://no-such-host.invalid/hook';

describe('on an installation that refuses private addresses', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ webhooksAllowPrivate: false, datasourceAllowPrivate: false });
  });
  afterAll(async () => s?.server.close());

  it('refuses webhook targets named with trailing dots, or that do not resolve, naming the field', async () => {
    for (const [url, message] of [
      ['http://LOCALHOST.:4140/', '不能推送到内网、本机或链路本地地址'],
      ['http://localhost..:4140/', '不能推送到内网、本机或链路本地地址'],
      ['http://169.254.169.254./latest', '不能推送到内网、本机或链路本地地址'],
      [UNRESOLVED, '这个地址的域名无法解析，请检查地址'],
    ] as const) {
      const res = await s.owner.request('POST', s.hooks, { body: { url, events: ['record.created'] }, headers: zh });
      expect([res.status, res.json.fieldErrors?.[0]], url).toEqual([400, { field: 'url', message }]);
    }
  });

  it('refuses data-source hosts and URLs the same way', async () => {
    const blocked = '出于安全原因，不能访问这个地址（链路本地、云元数据地址，或未允许的内网、本机地址）';
    const db = { name: '库', kind: 'postgres', port: 5432, database: 'd', user: 'u' };
    for (const [body, field, message] of [
      [{ ...db, host: 'LOCALHOST.' }, 'host', blocked],
      [{ ...db, host: '169.254.169.254.' }, 'host', blocked],
      [{ ...db, host: 'no-such-host.invalid' }, 'host', '这个主机名无法解析，请检查地址'],
      [{ name: '接口', kind: 'http', url: 'http://LOCALHOST.:4140/x' }, 'url', blocked],
      [{ name: '接口', kind: 'http', url: 'http://169.254.169.254./latest' }, 'url', blocked],
      [{ name: '接口', kind: 'http', url: UNRESOLVED }, 'url', '这个主机名无法解析，请检查地址'],
    ] as const) {
      const res = await s.owner.request('POST', s.sources, { body, headers: zh });
      expect([res.status, res.json.fieldErrors?.[0]], JSON.stringify(body)).toEqual([400, { field, message }]);
    }
  });
});

describe('on an installation that allows private addresses', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ webhooksAllowPrivate: true, datasourceAllowPrivate: true });
  });
  afterAll(async () => s?.server.close());

  it('still refuses names that do not resolve; keeps a loopback name without its trailing dot', async () => {
    const hook = await s.owner.request('POST', s.hooks, { body: { url: UNRESOLVED, events: ['record.created'] } });
    expect([hook.status, hook.json.fieldErrors?.[0]?.field]).toEqual([400, 'url']);
    const source = await s.owner.request('POST', s.sources, { body: { name: '接口', kind: 'http', url: UNRESOLVED } });
    expect([source.status, source.json.fieldErrors?.[0]?.field]).toEqual([400, 'url']);
    const local = await s.owner.request('POST', s.hooks, {
      body: { url: 'http://LOCALHOST.:4140/x', events: ['record.created'] },
    });
    expect(local.status, JSON.stringify(local.json)).toBe(200);
    expect(local.json.data.url).toBe('http://localhost:4140/x');
    const db = await s.owner.request('POST', s.sources, {
      body: { name: '库', kind: 'mysql', host: 'LOCALHOST.', port: 3306, database: 'd', user: 'u' },
    });
    expect(db.status, JSON.stringify(db.json)).toBe(200);
    expect(db.json.data.host).toBe('localhost');
  });
});
