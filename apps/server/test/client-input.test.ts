import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * Whatever a client sends — an empty change, a broken multipart body, `__proto__` as a field name, a
 * body of the wrong shape — is answered with a 4xx naming what is wrong, never a 500, and writes
 * nothing. (Found by fuzzing the write endpoints.)
 */
let server: TestServer;
let team: TeamFixture;
let base: string;
const f: Record<string, string> = {};
const APP = { 'x-app-name': 'canopy-web' };
let recordId: string;

/** A request with a raw body and content type, as a broken or hostile client would send it. */
async function raw(client: TestClient, method: string, path: string, body: string, contentType: string) {
  return client.request(method, path, { rawBody: body, contentType, headers: APP });
}

/** Everything the table holds, to prove a refused request changed nothing. */
async function snapshot() {
  const db = server.database.handle.db;
  const schema = await team.owner.request('GET', base);
  const records = await team.owner.request('POST', `${base}/records/query`, { body: { limit: 500 } });
  const files = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const jobs = await db
    .selectFrom('import_jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const views = await team.owner.request('GET', `${base}/views`);
  return JSON.stringify([schema.json, records.json, Number(files.n), Number(jobs.n), views.json]);
}

function expectClientError(res: { status: number; json: unknown }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
  expect((res.json as { errorMessage?: string }).errorMessage, what).toBeTruthy();
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '输入团队');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '台账' } })).json.data.code;
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '台账' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const field = async (name: string, type: string) =>
    (await team.owner.request('POST', `${base}/fields`, { body: { name, type } })).json.data.code as string;
  f.name = await field('名称', 'text');
  f.amount = await field('金额', 'number');
  const created = await team.owner.request('POST', `${base}/records`, {
    body: { data: { [f.name as string]: '甲', [f.amount as string]: 1 } },
  });
  recordId = created.json.data.id;
  await team.owner.request('GET', `${base}/views`);
});
afterAll(async () => server?.close());

describe('table settings', () => {
  it('answers an empty change with a 400 naming what may be changed', async () => {
    const before = await snapshot();
    const res = await team.owner.request('PUT', base, { body: {} });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.errorMessage).toContain('titleFieldCode');
    expect(await snapshot()).toBe(before);
  });
});

describe('multipart bodies', () => {
  const bodies: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', '--x\r\n'],
    [
      'cut short',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n名称\n甲',
    ],
    ['no parts', 'multipart/form-data; boundary=xyz', '--xyz--\r\n'],
    ['garbage', 'multipart/form-data; boundary=xyz', 'this is not multipart at all'],
    [
      'headers never end',
      'multipart/form-data; boundary=xyz',
      `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n${'X-A: b\r\n'.repeat(3000)}`,
    ],
    [
      'a field but no file',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--xyz--\r\n',
    ],
  ];

  for (const [what, type, body] of bodies) {
    it(`refuses a malformed upload (${what}) to /v1/files and to the import, writing nothing`, async () => {
      const before = await snapshot();
      expectClientError(await raw(team.owner, 'POST', '/v1/files', body, type), `files ${what}`);
      expectClientError(await raw(team.owner, 'POST', `${base}/imports`, body, type), `import ${what}`);
      expect(await snapshot()).toBe(before);
    });
  }
});

