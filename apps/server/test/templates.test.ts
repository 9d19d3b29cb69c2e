import { TEMPLATE_CATEGORIES } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { finishedTask } from './package-helpers.js';

/**
 * The template center (issues 12 and 29): twenty built-in templates in ten categories, each
 * installing into a working app (tables, forms, views, a published flow a record can be submitted
 * into, a dashboard over its sample records, its roles), with or without the sample records; the features gate
 * installing, publishing and sharing; a team template is the team's alone; a share link installs
 * into any team until it is revoked.
 */
let server: TestServer;
let teamA: TeamFixture;
let teamB: TeamFixture;

interface Summary {
  id: string;
  externalLabel: string;
  kind: string;
  name: string;
  category: string | null;
  contents: { tables: string[]; flows: string[]; dashboards: string[]; pages: string[] };
  previews: string[];
  canRemove: boolean;
  icon: string;
}
interface TreeNode {
  code: string;
  type: string;
  displayName: string;
  children?: TreeNode[];
}

const ok = async <T extends { status: number; json: unknown }>(p: Promise<T>): Promise<T> => {
  const res = await p;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
};

const setFeatures = (team: TeamFixture, featureList: string[]) =>
  ok(team.owner.request('PUT', '/v1/corp/features', { body: { featureList } }));

async function catalog(client: TestClient): Promise<Summary[]> {
  return (await ok(client.request('GET', '/v1/templates'))).json.data.templates;
}

async function installed(client: TestClient, started: { taskId: string; appCode: string }) {
  const task = await finishedTask(client, started.taskId);
  expect(task.state, task.message).toBe('done');
  return task.appCode;
}

/** The role each template brings beside 管理员 and 成员. */
const EXTRA_ROLES: Record<string, string> = {
  contract: '法务',
  recruiting: '面试官',
  payment: '财务',
  inventory: '仓管员',
  'it-tickets': 'IT 工程师',
  training: '课程顾问',
  'store-ops': '店长',
};

const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** A value a required field accepts. */
function sample(type: string): unknown {
  if (type === 'number' || type === 'money' || type === 'percent') return 2;
  if (type === 'date') return '2026-11-26';
  if (type === 'datetime') return '2026-11-26T02:00:00.000Z';
  return '模板测试';
}

beforeAll(async () => {
  server = await startTestServer();
  teamA = await createTeam(server, '模板团队');
  teamB = await createTeam(server, '另一个团队');
});
afterAll(async () => server?.close());

