import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { exportPackage, finishedTask, installPackage, uploadPackage } from './package-helpers.js';

/**
 * Upgrading an installed app in place from a newer package of its origin (issue 12): team A designs
 * an app and exports v1; team B installs it and adds records; A changes the app (a field added, one
 * renamed, one removed, a view and the flow changed, a table added, the custom page changed) and
 * exports v2. B sees exactly these changes in the preview and applies them: its records stay with
 * their values, the new field is there, the removed one is gone, the flow is the new one. An
 * incompatible type change is refused naming the field and writes nothing; a member who does not
 * design the app may not upgrade it.
 */
let server: TestServer;
let teamA: TeamFixture;
let teamB: TeamFixture;
let bob: { client: TestClient; memberId: string };
let origin: string;
let tasks: string;
let page: string;
let view: string;
const f: Record<string, string> = {};
let installed: string;
let v2: Buffer;

const ok = async <T extends { status: number; json: unknown }>(p: Promise<T>): Promise<T> => {
  const res = await p;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
};

const flow = (approver: string, memberId: string) => ({
  definition: {
    nodes: [
      { id: 'start', type: 'start', name: '发起', next: 'a1', settings: { fieldRules: {} } },
      {
        id: 'a1',
        type: 'approve',
        name: approver,
        settings: {
          participants: [{ kind: 'members', ids: [memberId] }],
          mode: 'any',
          whenEmpty: 'error',
          fieldRules: {},
          comment: {
            approve: { enableComment: true, required: false },
            reject: { enableComment: true, required: false },
          },
          actions: ['comment'],
          closeRevert: false,
          closeTerminate: false,
          rejectTo: 'end',
        },
      },
    ],
  },
});

const pageBody = (text: string) => ({
  roles: [],
  blocks: [{ id: 'b1', kind: 'text', title: '说明', place: { x: 0, y: 0, w: 6, h: 2 }, roles: [], html: text }],
});

const db = () => server.database.handle.db;

/** The installed app's table and fields by name (the codes there are its own). */
async function installedCodes(appCode: string) {
  const schemas = await db()
    .selectFrom('schemas')
    .innerJoin('function_nodes', 'function_nodes.code', 'schemas.code')
    .select(['schemas.code', 'function_nodes.display_name', 'function_nodes.deleted_at'])
    .where('schemas.app_code', '=', appCode)
    .execute();
  const table = schemas.find((s) => s.display_name === '任务')?.code as string;
  const fields = await db()
    .selectFrom('fields')
    .select(['code', 'name', 'type', 'deleted_at'])
    .where('schema_code', '=', table)
    .execute();
  return { schemas, table, fields };
}

async function upload(client: TestClient, bytes: Buffer) {
  return (await ok(uploadPackage(client, bytes))).json.data as {
    packagePath: string;
    matches: { appCode: string; name: string }[];
  };
}

