import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, joinTeamOf, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * The applicant's side of an approval (issue 29): the new-record form shows the approver chain the
 * values entered lead to; the approver's action ends in a success state with the form read-only,
 * and 流程记录 lists the steps to come; a return reaches the applicant's open grid live as
 * 已退回 / 待重新提交.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (page: Page) => page.locator('.ant-message').innerText();

describe('an approval as the applicant lives it', () => {
  let owner: Page;
  let applicant: Page;
  let appCode = '';
  let schemaCode = '';
  let tablePath = '';
  let instanceId = '';
  const f: Record<string, string> = {};

  it('sets up a table whose flow branches on the amount, approved by the owner', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '周总', '青禾科技');
    await createBlankApp(owner, '行政审批');
    await createTable(owner, '报销单');
    [, , appCode = '', schemaCode = ''] = new URL(owner.url()).pathname.split('/');
    tablePath = `/app/${appCode}/${schemaCode}`;
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const add = async (name: string, type: string) => {
      const res = await pageApi<{ code: string }>(owner, 'POST', `${base}/fields`, { name, type });
      expect(res.status).toBe(200);
      return res.data.code;
    };
    f.reason = await add('事由', 'text');
    f.amount = await add('金额', 'number');

    applicant = (await newPage(browser, server.baseUrl)).page;
    await joinTeamOf(owner, applicant, '小林');
    const userId = (await pageApi<{ id: string }>(applicant, 'GET', '/v1/user/information/basic')).data.id;
    expect(
      (await pageApi(owner, 'POST', '/v1/apps/role/add', { appCode, userIds: [userId], role: 'member' })).status,
    ).toBe(200);
    const ownerId = (await pageApi<{ memberId: string }>(owner, 'GET', '/v1/org/member/info')).data.memberId;
    const comment = { enableComment: true, required: false };
    const approve = (id: string, name: string, fieldRules: Record<string, string> = {}) => ({
      id,
      type: 'approve',
      name,
      settings: {
        participants: [{ kind: 'members', ids: [ownerId] }],
        mode: 'any',
        whenEmpty: 'error',
        fieldRules,
        comment: { approve: comment, reject: comment },
        actions: ['revert', 'comment'],
        closeRevert: false,
        closeTerminate: false,
        rejectTo: 'end',
      },
    });
    const nodes = [
      { id: 'start', type: 'start', name: '发起', next: 'cond', settings: { fieldRules: {} } },
      {
        id: 'cond',
        type: 'condition',
        name: '金额判断',
        next: 'cc',
        settings: {
          branches: [
            {
              id: 'big',
              name: '大额',
              next: 'boss',
              filter: { op: 'and', conditions: [{ field: f.amount, operator: 'gt', value: 1000 }] },
            },
            { id: 'else', name: '其他情况', isElse: true, next: 'lead' },
          ],
        },
      },
      // The approver may correct 事由 at this node (so the form has an input until they act).
      approve('boss', '总经理审批', { [f.reason]: 'editable' }),
      approve('lead', '部门审批'),
      {
        id: 'cc',
        type: 'cc',
        name: '抄送申请人',
        settings: { participants: [{ kind: 'originator' }], fieldRules: {} },
      },
    ];
    expect((await pageApi(owner, 'PUT', `${base}/workflow`, { definition: { nodes } })).status).toBe(200);
    expect((await pageApi(owner, 'POST', `${base}/workflow/publish`)).status).toBe(200);
  });

  it('the new-record form shows the approver chain for the values entered so far', async () => {
    await applicant.goto(tablePath);
    await applicant.getByTestId('record-add').click();
    const form = applicant.getByTestId('record-form');
    const chain = form.getByTestId('approver-chain');
    const steps = () => chain.getByTestId('path-step').allInnerTexts();
    await expect.poll(steps).toEqual([expect.stringContaining('部门审批'), expect.stringContaining('抄送申请人')]);
    expect((await steps())[0]).toContain('周总');
    expect((await steps())[1]).toContain('小林');
    await form.getByTestId('form-field-事由').locator('input').fill('客户拜访差旅');
    await form.getByTestId('form-field-金额').locator('input').fill('5000');
    await expect.poll(steps).toEqual([expect.stringContaining('总经理审批'), expect.stringContaining('抄送申请人')]);
    await shot(applicant, 'applicant-approver-chain');
    await applicant.getByTestId('record-submit').click();
    await expect.poll(() => toast(applicant)).toContain('已提交审批');
    await applicant.getByTestId('record-drawer').locator('.ant-drawer-close').click();
    await expect.poll(() => applicant.getByTestId('flow-state').first().innerText()).toBe('审批中');
    const rows = await pageApi<{ resultList: { id: string }[] }>(
      applicant,
      'POST',
      `/v1/apps/${appCode}/schemas/${schemaCode}/records/query`,
      {},
    );
    const recordId = rows.data.resultList[0]?.id ?? '';
    const flow = await pageApi<{ instance: { instanceId: string } }>(
      applicant,
      'GET',
      `/v1/apps/${appCode}/schemas/${schemaCode}/records/${recordId}/workflow`,
    );
    instanceId = flow.data.instance.instanceId;
    expect(instanceId).toBeTruthy();
  });

  /** The owner's approval page at their open item. */
  async function openTask(page: Page) {
    const detail = await pageApi<{ myWorkItems: { workItemId: string }[] }>(
      page,
      'GET',
      `/v1/workflow/instance?instanceId=${instanceId}`,
    );
    const item = detail.data.myWorkItems[0]?.workItemId ?? '';
    expect(item).toBeTruthy();
    await page.goto(`/workflow/${appCode}/approval?instanceId=${instanceId}&workitemId=${item}`);
    await page.getByTestId('wf-action-bar').waitFor();
  }

  it('a return reaches the applicant’s open grid live as 已退回 / 待重新提交', async () => {
    await openTask(owner);
    await owner.getByTestId('wf-comment').fill('请补充发票');
    await owner.getByTestId('wf-action-revert').click();
    await owner.getByTestId('wf-revert-dialog').waitFor();
    await expect.poll(() => owner.getByTestId('wf-revert-target').innerText()).toBe('小林（发起人）');
    await owner.getByTestId('wf-revert-ok').click();
    await expect.poll(() => toast(owner)).toContain('已退回');
    await expect.poll(() => owner.getByTestId('approval-mine-done').innerText()).toMatch(/你已退回 · \d{2}:\d{2}/);

    // The applicant's grid was open all along: no reload.
    await expect.poll(() => applicant.getByTestId('flow-state').first().innerText()).toBe('已退回 / 待重新提交');
    await expect.poll(() => applicant.getByTestId('cell-flow-node').first().innerText()).toBe('发起');
    await shot(applicant, 'applicant-grid-returned');
    const letters = await pageApi<{ resultList: { content: string }[] }>(applicant, 'GET', '/v1/appletter/list');
    expect(letters.data.resultList[0]?.content).toMatch(/^你的报销单被周总退回：请补充发票/);

    // The applicant resubmits from their item.
    await openTask(applicant);
    await applicant.getByTestId('wf-action-submit').click();
    await expect.poll(() => toast(applicant)).toContain('已提交');
    await expect.poll(() => applicant.getByTestId('approval-mine-done').innerText()).toContain('你已提交');
  });

  it('after approving, the approver sees a success state and a read-only form; 流程记录 lists what comes', async () => {
    await openTask(owner);
    const timeline = owner.getByTestId('approval-timeline');
    await timeline.getByTestId('timeline-ahead').waitFor();
    await expect
      .poll(() => timeline.getByTestId('path-step').allInnerTexts())
      .toEqual([expect.stringContaining('抄送申请人')]);
    await expect.poll(() => owner.getByTestId('form-field-事由').locator('input').count()).toBe(1);
    await shot(owner, 'approver-path-ahead');
    await owner.getByTestId('wf-action-approve').click();
    await expect.poll(() => toast(owner)).toContain('已同意');
    const done = owner.getByTestId('approval-mine-done');
    await expect.poll(() => done.innerText()).toMatch(/你已同意 · \d{2}:\d{2}/);
    expect(await owner.getByTestId('approval-handled').count()).toBe(0);
    // Read-only now: the field the node let them edit shows its value, and nothing is offered to decide.
    await expect.poll(() => owner.getByTestId('form-field-事由').locator('input').count()).toBe(0);
    expect(await owner.getByTestId('wf-action-approve').count()).toBe(0);
    await expect.poll(() => owner.getByTestId('flow-state').innerText()).toBe('已通过');
    await shot(owner, 'approver-success');
  });

  it('a new condition branch says what the engine needs, not the view filter’s text', async () => {
    await owner.goto(`/workflow/${appCode}?schemaCode=${schemaCode}`);
    await owner.getByTestId('wf-canvas').waitFor();
    await owner.getByTestId('wf-plus-after-发起').click();
    await owner.getByTestId('wf-add-condition').click();
    await owner.getByTestId('wf-branch-条件1').click();
    const panel = owner.getByTestId('wf-node-drawer').getByTestId('filter-panel');
    await expect
      .poll(() => panel.innerText())
      .toContain('还没有表单条件。此分支至少需要一个表单条件或发起人条件，流程才能发布。');
    expect(await panel.innerText()).not.toContain('显示全部数据');
    await shot(owner, 'branch-empty-conditions');
  });
});