describe('built-in templates', () => {
  it('lists twenty business templates in ten categories with what their packages hold and their previews', async () => {
    const list = (await catalog(teamA.owner)).filter((t) => t.kind === 'builtin');
    // Spec §3: a template's icon is JSON text with icon and color.
    expect(list[0]?.icon).toBe('{"icon":"schedule","color":1}');
    expect(list.map((t) => t.name)).toEqual([
      '请假审批',
      '费用报销',
      '采购申请',
      '客户管理',
      '项目任务',
      '设备报修',
      '合同管理',
      '固定资产',
      '会议室预约',
      '用车申请',
      '招聘管理',
      '考勤管理',
      '付款申请',
      '客诉处理',
      '进销存',
      '巡检管理',
      '生产工单',
      'IT 工单',
      '培训报名',
      '门店运营',
    ]);
    // Every category has a template, and every template a category.
    expect(new Set(list.map((t) => t.category))).toEqual(new Set(TEMPLATE_CATEGORIES));
    for (const t of list) {
      expect(t.previews.length, t.name).toBe(2);
      expect(t.contents.tables.length, t.name).toBeGreaterThan(0);
      expect(t.contents.flows.length, t.name).toBeGreaterThan(0);
      expect(t.contents.dashboards.length, t.name).toBeGreaterThan(0);
      expect(t.externalLabel).toMatch(new RegExp(`^builtin:${t.id}@[0-9a-f]{12}$`));
    }
    expect(list.find((t) => t.id === 'crm')?.contents.pages).toEqual(['销售门户']);
    const en = (await ok(teamA.owner.request('GET', '/v1/templates', { headers: { 'x-language': 'en' } }))).json.data
      .templates as Summary[];
    expect(en[0]?.name).toBe('Leave requests');
    expect(en.find((t) => t.id === 'it-tickets')?.name).toBe('IT service desk');
    const jp = (await ok(teamA.owner.request('GET', '/v1/templates', { headers: { 'x-language': 'jp' } }))).json.data
      .templates as Summary[];
    expect(jp.find((t) => t.id === 'inventory')?.name).toBe('在庫管理');
    const withPreview = list.find((t) => t.previews.length);
    if (withPreview) {
      const img = await teamA.owner.download(withPreview.previews[0] as string);
      expect(img.status).toBe(200);
      expect(img.bytes.length).toBeGreaterThan(100);
    }
    expect((await teamA.owner.download('/v1/templates/crm/previews/..%2Fpackage.zip')).status).toBe(404);
  });

  // Twenty installs into one team, started together as a team adopting several at once would; a
  // busy machine needs more than the default 20 s for all of them.
  it('installs every built-in template as a working app a record can be submitted into the flow of', {
    timeout: 180_000,
  }, async () => {
    const owner = teamA.owner;
    const builtins = (await catalog(owner)).filter((x) => x.kind === 'builtin');
    const apps = new Map<string, { taskId: string; appCode: string }>();
    for (const t of builtins) {
      const started = (
        await ok(owner.request('POST', '/v1/templates/install', { body: { id: t.id, externalLabel: t.externalLabel } }))
      ).json.data;
      apps.set(t.id, started);
    }
    for (const t of builtins) {
      const appCode = await installed(owner, apps.get(t.id) as { taskId: string; appCode: string });
      const app = (await ok(owner.request('GET', `/v1/apps/${appCode}`))).json.data;
      expect(app.displayName).toBe(t.name);
      const nodes = flat((await ok(owner.request('GET', `/v1/apps/${appCode}/nodes`))).json.data);
      const tables = nodes.filter((n) => n.type === 'Schema');
      expect(tables.map((n) => n.displayName)).toEqual(t.contents.tables);
      const boards = nodes.filter((n) => n.type === 'Dashboard');
      expect(boards.map((n) => n.displayName)).toEqual(t.contents.dashboards);
      // The dashboard's widgets compute over the sample records.
      const board = (await ok(owner.request('GET', `/v1/apps/${appCode}/dashboards/${boards[0]?.code}`))).json.data;
      expect(board.widgets.length, t.name).toBeGreaterThan(1);
      const first = board.widgets[0];
      const figures = await ok(
        owner.request('POST', `/v1/apps/${appCode}/dashboards/${boards[0]?.code}/aggregate`, {
          body: first.query,
        }),
      );
      expect(JSON.stringify(figures.json.data), t.name).not.toBe('{}');
      let flows = 0;
      let views = 0;
      for (const table of tables) {
        const base = `/v1/apps/${appCode}/schemas/${table.code}`;
        const form = (await ok(owner.request('GET', `${base}/form`))).json.data;
        expect(form.sections.length).toBeGreaterThan(0);
        views += (await ok(owner.request('GET', `${base}/views`))).json.data.length;
        const records = (await ok(owner.request('POST', `${base}/records/query`, { body: { limit: 10 } }))).json.data;
        expect(records.resultList.length, `${t.name} ${table.displayName}`).toBeGreaterThan(0);
        const flow = (await ok(owner.request('GET', `${base}/workflow`))).json.data;
        if (!flow.publishedVersion) continue;
        flows += 1;
        const schema = (await ok(owner.request('GET', base))).json.data as {
          fields: { code: string; type: string; required: boolean }[];
        };
        const data: Record<string, unknown> = {};
        for (const f of schema.fields.filter((x) => x.required)) data[f.code] = sample(f.type);
        const res = await ok(
          owner.request('POST', '/v1/workflow/start', { body: { appCode, schemaCode: table.code, data } }),
        );
        const instance = res.json.data.instance;
        expect(instance.currentNodes.length, t.name).toBeGreaterThan(0);
        // Nobody else is in the new team: every first step falls back to the app's owner.
        expect(res.json.data.myWorkItems.length, t.name).toBeGreaterThan(0);
      }
      expect(flows, t.name).toBe(t.contents.flows.length);
      expect(views, t.name).toBeGreaterThan(1);
      // Its roles: 管理员, 成员 (held by everyone, so the team can use it at once) and its own.
      const matrix = (await ok(owner.request('GET', `/v1/apps/${appCode}/roles/matrix`))).json.data as {
        roles: { key: string; name: string; grants: { kind: string }[] }[];
      };
      const roleNames = matrix.roles.map((r) => r.name);
      expect(roleNames.slice(0, 2), t.name).toEqual(['管理员', '成员']);
      expect(
        matrix.roles[1]?.grants.map((g) => g.kind),
        t.name,
      ).toEqual(['everyone']);
      if (EXTRA_ROLES[t.id]) expect(roleNames, t.name).toContain(EXTRA_ROLES[t.id]);
    }
  });

  it('installs a template without its sample records when the installer drops them', async () => {
    const owner = teamB.owner;
    const t = (await catalog(owner)).find((x) => x.id === 'inventory') as Summary;
    const started = (
      await ok(
        owner.request('POST', '/v1/templates/install', {
          body: { id: t.id, externalLabel: t.externalLabel, withSampleData: false },
        }),
      )
    ).json.data;
    const appCode = await installed(owner, started);
    const tables = flat((await ok(owner.request('GET', `/v1/apps/${appCode}/nodes`))).json.data).filter(
      (n) => n.type === 'Schema',
    );
    expect(tables.map((n) => n.displayName)).toEqual(['商品', '出入库单']);
    for (const table of tables) {
      const base = `/v1/apps/${appCode}/schemas/${table.code}`;
      const records = (await ok(owner.request('POST', `${base}/records/query`, { body: { limit: 10 } }))).json.data;
      expect(records.resultList, table.displayName).toEqual([]);
      expect((await ok(owner.request('GET', `${base}/views`))).json.data.length).toBeGreaterThan(1);
    }
    const flow = (await ok(owner.request('GET', `/v1/apps/${appCode}/schemas/${tables[1]?.code}/workflow`))).json.data;
    expect(flow.publishedVersion).toBeTruthy();
    const bad = await owner.request('POST', '/v1/templates/install', {
      body: { id: t.id, externalLabel: t.externalLabel, withSampleData: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a changed label and an unknown template by name', async () => {
    const res = await teamA.owner.request('POST', '/v1/templates/install', {
      body: { id: 'expense', externalLabel: 'builtin:expense@000000000000' },
    });
    expect(res.status).toBe(409);
    expect(res.json.errorMessage).toBe('模板已更新，请刷新后重新安装');
    const missing = await teamA.owner.request('POST', '/v1/templates/install', {
      body: { id: 'nope', externalLabel: 'x' },
    });
    expect(missing.status).toBe(404);
    const bad = await teamA.owner.request('POST', '/v1/templates/install', { body: { id: 'expense' } });
    expect(bad.status).toBe(400);
  });

  it('needs the feature TemplateCenterForAppInstall', async () => {
    const team = await createTeam(server, '无模板团队');
    await setFeatures(team, []);
    const list = await team.owner.request('GET', '/v1/templates');
    expect(list.status).toBe(403);
    expect(list.json.errorMessage).toBe('本团队未开启模板中心，无法从模板创建应用');
    const res = await team.owner.request('POST', '/v1/templates/install', {
      body: { id: 'expense', externalLabel: 'builtin:expense@000000000000' },
    });
    expect(res.status).toBe(403);
    const apps = (await ok(team.owner.request('GET', '/v1/apps'))).json.data;
    expect(apps).toEqual([]);
  });
});

async function newApp(team: TeamFixture, name: string): Promise<string> {
  const appCode = (await ok(team.owner.request('POST', '/v1/apps', { body: { displayName: name } }))).json.data.code;
  const table = (
    await ok(team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '台账' } }))
  ).json.data.code;
  await ok(
    team.owner.request('POST', `/v1/apps/${appCode}/schemas/${table}/fields`, { body: { name: '名称', type: 'text' } }),
  );
  return appCode;
}

