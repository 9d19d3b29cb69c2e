import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, joinTeamOf, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * To-dos end to end (issues 11, 29): the owner submits a record into a flow whose approver is a
 * member WITHOUT a role in the app; the approver sees it in the home panel and the header badge —
 * who filed which table, the record's title and a summary — opens the approval view from the
 * panel, approves, and panel and badge update. Then /todos: groups per table, rows opened from the
 * keyboard, batch approve behind a dialog naming the count and asking the comment one node
 * requires, with a result per item, the done list.
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

function flow(approverId: string, commentRequired: boolean) {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', next: 'a', settings: { fieldRules: {} } },
      {
        id: 'a',
        type: 'approve',
        name: '主管审批',
        settings: {
          participants: [{ kind: 'members', ids: [approverId] }],
          mode: 'any',
          whenEmpty: 'error',
          fieldRules: {},
          comment: {
            approve: { enableComment: true, required: commentRequired },
            reject: { enableComment: true, required: false },
          },
          actions: ['comment'],
          closeRevert: false,
          closeTerminate: false,
          rejectTo: 'end',
        },
      },
    ],
  };
}

describe('to-dos', () => {
  let owner: Page;
  let approver: Page;
  let appCode = '';
  let expenses = '';
  let purchases = '';
  let reason = '';
  let purchaseReason = '';
  let amount = '';
  let purchaseAmount = '';
  let submittedAt = 0;
  let approverId = '';
  let ownerId = '';
  /** The bodies of the to-do requests each page sent, in order. */
  const sent = new Map<Page, { path: string; body: Record<string, unknown> }[]>();
  const record = (page: Page) => {
    sent.set(page, []);
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST' && (path === '/v1/todos/list' || path === '/v1/todos/page'))
        sent.get(page)?.push({ path, body: r.postDataJSON() as Record<string, unknown> });
    });
  };
  const lastList = (page: Page) =>
    sent
      .get(page)
      ?.filter((r) => r.path === '/v1/todos/list')
      .at(-1)?.body;

  it('sets up two tables with flows whose approver has no role in the app', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '周总', '青禾科技');
    await createBlankApp(owner, '行政审批');
    await createTable(owner, '费用报销');
    [, , appCode = '', expenses = ''] = new URL(owner.url()).pathname.split('/');
    approver = (await newPage(browser, server.baseUrl)).page;
    await joinTeamOf(owner, approver, '艾审批');
    approverId = (await pageApi<{ memberId: string }>(approver, 'GET', '/v1/org/member/info')).data.memberId;
    ownerId = (await pageApi<{ memberId: string }>(owner, 'GET', '/v1/org/member/info')).data.memberId;
    record(owner);
    record(approver);
    const field = async (schemaCode: string, name = '事由', type = 'text') =>
      (
        await pageApi<{ code: string }>(owner, 'POST', `/v1/apps/${appCode}/schemas/${schemaCode}/fields`, {
          name,
          type,
        })
      ).data.code;
    reason = await field(expenses);
    amount = await field(expenses, '金额', 'number');
    const node = await pageApi<{ code: string }>(owner, 'POST', `/v1/apps/${appCode}/nodes`, {
      type: 'Schema',
      displayName: '采购申请',
    });
    purchases = node.data.code;
    purchaseReason = await field(purchases);
    purchaseAmount = await field(purchases, '金额', 'number');
    for (const [schemaCode, strict] of [
      [expenses, false],
      [purchases, true],
    ] as const) {
      const base = `/v1/apps/${appCode}/schemas/${schemaCode}/workflow`;
      expect((await pageApi(owner, 'PUT', base, { definition: flow(approverId, strict) })).status).toBe(200);
      expect((await pageApi(owner, 'POST', `${base}/publish`)).status).toBe(200);
    }
  });

  it('the approver sees nothing to do yet', async () => {
    await approver.goto('/home');
    await expect.poll(() => approver.getByTestId('todo-panel').innerText()).toContain('当前暂无待办任务');
    await expect.poll(() => approver.locator('[data-testid="header-todo-badge"] .ant-badge-count').count()).toBe(0);
  });

  it('the owner submits a record into the flow', async () => {
    await owner.goto(`/app/${appCode}/${expenses}`);
    await owner.getByTestId('record-add').click();
    await owner.getByTestId('record-form').getByTestId('form-field-事由').locator('input').fill('客户拜访差旅');
    await owner.getByTestId('record-form').getByTestId('form-field-金额').locator('input').fill('1280');
    await owner.getByTestId('record-submit').click();
    await expect.poll(() => toast(owner)).toContain('已提交审批');
    submittedAt = Date.now();
  });

  it('the approver sees it in the panel and the badge, opens it from the panel and approves', async () => {
    // No reload since the empty panel, and to-do queries never poll: only the live push can bring it.
    expect(new URL(approver.url()).pathname).toBe('/home');
    const item = approver.getByTestId('todo-panel-item');
    await expect.poll(() => item.count()).toBe(1);
    console.info(`to-do reached the open workbench ${Date.now() - submittedAt} ms after the submit was confirmed`);
    // Who filed which table, the record's title, its summary, the node and how long it has waited.
    expect(await item.getByTestId('todo-panel-title').innerText()).toBe('周总提交的费用报销 · 客户拜访差旅');
    expect(await item.getByTestId('todo-summary').innerText()).toBe('金额：1,280');
    expect(await item.getByTestId('todo-meta').innerText()).toMatch(/^主管审批 · (刚刚到达|已等待 \d+ 分钟)$/);
    // The receive time, labelled as such (spec §3: createTime shown as receive time).
    expect(await item.getByTestId('todo-panel-received').innerText()).toMatch(/^接收时间：/);
    // Spec §7: the panel's request is exactly these parameters.
    const panelRequest = sent
      .get(approver)
      ?.filter((r) => r.path === '/v1/todos/page')
      .at(-1)?.body;
    expect(panelRequest).toEqual({
      participantId: approverId,
      appCodes: [],
      schemaCodes: [],
      state: 0,
      pageSize: 6,
      pageIndex: 0,
      sortDirection: 1,
    });
    await expect
      .poll(() => approver.locator('[data-testid="header-todo-badge"] .ant-badge-count').innerText())
      .toContain('1');
    await shot(approver, 'todos-home-panel');
    await item.locator('a').click();
    await approver.getByTestId('approval-page').waitFor();
    expect(new URL(approver.url()).pathname).toBe(`/workflow/${appCode}/approval`);
    await approver.getByTestId('wf-action-bar').waitFor();
    // The table and form came with the view context: the app's own calls would refuse this member.
    await expect.poll(() => approver.getByTestId('approval-form').innerText()).toContain('客户拜访差旅');
    await shot(approver, 'todos-approval-view-no-role');
    await approver.getByTestId('wf-action-approve').click();
    await expect.poll(() => toast(approver)).toContain('已同意');
    await approver.goto('/home');
    await expect.poll(() => approver.getByTestId('todo-panel').innerText()).toContain('当前暂无待办任务');
    await expect.poll(() => approver.locator('[data-testid="header-todo-badge"] .ant-badge-count').count()).toBe(0);
  });

  it('the rest of the app stays closed to the approver', async () => {
    await approver.goto(`/workflow/${appCode}`);
    await expect.poll(() => new URL(approver.url()).pathname).toBe('/appNotFound');
  });

  it('/todos: groups, filters, batch approve with an item that needs a comment, the done list', async () => {
    const start = async (schemaCode: string, data: Record<string, unknown>) =>
      expect((await pageApi(owner, 'POST', '/v1/workflow/start', { appCode, schemaCode, data })).status).toBe(200);
    await start(expenses, { [reason]: '办公用品', [amount]: 320 });
    await start(expenses, { [reason]: '团建', [amount]: 2000 });
    await start(purchases, { [purchaseReason]: '服务器', [purchaseAmount]: 56000 });

    // The owner's "started by me": originator = the member, state 0; his app's groups.
    await owner.goto('/todos/original');
    const ownerRows = owner.getByTestId('todos-row');
    await expect.poll(() => ownerRows.count()).toBe(3);
    expect(lastList(owner)).toMatchObject({ originator: ownerId, state: 0, appCodes: [], schemaCodes: [] });
    expect(lastList(owner)).not.toHaveProperty('taskType');
    expect(lastList(owner)).not.toHaveProperty('group');
    const ownerGroups = owner.getByTestId('todo-groups');
    await expect.poll(() => ownerGroups.innerText()).toContain('行政审批');
    // Choosing the app lists that app's items with appCodes = [the app].
    await ownerGroups.getByText('采购申请').click();
    await expect.poll(() => ownerRows.count()).toBe(1);
    expect(lastList(owner)).toMatchObject({ appCodes: [appCode], schemaCodes: [purchases] });
    await ownerGroups.locator('.ant-menu-submenu-title', { hasText: '行政审批' }).click();
    await expect.poll(() => lastList(owner)?.schemaCodes).toEqual([]);
    expect(lastList(owner)).toMatchObject({ originator: ownerId, appCodes: [appCode] });
    await expect.poll(() => ownerRows.count()).toBe(3);
    await ownerGroups.getByText('全部', { exact: true }).click();
    await expect.poll(() => lastList(owner)?.appCodes).toEqual([]);

    await approver.goto('/todos');
    await expect.poll(() => new URL(approver.url()).pathname).toBe('/todos/todo');
    // Spec §3: the filter for state 0 is "待我处理".
    expect(await approver.getByTestId('todos-tab-todo').innerText()).toBe('待我处理');
    const rows = approver.getByTestId('todos-row');
    await expect.poll(() => rows.count()).toBe(3);
    const request = lastList(approver);
    expect(request).toMatchObject({
      participantId: approverId,
      state: 0,
      appCodes: [],
      schemaCodes: [],
      pageSize: 20,
      pageIndex: 0,
      matchers: { keyword: '' },
    });
    expect(request).not.toHaveProperty('taskType');
    // The app is not in the approver's app list (no role in it): its items count under "other".
    const groupsMenu = approver.getByTestId('todo-groups');
    await expect.poll(() => groupsMenu.innerText()).toContain('其他');
    expect(await groupsMenu.innerText()).not.toContain('行政审批');
    // Each group's count sits inside its row, clear of the selected row's pill edge.
    const chosenGroup = groupsMenu.locator('.ant-menu-item-selected');
    const pill = await chosenGroup.boundingBox();
    const badge = await chosenGroup.getByTestId('todo-group-count').boundingBox();
    if (!pill || !badge) throw new Error('the selected group or its count is not shown');
    expect(badge.x + badge.width).toBeLessThanOrEqual(pill.x + pill.width - 8);
    expect(badge.y).toBeGreaterThanOrEqual(pill.y + 4);
    expect(badge.y + badge.height).toBeLessThanOrEqual(pill.y + pill.height - 4);
    // Each row: who filed which table and the record's title, its summary, the node, the app and table,
    // the receive time.
    const firstRow = approver.locator('[data-testid="todos-list"] tbody tr.ant-table-row').first();
    const rowText = await firstRow.innerText();
    for (const part of ['周总提交的采购申请 · 服务器', '金额：56,000', '行政审批', '采购申请', '主管审批'])
      expect(rowText).toContain(part);
    expect(rowText).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await shot(approver, 'todos-list');

    // The keyboard reaches a row: Tab from its checkbox (labelled by the item) lands on its title's
    // link, and Enter opens the item.
    const box = firstRow.locator('.ant-checkbox-input');
    expect(await box.getAttribute('aria-label')).toBe('选择：周总提交的采购申请 · 服务器');
    await box.focus();
    await approver.keyboard.press('Tab');
    await expect
      .poll(() => approver.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('todos-row-link');
    await shot(approver, 'todos-row-focus');
    await approver.keyboard.press('Enter');
    await approver.getByTestId('approval-page').waitFor();
    await expect.poll(() => approver.getByTestId('approval-form').innerText()).toContain('服务器');
    await approver.goBack();
    await expect.poll(() => rows.count()).toBe(3);

    // Every open approval can be selected, the one whose node requires a comment too.
    const boxes = approver.locator('[data-testid="todos-list"] tbody .ant-checkbox-input');
    const states = await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).disabled));
    expect(states).toEqual([false, false, false]);
    await approver.locator('[data-testid="todos-list"] thead .ant-checkbox-input').check();
    await expect.poll(() => approver.getByTestId('todos-batch-approve').innerText()).toContain('3');
    await approver.getByTestId('todos-batch-approve').click();
    // Nothing happens before the confirmation, which names the count and asks for the comment.
    const dialog = approver.getByTestId('todos-batch-dialog');
    await expect.poll(() => dialog.innerText()).toContain('批量同意 3 项待办');
    expect(await dialog.innerText()).toContain('选中的待办中有 1 项的节点要求填写处理意见');
    await dialog.getByTestId('todos-batch-confirm').click();
    await expect.poll(() => dialog.innerText()).toContain('请填写处理意见');
    expect(await rows.count()).toBe(3);
    await shot(approver, 'todos-batch-dialog');
    // Meanwhile one of them is handled elsewhere: its result says so, the others go through.
    const teamBuilding = (
      await pageApi<{ resultList: { about: { title: string }; todos: { workItemId: string }[] }[] }>(
        approver,
        'POST',
        '/v1/todos/list',
        { taskType: 'todo', pageSize: 20, pageIndex: 0 },
      )
    ).data.resultList.find((i) => i.about.title === '团建');
    const handled = await pageApi(approver, 'POST', '/v1/workflow/approval', {
      workItem: { workItemId: teamBuilding?.todos[0]?.workItemId },
    });
    expect(handled.status).toBe(200);
    await dialog.getByTestId('todos-batch-comment').fill('同意，按预算执行');
    await dialog.getByTestId('todos-batch-confirm').click();
    const results = approver.getByTestId('todos-batch-results');
    await expect.poll(() => results.innerText()).toContain('2 项成功，1 项失败');
    const lines = await results.getByTestId('todos-batch-result').allInnerTexts();
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('团建'))).toMatch(/失败[\s\S]*该流程已结束，无法操作/);
    expect(lines.filter((l) => l.includes('成功'))).toHaveLength(2);
    await shot(approver, 'todos-batch-results');
    await results.getByTestId('todos-batch-close').click();
    await expect.poll(() => rows.count()).toBe(0);
    await expect.poll(() => approver.locator('[data-testid="header-todo-badge"] .ant-badge-count').count()).toBe(0);

    await approver.getByTestId('todos-tab-done').click();
    await expect.poll(() => new URL(approver.url()).pathname).toBe('/todos/done');
    await expect.poll(() => rows.count()).toBe(4);
    await approver.getByTestId('todos-tab-original').click();
    await expect.poll(() => approver.getByTestId('todos-list').innerText()).toContain('暂无我发起的流程');
    await shot(approver, 'todos-original-empty');
  });
  it("the designer picks the flow's summary fields; new and running to-dos show them once published", async () => {
    await owner.goto(`/workflow/${appCode}?schemaCode=${expenses}`);
    await owner.getByTestId('wf-canvas').waitFor();
    await owner.getByTestId('wf-summary-button').click();
    await owner.getByTestId('wf-summary-fields').click();
    await owner.locator('.ant-select-item-option', { hasText: '金额' }).click();
    await owner.locator('.ant-select-item-option', { hasText: '事由' }).click();
    await expect.poll(() => owner.getByTestId('wf-summary-button').innerText()).toContain('2/3');
    await shot(owner, 'todos-designer-summary');
    await owner.keyboard.press('Escape');
    await owner.getByTestId('wf-publish').click();
    await expect.poll(() => toast(owner)).toContain('已发布，当前版本 v2');
    expect(
      (
        await pageApi(owner, 'POST', '/v1/workflow/start', {
          appCode,
          schemaCode: expenses,
          data: { [reason]: '差旅费', [amount]: 880 },
        })
      ).status,
    ).toBe(200);
    await approver.goto('/todos/todo');
    const summary = approver.getByTestId('todos-row').getByTestId('todo-summary');
    await expect.poll(() => summary.innerText()).toBe('金额：880 · 事由：差旅费');
  });
});