beforeAll(async () => {
  server = await startTestServer();
  teamA = await createTeam(server, '设计团队');
  teamB = await createTeam(server, '使用团队');
  bob = await joinTeam(server, teamB, '鲍勃');
  const a = teamA.owner;
  origin = (await ok(a.request('POST', '/v1/apps', { body: { displayName: '项目管理' } }))).json.data.code;
  const node = async (type: string, displayName: string) =>
    (await ok(a.request('POST', `/v1/apps/${origin}/nodes`, { body: { type, displayName } }))).json.data.code as string;
  tasks = await node('Schema', '任务');
  page = await node('UserModule', '项目门户');
  const base = `/v1/apps/${origin}/schemas/${tasks}`;
  const field = async (name: string, type: string) =>
    (await ok(a.request('POST', `${base}/fields`, { body: { name, type } }))).json.data.code as string;
  f.title = await field('标题', 'text');
  f.note = await field('备注', 'text');
  f.old = await field('旧字段', 'text');
  f.qty = await field('数量', 'number');
  view = (
    await ok(
      a.request('POST', `${base}/views`, {
        body: { name: '全部', kind: 'grid', config: { columns: [], sorts: [], rowHeight: 'short', pageSize: 50 } },
      }),
    )
  ).json.data.code;
  await ok(a.request('PUT', `${base}/workflow`, { body: flow('经理审批', teamA.memberId) }));
  await ok(a.request('POST', `${base}/workflow/publish`));
  await ok(a.request('PUT', `/v1/apps/${origin}/pages/${page}`, { body: pageBody('<p>第一版</p>') }));
  const v1 = await exportPackage(a, origin, false);

  // Team B installs v1 and works with it.
  const { taskId, appCode } = await installPackage(teamB.owner, v1, false);
  await server.app.packageInstalls.idle();
  expect((await teamB.owner.request('GET', `/v2/app/installtask/${taskId}`)).json.data.state).toBe('done');
  installed = appCode;
  const here = await installedCodes(installed);
  const code = (name: string) => here.fields.find((x) => x.name === name)?.code as string;
  for (let i = 1; i <= 3; i += 1)
    await ok(
      teamB.owner.request('POST', `/v1/apps/${installed}/schemas/${here.table}/records`, {
        body: {
          data: {
            [code('标题')]: `任务${i}`,
            [code('备注')]: `备注${i}`,
            [code('旧字段')]: `旧${i}`,
            [code('数量')]: i,
          },
        },
      }),
    );
  const bobUser = (await bob.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await ok(
    teamB.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: installed, userIds: [bobUser], role: 'member' },
    }),
  );

  // Team A makes v2.
  await ok(a.request('POST', `${base}/fields`, { body: { name: '截止日期', type: 'date' } }));
  await ok(a.request('PUT', `${base}/fields/${f.note}`, { body: { name: '说明' } }));
  await ok(a.request('DELETE', `${base}/fields/${f.old}?force=true`));
  await ok(
    a.request('PUT', `${base}/views/${view}`, {
      body: { name: '全部', kind: 'grid', config: { columns: [], sorts: [], rowHeight: 'short', pageSize: 100 } },
    }),
  );
  const milestones = await node('Schema', '里程碑');
  await ok(
    a.request('POST', `/v1/apps/${origin}/schemas/${milestones}/fields`, { body: { name: '名称', type: 'text' } }),
  );
  await ok(a.request('PUT', `${base}/workflow`, { body: flow('总监审批', teamA.memberId) }));
  await ok(a.request('POST', `${base}/workflow/publish`));
  await ok(a.request('PUT', `/v1/apps/${origin}/pages/${page}`, { body: pageBody('<p>第二版</p>') }));
  await ok(
    a.request('POST', `${base}/print-templates`, {
      body: {
        name: '任务单',
        page: { size: 'A4', orientation: 'portrait', margins: { top: 15, right: 12, bottom: 15, left: 12 } },
        header: '',
        footer: '',
        blocks: [{ kind: 'field', field: f.title, width: 'full' }],
      },
    }),
  );
  v2 = await exportPackage(a, origin, true);
}, 120_000);
afterAll(async () => server?.close());