describe('team templates', () => {
  it('publishes an app as a template of the team only, and removes it', async () => {
    const appCode = await newApp(teamA, '资产登记');
    const body = { appCode, name: '资产登记模板', description: '登记固定资产', icon: { icon: 'database', color: 2 } };
    const off = await teamA.owner.request('POST', '/v1/templates/team', { body });
    expect(off.status).toBe(403);
    expect(off.json.errorMessage).toBe('本团队未开启发布模板功能');
    await setFeatures(teamA, ['TemplateCenterForAppInstall', 'templatePublish']);
    const badIcon = await teamA.owner.request('POST', '/v1/templates/team', {
      body: { ...body, icon: { icon: 'skull', color: 1 } },
    });
    expect(badIcon.status).toBe(400);
    // The spec's JSON text is accepted too, with the same rules (issue 38).
    for (const [icon, field] of [
      ['{"icon":"skull","color":1}', 'icon.icon'],
      ['{"icon":"database","color":99}', 'icon.color'],
      ['{"icon":"database"', 'icon'],
    ]) {
      const text = await teamA.owner.request('POST', '/v1/templates/team', { body: { ...body, icon } });
      expect(text.status, icon).toBe(400);
      expect(text.json.fieldErrors, icon).toEqual([{ field, message: '请选择有效的图标' }]);
    }
    // A member who does not design the app (nor see it) may not publish it.
    const bob = await joinTeam(server, teamA, '鲍勃');
    expect((await bob.client.request('POST', '/v1/templates/team', { body })).status).toBe(404);
    const published = (await ok(teamA.owner.request('POST', '/v1/templates/team', { body }))).json.data as Summary;
    expect(published.contents.tables).toEqual(['台账']);
    expect(published.icon).toBe('{"icon":"database","color":2}');
    expect((await catalog(teamA.owner)).filter((t) => t.kind === 'team').map((t) => t.name)).toEqual(['资产登记模板']);
    const seenByBob = (await catalog(bob.client)).find((t) => t.id === published.id);
    expect(seenByBob?.canRemove).toBe(false);
    expect(published).toMatchObject({ canRemove: true, publisherName: '负责人' });
    expect((await catalog(teamB.owner)).some((t) => t.id === published.id)).toBe(false);
    // Another team cannot install it even knowing its id.
    const foreign = await teamB.owner.request('POST', '/v1/templates/install', {
      body: { id: published.id, externalLabel: published.externalLabel },
    });
    expect(foreign.status).toBe(404);
    const started = (
      await ok(
        bob.client.request('POST', '/v1/templates/install', {
          body: { id: published.id, externalLabel: published.externalLabel },
        }),
      )
    ).json.data;
    const code = await installed(bob.client, started);
    const nodes = flat((await ok(bob.client.request('GET', `/v1/apps/${code}/nodes`))).json.data);
    expect(nodes.map((n) => n.displayName)).toEqual(['台账']);
    // Only its publisher or a team admin removes it.
    expect((await bob.client.request('DELETE', `/v1/templates/team/${published.id}`)).status).toBe(403);
    await ok(teamA.owner.request('DELETE', `/v1/templates/team/${published.id}`));
    expect((await catalog(teamA.owner)).some((t) => t.id === published.id)).toBe(false);
  });
});

