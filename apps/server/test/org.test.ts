import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

let server: TestServer;
let team: TeamFixture;
let alice: { client: TestClient; memberId: string };
let bob: { client: TestClient; memberId: string };
let rootId: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '青松科技', '老板');
  alice = await joinTeam(server, team, '爱丽丝');
  bob = await joinTeam(server, team, '鲍勃');
  rootId = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
});
afterAll(async () => server?.close());

const names = (list: { name: string }[]) => list.map((d) => d.name);

describe('departments', () => {
  it('seeds a root department named after the team, holding every member, renamed with the team', async () => {
    const root = (await alice.client.request('GET', '/v1/org/department/root')).json.data;
    expect(root).toMatchObject({ name: '青松科技', parentId: '', memberCount: 3, hasChildren: false });
    await team.owner.request('PUT', `/v1/corpintegrate/corpinfo/${team.corpId}`, {
      body: { corpName: '青松科技集团' },
    });
    expect((await alice.client.request('GET', '/v1/org/department/root')).json.data.name).toBe('青松科技集团');
  });

  it('creates, lists, renames and re-sorts departments', async () => {
    for (const name of ['销售部', '研发部', '财务部']) {
      const res = await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name } });
      expect(res.status).toBe(200);
    }
    let children = (await alice.client.request('GET', `/v1/org/department/${rootId}/departments`)).json.data;
    expect(names(children)).toEqual(['销售部', '研发部', '财务部']);
    const sales = children[0];
    await team.owner.request('PUT', '/v1/org/department', { body: { objectId: sales.objectId, name: '市场部' } });
    expect(
      (await team.owner.request('PUT', '/v1/org/department/sortKey/reset', { body: { parentId: rootId } })).json,
    ).toEqual({
      data: true,
    });
    children = (await alice.client.request('GET', `/v1/org/department/${rootId}/departments`)).json.data;
    expect(names(children)).toEqual(['财务部', '市场部', '研发部']);
    const empty = await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name: '  ' } });
    expect(empty.json.fieldErrors).toEqual([{ field: 'departmentName', message: '部门名称不能为空' }]);
  });

  it('moves a department but never under itself, and never moves or deletes the root', async () => {
    const children = (await team.owner.request('GET', `/v1/org/department/${rootId}/departments`)).json.data;
    const [finance, market] = children;
    const frontend = (
      await team.owner.request('POST', '/v1/org/department', { body: { parentId: market.objectId, name: '前端组' } })
    ).json.data;
    const cycle = await team.owner.request('PUT', '/v1/org/department', {
      body: { objectId: market.objectId, parentId: frontend.objectId },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.json.errorMessage).toBe('不能把部门移动到它自己或其下级部门中');
    const moved = await team.owner.request('PUT', '/v1/org/department', {
      body: { objectId: frontend.objectId, parentId: finance.objectId },
    });
    expect(moved.json.data.parentId).toBe(finance.objectId);
    expect((await team.owner.request('DELETE', `/v1/org/department/${rootId}`)).json.errorMessage).toBe(
      '根部门不能删除或移动',
    );
  });

  it('moves a member, sets their main department, and on delete moves members and sub-departments up', async () => {
    const children = (await team.owner.request('GET', `/v1/org/department/${rootId}/departments`)).json.data;
    const finance = children.find((d: { name: string }) => d.name === '财务部');
    const res = await team.owner.request('PUT', '/v1/org/member/departments', {
      body: { memberId: alice.memberId, departmentIds: [finance.objectId] },
    });
    expect(res.json).toEqual({ data: true });
    const inFinance = (await bob.client.request('GET', `/v1/org/department/${finance.objectId}/members`)).json.data;
    expect(inFinance.map((m: { userName: string }) => m.userName)).toEqual(['爱丽丝']);
    expect(inFinance[0].mainDepartmentId).toBe(finance.objectId);

    const subs = (await team.owner.request('GET', `/v1/org/department/${finance.objectId}/departments`)).json.data;
    expect(names(subs)).toEqual(['前端组']);
    expect((await team.owner.request('DELETE', `/v1/org/department/${finance.objectId}`)).json).toEqual({ data: true });
    const rootMembers = (await team.owner.request('GET', `/v1/org/department/${rootId}/members`)).json.data;
    expect(rootMembers.map((m: { userName: string }) => m.userName)).toContain('爱丽丝');
    const after = (await team.owner.request('GET', `/v1/org/department/${rootId}/departments`)).json.data;
    expect(names(after)).toContain('前端组');
  });
});