describe('upgrading an installed app from a newer package', () => {
  it('matches the upload to the app installed from the same origin', async () => {
    const up = await upload(teamB.owner, v2);
    expect(up.matches).toEqual([{ appCode: installed, name: '项目管理' }]);
    // A member who does not design it is not offered the upgrade…
    expect((await upload(bob.client, v2)).matches).toEqual([]);
    // …and the origin's own team is offered its own app.
    expect((await upload(teamA.owner, v2)).matches).toEqual([{ appCode: origin, name: '项目管理' }]);
  });

  it('refuses a member without the design right', async () => {
    const { packagePath } = await upload(bob.client, v2);
    for (const path of ['/v1/app/package/upgrade/preview', '/v1/app/package/upgrade']) {
      const res = await bob.client.request('POST', path, { body: { packagePath, appCode: installed } });
      expect(res.status, path).toBe(403);
    }
  });

  it('shows exactly what v2 changes and applies it keeping the records', async () => {
    const { packagePath } = await upload(teamB.owner, v2);
    const preview = (
      await ok(
        teamB.owner.request('POST', '/v1/app/package/upgrade/preview', { body: { packagePath, appCode: installed } }),
      )
    ).json.data;
    expect(preview).toMatchObject({ appCode: installed, appName: '项目管理', refusal: '' });
    expect(preview.toVersion).toBeGreaterThan(preview.fromVersion);
    const changes = (preview.changes as { kind: string; change: string; name: string }[])
      .map((c) => ({ ...c }))
      .sort((x, y) => `${x.kind}${x.name}`.localeCompare(`${y.kind}${y.name}`));
    expect(changes).toEqual(
      [
        {
          kind: 'customPage',
          change: 'changed',
          name: '项目门户',
          previousName: '',
          table: '',
          what: ['content'],
          dataLoss: false,
        },
        {
          kind: 'field',
          change: 'added',
          name: '截止日期',
          previousName: '',
          table: '任务',
          what: [],
          dataLoss: false,
        },
        {
          kind: 'field',
          change: 'changed',
          name: '说明',
          previousName: '备注',
          table: '任务',
          what: ['name'],
          dataLoss: false,
        },
        { kind: 'field', change: 'removed', name: '旧字段', previousName: '', table: '任务', what: [], dataLoss: true },
        {
          kind: 'flow',
          change: 'changed',
          name: expect.any(String),
          previousName: '',
          table: '任务',
          what: ['draft', 'published'],
          dataLoss: false,
        },
        {
          kind: 'printTemplate',
          change: 'added',
          name: '任务单',
          previousName: '',
          table: '任务',
          what: [],
          dataLoss: false,
        },
        { kind: 'table', change: 'added', name: '里程碑', previousName: '', table: '', what: [], dataLoss: false },
        {
          kind: 'view',
          change: 'changed',
          name: '全部',
          previousName: '',
          table: '任务',
          what: ['config'],
          dataLoss: false,
        },
        // The table's default view lists the fields: it changes with them.
        {
          kind: 'view',
          change: 'changed',
          name: '全部数据',
          previousName: '',
          table: '任务',
          what: ['config'],
          dataLoss: false,
        },
      ].sort((x, y) => `${x.kind}${x.name}`.localeCompare(`${y.kind}${y.name}`)),
    );

    const before = await installedCodes(installed);
    const started = (
      await ok(teamB.owner.request('POST', '/v1/app/package/upgrade', { body: { packagePath, appCode: installed } }))
    ).json.data;
    expect(started.appCode).toBe(installed);
    expect(await finishedTask(teamB.owner, started.taskId)).toMatchObject({ state: 'done', appCode: installed });

    const after = await installedCodes(installed);
    const live = after.fields.filter((x) => x.deleted_at === null).map((x) => x.name);
    expect(live.sort()).toEqual(['截止日期', '数量', '标题', '说明'].sort());
    // Kept fields keep their codes (and values); the removed one is in the trash with its values.
    const codeOf = (list: typeof after.fields, name: string) => list.find((x) => x.name === name)?.code as string;
    expect(codeOf(after.fields, '说明')).toBe(codeOf(before.fields, '备注'));
    expect(after.fields.find((x) => x.name === '旧字段')?.deleted_at).not.toBeNull();
    expect(after.schemas.map((s) => s.display_name).sort()).toEqual(['任务', '里程碑']);
    // The print template came, naming the table's own title field.
    const prints = await db()
      .selectFrom('print_templates')
      .select(['name', 'layout'])
      .where('schema_code', '=', after.table)
      .execute();
    expect(prints.map((p) => p.name)).toEqual(['任务单']);
    expect(JSON.parse(prints[0]?.layout ?? '{}').blocks).toEqual([
      { kind: 'field', field: codeOf(after.fields, '标题'), width: 'full' },
    ]);

    const records = (
      await ok(
        teamB.owner.request('POST', `/v1/apps/${installed}/schemas/${after.table}/records/query`, {
          body: { limit: 100 },
        }),
      )
    ).json.data.resultList as { data: Record<string, unknown> }[];
    // The package's records are not imported by an upgrade: B's own three are there, as they were.
    expect(records).toHaveLength(3);
    const rows = records
      .map((r) => ({
        title: r.data[codeOf(after.fields, '标题')],
        note: r.data[codeOf(after.fields, '说明')],
        qty: r.data[codeOf(after.fields, '数量')],
        due: r.data[codeOf(after.fields, '截止日期')] ?? null,
        old: r.data[codeOf(before.fields, '旧字段')],
      }))
      .sort((x, y) => String(x.title).localeCompare(String(y.title)));
    expect(rows).toEqual(
      [1, 2, 3].map((i) => ({ title: `任务${i}`, note: `备注${i}`, qty: i, due: null, old: undefined })),
    );

    // The flow in force is v2's, published as the next version.
    const wf = await db()
      .selectFrom('workflows')
      .selectAll()
      .where('app_code', '=', installed)
      .executeTakeFirstOrThrow();
    expect(wf.published_version).toBe(2);
    const definition = await db()
      .selectFrom('workflow_versions')
      .select('definition')
      .where('workflow_code', '=', wf.code)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    expect(definition.definition).toContain('总监审批');
    const pageRow = await db()
      .selectFrom('custom_pages')
      .innerJoin('function_nodes', 'function_nodes.code', 'custom_pages.node_code')
      .select('custom_pages.blocks')
      .where('function_nodes.app_code', '=', installed)
      .executeTakeFirstOrThrow();
    expect(pageRow.blocks).toContain('第二版');

    // Nothing is left to change, and the app remembers the version it has.
    const again = await upload(teamB.owner, v2);
    const second = (
      await ok(
        teamB.owner.request('POST', '/v1/app/package/upgrade/preview', {
          body: { packagePath: again.packagePath, appCode: installed },
        }),
      )
    ).json.data;
    expect(second.changes).toEqual([]);
    expect(second.fromVersion).toBe(preview.toVersion);

    // A re-export of the upgraded copy is in the origin's codes: the origin sees no change either.
    const copy = await exportPackage(teamB.owner, installed, false);
    const back = await upload(teamA.owner, copy);
    expect(back.matches).toEqual([{ appCode: origin, name: '项目管理' }]);
    const mirror = (
      await ok(
        teamA.owner.request('POST', '/v1/app/package/upgrade/preview', {
          body: { packagePath: back.packagePath, appCode: origin },
        }),
      )
    ).json.data;
    expect(mirror.changes).toEqual([]);
  });

  it('refuses an incompatible field type change, naming the field, and writes nothing', async () => {
    const a = teamA.owner;
    await ok(
      a.request('POST', `/v1/apps/${origin}/schemas/${tasks}/fields/${f.qty}/type`, {
        body: { type: 'text', force: true },
      }),
    );
    const v3 = await exportPackage(a, origin, false);
    const { packagePath } = await upload(teamB.owner, v3);
    const preview = (
      await ok(
        teamB.owner.request('POST', '/v1/app/package/upgrade/preview', { body: { packagePath, appCode: installed } }),
      )
    ).json.data;
    expect(preview.refusal).toContain('数量');
    const before = await installedCodes(installed);
    const origins = await db().selectFrom('app_origins').selectAll().where('app_code', '=', installed).execute();
    const res = await teamB.owner.request('POST', '/v1/app/package/upgrade', {
      body: { packagePath, appCode: installed },
    });
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe(preview.refusal);
    expect(preview.refusal).toBe('字段“数量”的类型不能从数字改为单行文本，无法升级');
    expect(await installedCodes(installed)).toEqual(before);
    expect(await db().selectFrom('app_origins').selectAll().where('app_code', '=', installed).execute()).toEqual(
      origins,
    );
  });

  it('refuses a package of another origin', async () => {
    const other = (await ok(teamB.owner.request('POST', '/v1/apps', { body: { displayName: '别的应用' } }))).json.data
      .code;
    const { packagePath } = await upload(teamB.owner, v2);
    const res = await teamB.owner.request('POST', '/v1/app/package/upgrade/preview', {
      body: { packagePath, appCode: other },
    });
    expect(res.status).toBe(400);
  });
});