describe('share links', () => {
  it('shares an app by a link another team installs from until it is revoked', async () => {
    const appCode = await newApp(teamA, '巡检记录');
    const off = await teamA.owner.request('POST', `/v1/apps/${appCode}/shares`, { body: {} });
    expect(off.status).toBe(403);
    expect(off.json.errorMessage).toBe('本团队未开启应用分享功能');
    await setFeatures(teamA, ['TemplateCenterForAppInstall', 'appShare']);
    const created = (
      await ok(teamA.owner.request('POST', `/v1/apps/${appCode}/shares`, { body: { expiresInDays: 7 } }))
    ).json.data;
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Only the token's hash is stored.
    const stored = await server.database.handle.db.selectFrom('app_shares').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const preview = (await ok(teamB.owner.request('GET', `/v1/shared-apps/${created.token}`))).json.data;
    expect(preview).toMatchObject({ name: '巡检记录', teamName: '模板团队', contents: { tables: ['台账'] } });
    // The preview's icon is JSON text with icon and color, as a template's is (spec §3; issue 38).
    const app = stored.find((s) => s.app_code === appCode);
    expect(preview.icon).toBe(JSON.stringify({ icon: app?.icon, color: app?.color }));
    expect(JSON.parse(preview.icon)).toEqual({ icon: expect.any(String), color: expect.any(Number) });
    const started = (await ok(teamB.owner.request('POST', `/v1/shared-apps/${created.token}/install`))).json.data;
    const code = await installed(teamB.owner, started);
    expect((await ok(teamB.owner.request('GET', `/v1/apps/${code}`))).json.data.displayName).toBe('巡检记录');
    // Someone signed out learns nothing.
    const anonymous = await fetch(`${server.baseUrl}/v1/shared-apps/${created.token}`);
    expect(anonymous.status).toBe(401);
    expect((await teamB.owner.request('GET', '/v1/shared-apps/not-a-real-token')).status).toBe(404);
    // Another team cannot list or revoke the links.
    expect((await teamB.owner.request('GET', `/v1/apps/${appCode}/shares`)).status).toBe(403);
    const list = (await ok(teamA.owner.request('GET', `/v1/apps/${appCode}/shares`))).json.data.shares;
    expect(list).toHaveLength(1);
    await ok(teamA.owner.request('DELETE', `/v1/apps/${appCode}/shares/${created.share.id}`));
    const revoked = await teamB.owner.request('POST', `/v1/shared-apps/${created.token}/install`);
    expect(revoked.status).toBe(410);
    expect(revoked.json.errorMessage).toBe('分享链接已被撤销，无法查看或安装');
    expect((await teamB.owner.request('GET', `/v1/shared-apps/${created.token}`)).status).toBe(410);
  });

  it('refuses an expired link by name', async () => {
    const appCode = await newApp(teamA, '值班表');
    const created = (
      await ok(teamA.owner.request('POST', `/v1/apps/${appCode}/shares`, { body: { expiresInDays: 1 } }))
    ).json.data;
    expect((await teamB.owner.request('GET', `/v1/shared-apps/${created.token}`)).status).toBe(200);
    await server.database.handle.db
      .updateTable('app_shares')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', created.share.id)
      .execute();
    const expired = await teamB.owner.request('POST', `/v1/shared-apps/${created.token}/install`);
    expect(expired.status).toBe(410);
    expect(expired.json.errorMessage).toBe('分享链接已过期，请向分享人重新获取');
    const tooLong = await teamA.owner.request('POST', `/v1/apps/${appCode}/shares`, { body: { expiresInDays: 9999 } });
    expect(tooLong.status).toBe(400);
  });
});