describe('members', () => {
  it('searches members by name with paging and a total', async () => {
    const page = await bob.client.request('POST', '/v1/org/member/page', {
      body: { keyword: '爱', pageSize: 10, pageIndex: 0 },
    });
    expect(page.json.data.totalCount).toBe(1);
    expect(page.json.data.resultList[0].userName).toBe('爱丽丝');
    const paged = await bob.client.request('POST', '/v1/org/member/page', { body: { pageSize: 2, pageIndex: 1 } });
    expect(paged.json.data.totalCount).toBe(3);
    expect(paged.json.data.resultList).toHaveLength(1);
    const wild = await bob.client.request('POST', '/v1/org/member/page', {
      body: { keyword: '%', pageSize: 10, pageIndex: 0 },
    });
    expect(wild.json.data.totalCount).toBe(0);
  });

  it('hides contact details a member chose to hide, from other members but not from admins', async () => {
    expect(
      (await alice.client.request('POST', '/v1/org/member/setMemberPrivacy', { body: { privacyItems: ['mobile'] } }))
        .status,
    ).toBe(200);
    expect((await alice.client.request('GET', '/v1/org/member/getMemberPrivacy')).json.data).toEqual({
      privacyItems: ['mobile'],
    });
    const seenByBob = (
      await bob.client.request('POST', '/v1/org/member/page', {
        body: { keyword: '爱丽丝', pageSize: 5, pageIndex: 0 },
      })
    ).json.data.resultList[0];
    expect(seenByBob.mobile).toBe('');
    const seenByOwner = (
      await team.owner.request('POST', '/v1/org/member/page', {
        body: { keyword: '爱丽丝', pageSize: 5, pageIndex: 0 },
      })
    ).json.data.resultList[0];
    expect(seenByOwner.mobile).toMatch(/^1\d{10}$/);
    const byHiddenMobile = await bob.client.request('POST', '/v1/org/member/page', {
      body: { keyword: seenByOwner.mobile, pageSize: 5, pageIndex: 0 },
    });
    expect(byHiddenMobile.json.data.totalCount).toBe(0);
  });

  it('lets the owner grant admin; an admin manages departments but cannot grant roles', async () => {
    expect(
      (await bob.client.request('POST', '/v1/org/department', { body: { parentId: rootId, name: '鲍勃部' } })).status,
    ).toBe(403);
    expect(
      (await team.owner.request('PUT', '/v1/org/member/role', { body: { memberId: bob.memberId, role: 'admin' } }))
        .status,
    ).toBe(200);
    expect(
      (await bob.client.request('POST', '/v1/org/department', { body: { parentId: rootId, name: '鲍勃部' } })).status,
    ).toBe(200);
    const grant = await bob.client.request('PUT', '/v1/org/member/role', {
      body: { memberId: alice.memberId, role: 'admin' },
    });
    expect(grant.status).toBe(403);
    expect(grant.json.errorMessage).toBe('仅团队所有者可以执行此操作');
  });

  it('deactivates a member, who then loses access and is listed as inactive', async () => {
    const carol = await joinTeam(server, team, '卡罗尔');
    expect(
      (
        await team.owner.request('PUT', '/v1/org/member/state', {
          body: { memberId: carol.memberId, state: 'INACTIVE' },
        })
      ).status,
    ).toBe(200);
    expect((await carol.client.request('GET', '/v1/org/department/root')).status).toBe(403);
    const inactive = (await team.owner.request('GET', `/v1/org/member/listInactiveMembers/${rootId}`)).json.data;
    expect(inactive.map((m: { userName: string }) => m.userName)).toEqual(['卡罗尔']);
    expect((await alice.client.request('GET', `/v1/org/member/listInactiveMembers/${rootId}`)).status).toBe(403);
  });

  it('transfers ownership: the new owner owns, the former owner becomes admin', async () => {
    const res = await team.owner.request('PUT', '/v1/org/member/operate/changeOwner', {
      body: { memberId: alice.memberId },
    });
    expect(res.json).toEqual({ data: true });
    const ownerView = (await team.owner.request('GET', '/v1/engine/list')).json.data[0];
    expect(ownerView).toMatchObject({ ownFlag: false, adminFlag: true });
    const aliceView = (await alice.client.request('GET', '/v1/engine/list')).json.data[0];
    expect(aliceView).toMatchObject({ ownFlag: true, adminFlag: false });
    expect((await alice.client.request('GET', '/v1/org/member/info')).json.data.corpOwner).toBe(true);
    // And back, so the former owner may leave later in other suites' spirit.
    await alice.client.request('PUT', '/v1/org/member/operate/changeOwner', { body: { memberId: team.memberId } });
  });

  it('switches features on and off for the team, refusing unknown codes', async () => {
    expect(
      (await team.owner.request('PUT', '/v1/corp/features', { body: { featureList: ['Applog', 'appShare'] } })).status,
    ).toBe(200);
    expect((await alice.client.request('GET', '/v1/corp/features')).json.data.featureList).toEqual([
      'Applog',
      'appShare',
    ]);
    const bad = await team.owner.request('PUT', '/v1/corp/features', { body: { featureList: ['GodMode'] } });
    expect(bad.json.fieldErrors).toEqual([{ field: 'featureList', message: '未知的功能开关GodMode' }]);
  });
});