describe('records queries', () => {
  const odd = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'prototype'];

  it('refuses a non-field as a filter or sort field with a 400 naming it', async () => {
    for (const name of odd) {
      const filter = { op: 'and', conditions: [{ field: name, operator: 'eq', value: 'x' }] };
      for (const [path, body] of [
        ['records/query', { filter }],
        ['records/query', { sorts: [{ field: name, direction: 'asc' }] }],
        ['records/count', { filter }],
        ['records/groups', { field: name }],
      ] as const) {
        const res = await team.owner.request('POST', `${base}/${path}`, { body });
        expect(res.status, `${path} ${name}: ${JSON.stringify(res.json)}`).toBe(400);
        expect(res.json.errorMessage, `${path} ${name}`).toContain(name);
      }
    }
  });

  it('refuses the same names in a saved view', async () => {
    const before = await snapshot();
    for (const name of odd) {
      const res = await team.owner.request('POST', `${base}/views`, {
        body: {
          name: '怪',
          kind: 'kanban',
          config: { columns: [], sorts: [{ field: name, direction: 'asc' }], rowHeight: 'short', pageSize: 50 },
        },
      });
      expect(res.status, `${name}: ${JSON.stringify(res.json)}`).toBe(400);
      const grouped = await team.owner.request('POST', `${base}/views`, {
        body: {
          name: '怪',
          kind: 'kanban',
          config: { columns: [], sorts: [], groupBy: name, rowHeight: 'short', pageSize: 50 },
        },
      });
      expect(grouped.status, `${name}: ${JSON.stringify(grouped.json)}`).toBe(400);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('a sweep of odd bodies to the write endpoints', () => {
  const shapes: unknown[] = [
    null,
    [],
    'text',
    42,
    true,
    {},
    { data: null },
    { data: [] },
    { data: 'x' },
    { data: { nope: 1 } },
    { data: { constructor: 'x' } },
    { data: { toString: 'x' } },
    { version: 'x', data: {} },
    { version: -1, data: {} },
    { version: 1e308, data: {} },
    { create: 'x' },
    { create: [null] },
    { create: [{ data: { constructor: 'x' } }] },
    { update: [{ id: '__proto__', version: 1, data: {} }] },
    { delete: [{ id: 'constructor', version: 1 }] },
    { name: '', type: 'text' },
    { name: 'x', type: '__proto__' },
    { name: 'x', type: 'constructor' },
    { name: 'x', type: 'formula', settings: { expression: '{__proto__}' } },
    { name: 'x', type: 'lookup', settings: { relationFieldCode: '__proto__', targetFieldCode: 'constructor' } },
    { permissions: { fields: { __proto__: { member: 'hidden' } } } },
    { permissions: { fields: { constructor: { member: 'hidden' } } } },
    { permissions: null },
    { titleFieldCode: '__proto__' },
    { mapping: { __proto__: 'x' }, mode: 'atomic' },
    { mapping: { constructor: 'x' }, mode: 'atomic' },
    {
      name: 'v',
      kind: 'grid',
      config: { columns: [{ field: '__proto__', hidden: false }], sorts: [], rowHeight: 'short', pageSize: 50 },
    },
  ];
  const cell = (v: unknown) => ({ data: { [f.name as string]: v } });
  const values: unknown[] = [{}, { x: 1 }, 'x'.repeat(100_000), [[[[]]]], { toString: 1 }];

  it('never answers 500 and never writes', async () => {
    const before = await snapshot();
    const targets: [string, string][] = [
      ['POST', `${base}/records`],
      ['PATCH', `${base}/records/${recordId}`],
      ['PATCH', `${base}/records/__proto__`],
      ['POST', `${base}/records/batch`],
      ['POST', `${base}/records/query`],
      ['POST', `${base}/records/count`],
      ['POST', `${base}/records/groups`],
      ['POST', `${base}/records/pick`],
      ['PUT', base],
      ['POST', `${base}/fields`],
      ['PUT', `${base}/fields/${f.amount}`],
      ['PUT', `${base}/fields/__proto__`],
      ['POST', `${base}/views`],
      ['PUT', `${base}/views/constructor`],
      ['POST', `${base}/imports/__proto__/start`],
    ];
    for (const [method, path] of targets) {
      for (const shape of shapes) {
        const text = JSON.stringify(shape) ?? 'null';
        const res = await raw(team.owner, method, path, text, 'application/json');
        expect(res.status, `${method} ${path} ${text}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
      }
      // Keys JSON.stringify would drop, sent as text.
      for (const text of [
        '{"__proto__":{"x":1}}',
        '{"data":{"__proto__":{"x":1}}}',
        '{"constructor":{"prototype":{}}}',
      ]) {
        const res = await raw(team.owner, method, path, text, 'application/json');
        expect(res.status, `${method} ${path} ${text}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
      }
      expect(await snapshot(), `${method} ${path}`).toBe(before);
    }
    for (const v of values) {
      for (const [method, path] of targets.slice(0, 2)) {
        const body = method === 'PATCH' ? { version: 1, ...cell(v) } : cell(v);
        const res = await team.owner.request(method, path, { body });
        expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(res.json)}`).toBe(
          400,
        );
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
