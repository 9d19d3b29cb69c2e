import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';
import { exportPackage, finishedTask, installPackage, uploadPackage } from './package-helpers.js';

/**
 * Issue 36: a package's flows are checked as the designer's publish checks them. A published
 * definition with a cycle of automatic nodes (which would make the engine recurse until the stack
 * overflows), or one the publish checks refuse, is refused by install and by upgrade, naming the
 * flow and its problem, and leaves nothing behind.
 */
let server: TestServer;
let team: TeamFixture;
let appCode: string;
let base: string;
let good: Buffer;

const ok = async <T extends { status: number; json: unknown }>(p: Promise<T>): Promise<T> => {
  const res = await p;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
};

const settings = (memberIds: string[]) => ({
  participants: [{ kind: 'members', ids: memberIds }],
  mode: 'any',
  whenEmpty: 'error',
  fieldRules: {},
  comment: { approve: { enableComment: true, required: false }, reject: { enableComment: true, required: false } },
  actions: ['comment'],
  closeRevert: false,
  closeTerminate: false,
  rejectTo: 'end',
});
const notify = (id: string, next: string, memberId: string) => ({
  id,
  type: 'action',
  name: `自动${id}`,
  next,
  settings: {
    operations: [
      { kind: 'notify', participants: [{ kind: 'members', ids: [memberId] }], subject: '提醒', content: '' },
    ],
  },
});

async function entries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const yauzl = (await import('yauzl')).default;
  const out = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: import('yauzl').Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

/** The package with its one flow's published definition replaced. */
async function withPublished(definition: (memberId: string) => unknown): Promise<Buffer> {
  const files = await entries(good);
  const manifest = JSON.parse((files.get('manifest.json') as Buffer).toString('utf8'));
  const [flow] = manifest.parts.workflows;
  flow.published = JSON.stringify(definition(team.memberId));
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  const zip = new yazl.ZipFile();
  for (const [name, body] of files) zip.addBuffer(body, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const cycle = (memberId: string) => ({
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: 'x1', settings: { fieldRules: {} } },
    notify('x1', 'x2', memberId),
    notify('x2', 'x1', memberId),
  ],
});
const nobody = () => ({
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: 'a1', settings: { fieldRules: {} } },
    { id: 'a1', type: 'approve', name: '经理审批', settings: settings([]) },
  ],
});

const appCount = async () =>
  (
    await server.database.handle.db
      .selectFrom('apps')
      .select('code')
      .where('engine_code', '=', team.engineCode)
      .execute()
  ).length;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '流程包团队');
  const owner = team.owner;
  appCode = (await ok(owner.request('POST', '/v1/apps', { body: { displayName: '请假' } }))).json.data.code;
  const table = (
    await ok(owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '请假单' } }))
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${table}`;
  await ok(owner.request('POST', `${base}/fields`, { body: { name: '事由', type: 'text' } }));
  const definition = {
    nodes: [
      { id: 'start', type: 'start', name: '发起', next: 'a1', settings: { fieldRules: {} } },
      { id: 'a1', type: 'approve', name: '经理审批', settings: settings([team.memberId]) },
    ],
  };
  await ok(owner.request('PUT', `${base}/workflow`, { body: { definition } }));
  await ok(owner.request('POST', `${base}/workflow/publish`));
  good = await exportPackage(owner, appCode, false);
}, 60_000);
afterAll(async () => server?.close());

describe('a package’s flows pass the publish checks', () => {
  it('installs a package whose flow passes them', async () => {
    const { taskId } = await installPackage(team.owner, good, false);
    expect(await finishedTask(team.owner, taskId)).toMatchObject({ state: 'done' });
  });

  it('refuses to install a cycle of automatic nodes, naming the flow, and leaves no app', async () => {
    const before = await appCount();
    const { taskId } = await installPackage(team.owner, await withPublished(cycle), false);
    const task = await finishedTask(team.owner, taskId);
    expect(task.state).toBe('failed');
    expect(task.message).toMatch(/^审批流程“.+”未通过发布检查，无法安装：流程定义不正确：node x1 is linked twice$/);
    expect(await appCount()).toBe(before);
  });

  it('refuses to install a flow the publish checks refuse (a node with nobody to handle it)', async () => {
    const { taskId } = await installPackage(team.owner, await withPublished(nobody), false);
    const task = await finishedTask(team.owner, taskId);
    expect(task.state).toBe('failed');
    expect(task.message).toMatch(/未通过发布检查，无法安装：节点「经理审批」没有设置处理人$/);
  });

  it('refuses an upgrade that would publish such a flow; the flow in force stays', async () => {
    const versions = async () =>
      (
        await server.database.handle.db
          .selectFrom('workflow_versions')
          .innerJoin('workflows', 'workflows.code', 'workflow_versions.workflow_code')
          .select('workflow_versions.version')
          .where('workflows.app_code', '=', appCode)
          .execute()
      ).length;
    const before = await versions();
    const up = await ok(uploadPackage(team.owner, await withPublished(cycle)));
    const started = await ok(
      team.owner.request('POST', '/v1/app/package/upgrade', {
        body: { packagePath: up.json.data.packagePath, appCode },
      }),
    );
    const task = await finishedTask(team.owner, started.json.data.taskId);
    expect(task.state).toBe('failed');
    expect(task.message).toMatch(/未通过发布检查，无法安装：流程定义不正确：node x1 is linked twice$/);
    expect(await versions()).toBe(before);
    // The flow in force still runs.
    const run = await team.owner.request('POST', '/v1/workflow/start', {
      body: { appCode, schemaCode: base.split('/').at(-1), data: {} },
    });
    expect(run.status, JSON.stringify(run.json)).toBe(200);
  });
});