describe('names by id', () => {
  it('answers members and departments of this team only', async () => {
    const other = await createTeam(server, '旁队');
    const res = await bob.client.request('POST', '/v1/org/member/byIds', {
      body: { ids: [alice.memberId, other.memberId] },
    });
    expect(res.json.data.map((m: { userName: string }) => m.userName)).toEqual(['爱丽丝']);
    const depts = await bob.client.request('POST', '/v1/org/department/byIds', { body: { ids: [rootId, 'nope'] } });
    expect(depts.json.data.map((d: { objectId: string }) => d.objectId)).toEqual([rootId]);
  });
});

describe('user info by id', () => {
  it('answers the spec fields of a member of the same team, honouring privacy, and nothing across teams', async () => {
    const dave = await joinTeam(server, team, '戴夫');
    const erin = await joinTeam(server, team, '艾琳');
    const erinUser = (await erin.client.request('GET', '/v1/user/information/basic')).json.data;
    await erin.client.request('PUT', '/v1/user/information/profile', {
      body: { personalSignature: '专注交付' },
    });
    const sales = (
      await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name: '售后部' } })
    ).json.data;
    await team.owner.request('PUT', '/v1/org/member/departments', {
      body: { memberId: erin.memberId, departmentIds: [sales.objectId, rootId] },
    });
    await erin.client.request('POST', '/v1/org/member/setMemberPrivacy', {
      body: { privacyItems: ['mobile', 'email'] },
    });

    const rootName = (await dave.client.request('GET', '/v1/org/department/root')).json.data.name;
    const seenByDave = await dave.client.request('GET', `/v1/org/user/${erinUser.id}`);
    expect(seenByDave.json.data).toEqual({
      id: erinUser.id,
      memberId: erin.memberId,
      name: '艾琳',
      avatarUrl: erinUser.avatarUrl,
      profilePhotoUrl: erinUser.avatarUrl,
      mediumProfilePhotoUrl: erinUser.avatarUrl,
      bigProfilePhotoUrl: erinUser.avatarUrl,
      personalSignature: '专注交付',
      mobile: '',
      email: '',
      department: '售后部',
      departmentId: sales.objectId,
      departments: expect.arrayContaining([
        { objectId: sales.objectId, name: '售后部' },
        { objectId: rootId, name: rootName },
      ]),
      external: false,
    });
    // The team's managers and the person themselves see the hidden contact fields.
    expect((await team.owner.request('GET', `/v1/org/user/${erinUser.id}`)).json.data.mobile).toBe(erinUser.mobile);
    expect((await erin.client.request('GET', `/v1/org/user/${erinUser.id}`)).json.data.mobile).toBe(erinUser.mobile);

    // Someone of another team is "no such member", exactly like an id that does not exist.
    const other = await createTeam(server, '隔壁团队', '隔壁老板');
    const otherUser = (await other.owner.request('GET', '/v1/user/information/basic')).json.data.id;
    const across = await dave.client.request('GET', `/v1/org/user/${otherUser}`);
    expect(across.status).toBe(404);
    expect(across.json.errorMessage).toBe('成员不存在');
    expect((await dave.client.request('GET', '/v1/org/user/u-nobody')).json).toEqual(across.json);
    // The other team's owner cannot read this team's member either.
    expect((await other.owner.request('GET', `/v1/org/user/${erinUser.id}`)).status).toBe(404);

    // An id starting with # is an external person: answered as such, with nothing else.
    const external = await dave.client.request('GET', `/v1/org/user/${encodeURIComponent('#wx-guest')}`);
    expect(external.json.data).toMatchObject({ id: '#wx-guest', external: true, name: '', mobile: '', memberId: '' });
  });
});
