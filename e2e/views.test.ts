import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { createBlankApp, createTable, pageApi, pickOption, registerWithTeam, settled, shot } from './steps.js';

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

/** Picks an option of an antd Select by typing and clicking it. */
/** The name on the selected view tab. */
const activeView = (page: Page) => page.locator('.ant-tabs-tab-active [data-testid^="view-tab-"]').innerText();

interface Row {
  id: string;
  title: string;
  version: number;
  data: Record<string, unknown>;
}

const options = [
  { id: 'todo', label: '待办', color: '#1677ff' },
  { id: 'doing', label: '进行中', color: '#faad14' },
  { id: 'done', label: '完成', color: '#52c41a' },
];
const deals: [string, string, number, string][] = [
  ['华东集团年度采购', 'todo', 52000, '2025-03-03'],
  ['星河科技续约', 'doing', 18000, '2025-03-05'],
  ['晨光文具补货', 'todo', 800, '2025-03-05'],
  ['远航物流运输', 'done', 96000, '2025-03-10'],
  ['青木设计外包', 'doing', 4200, '2025-03-12'],
  ['北辰医疗设备', 'todo', 150000, '2025-03-18'],
  ['南山茶业礼盒', 'done', 2600, '2025-03-20'],
  ['西岭户外装备', 'doing', 640, '2025-03-25'],
];

describe('views of a data table', () => {
  let page: Page;
  let base = '';
  let tablePath = '';
  const f: Record<string, string> = {};

  const titles = (scope: Locator) => scope.getByTestId('record-title').allInnerTexts();
  const records = async () =>
    (await pageApi<{ resultList: Row[] }>(page, 'POST', `${base}/records/query`, { limit: 100 })).data.resultList;

  it('sets up a table with fields and records', async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await registerWithTeam(page, '林晓', '远山贸易');
    await createBlankApp(page, '销售管理');
    await createTable(page, '商机');

    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    tablePath = `/app/${appCode}/${schemaCode}`;
    const add = async (name: string, type: string, settings?: unknown) => {
      const res = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type, settings });
      expect(res.status).toBe(200);
      return res.data.code;
    };
    f.name = await add('商机名称', 'text');
    f.status = await add('阶段', 'singleSelect', { options });
    f.amount = await add('金额', 'money');
    f.date = await add('预计成交', 'date');
    for (const [name, status, amount, date] of deals) {
      const data = { [f.name]: name, [f.status]: status, [f.amount]: amount, [f.date]: date };
      expect((await pageApi(page, 'POST', `${base}/records`, { data })).status).toBe(200);
    }

    await page.reload();
    const grid = page.getByTestId('grid-view');
    await expect.poll(() => titles(grid).then((t) => t.length)).toBe(8);
    await expect.poll(() => page.getByTestId('record-count').innerText()).toBe('共 8 条');
    await expect.poll(() => page.getByTestId('view-tab-全部数据').isVisible()).toBe(true);
    await shot(page, 'views-grid');

    // Quick search narrows the list and the count; clearing it brings everything back.
    await page.getByTestId('view-search').fill('科技');
    await expect.poll(() => titles(grid)).toEqual(['星河科技续约']);
    await expect.poll(() => page.getByTestId('record-count').innerText()).toBe('共 1 条');
    await page.getByTestId('view-search').fill('');
    await expect.poll(() => titles(grid).then((t) => t.length)).toBe(8);
  });

  it('builds a view with a filter group, a sort and grouping', async () => {
    await page.getByTestId('view-create').click();
    await page.getByTestId('view-name').fill('重点商机');
    await page.locator('#view-dialog-submit').click();
    await expect.poll(() => activeView(page)).toBe('重点商机');
    await expect.poll(() => page.url()).toMatch(/\/app\/[^/]+\/[^/]+\/v[0-9a-f]+/);

    // 金额 ≥ 1000 and (阶段 = 待办 or 阶段 = 进行中)
    await page.getByTestId('view-filter').click();
    const panel = page.getByTestId('filter-panel');
    await panel.getByTestId('filter-add').click();
    const first = panel.getByTestId('filter-condition').first();
    await pickOption(page, first.getByTestId('filter-field'), '金额');
    await pickOption(page, first.getByTestId('filter-operator'), '大于等于');
    await first.getByTestId('filter-value').locator('input').fill('1000');
    await panel.getByTestId('filter-add-group').click();
    const group = panel.getByTestId('filter-group');
    await pickOption(page, group.getByTestId('filter-field').first(), '阶段');
    await pickOption(page, group.getByTestId('filter-value').first(), '待办');
    await group.getByTestId('filter-group-add').click();
    await pickOption(page, group.getByTestId('filter-field').nth(1), '阶段');
    await pickOption(page, group.getByTestId('filter-value').nth(1), '进行中');
    const grid = page.getByTestId('grid-view');
    await expect
      .poll(() => titles(grid).then((t) => [...t].sort()))
      .toEqual(['北辰医疗设备', '华东集团年度采购', '星河科技续约', '青木设计外包'].sort());
    await expect.poll(() => page.getByTestId('record-count').innerText()).toBe('共 4 条');
    await shot(page, 'views-filter');
    await page.keyboard.press('Escape');
    await page.mouse.click(1300, 120);

    await page.getByTestId('view-sort').click();
    await page.getByTestId('sort-add').click();
    await pickOption(page, page.getByTestId('sort-field'), '金额');
    await page.getByTestId('sort-direction').getByText('降序').click();
    await expect.poll(() => titles(grid)).toEqual(['北辰医疗设备', '华东集团年度采购', '星河科技续约', '青木设计外包']);
    await page.mouse.click(1300, 120);

    await page.getByTestId('view-group').click();
    await pickOption(page, page.getByTestId('view-group-select'), '阶段');
    await expect.poll(() => grid.getByTestId('group-header').count()).toBe(2);
    await expect.poll(() => grid.getByTestId('group-count').allInnerTexts()).toEqual(['2 条', '2 条']);
    await page.mouse.click(1300, 120);
    await shot(page, 'views-grouped');

    // Saved to the view: a fresh load shows the same.
    await expect
      .poll(async () => {
        const views = await pageApi<{ name: string; config: Record<string, unknown> }[]>(page, 'GET', `${base}/views`);
        const view = views.data.find((v) => v.name === '重点商机');
        return [view?.config.groupBy, (view?.config.sorts as unknown[])?.length, JSON.stringify(view?.config.filter)];
      })
      .toEqual([f.status, 1, expect.stringContaining('"conditions":[{"field"')]);
    await page.reload();
    await expect.poll(() => grid.getByTestId('group-header').count()).toBe(2);
    await expect.poll(() => page.getByTestId('view-filter').innerText()).toContain('3 个筛选条件');
  });

  it('edits a cell inline: Enter saves, Esc cancels', async () => {
    const grid = page.getByTestId('grid-view');
    const cell = grid.getByTestId('cell-商机名称').first();
    const before = await cell.innerText();
    await cell.click();
    await grid.getByTestId('cell-editor').locator('input').fill('不会保存');
    await page.keyboard.press('Escape');
    await expect.poll(() => grid.getByTestId('cell-editor').count()).toBe(0);
    await expect.poll(() => cell.innerText()).toBe(before);

    await cell.click();
    await grid.getByTestId('cell-editor').locator('input').fill(`${before}（加急）`);
    await shot(page, 'views-cell-editor');
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.getByTestId('cell-editor').count()).toBe(0);
    await expect
      .poll(async () => (await records()).some((r) => r.data[f.name as string] === `${before}（加急）`))
      .toBe(true);
  });

  it('freezes and hides fields and sets the row height', async () => {
    const grid = page.getByTestId('grid-view');
    await page.getByTestId('view-fields').click();
    await page.getByTestId('fields-row-阶段').getByTestId('fields-freeze').click();
    await page.getByTestId('fields-row-预计成交').getByTestId('fields-toggle').click();
    await expect.poll(() => page.getByTestId('view-fields').innerText()).toContain('1 个隐藏字段');
    await page.mouse.click(1300, 120);
    await page.getByTestId('view-layout').click();
    const tall = page.getByTestId('view-row-height').locator('.ant-segmented-item').filter({ hasText: '高' });
    await tall.click();
    await expect.poll(() => tall.getAttribute('class')).toContain('selected');
    await page.mouse.click(1300, 120);

    const headers = () => grid.locator('.ant-table-thead th').allInnerTexts();
    await expect.poll(headers).not.toContain('预计成交');
    // Freezing moves the column to the front once the view re-renders: wait for it, on a slow machine too.
    await expect.poll(async () => (await headers()).filter(Boolean).slice(0, 2)).toEqual(['标题', '阶段']);
    await expect
      .poll(() =>
        grid
          .locator('.ant-table-thead th')
          .filter({ hasText: /^阶段$/ })
          .evaluate((th) => th.className),
      )
      .toMatch(/fix/);
    const recordRow = grid
      .locator('.ant-table-row')
      .filter({ has: page.getByTestId('record-title') })
      .first();
    await expect.poll(async () => (await recordRow.boundingBox())?.height ?? 0).toBeGreaterThan(90);
    // The frozen column's header sits right above its cells.
    const headerX =
      (
        await grid
          .locator('.ant-table-thead th')
          .filter({ hasText: /^阶段$/ })
          .boundingBox()
      )?.x ?? 0;
    const cellX = (await grid.getByTestId('cell-阶段').first().boundingBox())?.x ?? 0;
    expect(Math.abs(headerX - cellX)).toBeLessThan(24);
    await shot(page, 'views-fields');
    await expect
      .poll(async () => {
        const views = await pageApi<
          {
            name: string;
            config: { rowHeight: string; columns: { field: string; hidden: boolean; frozen?: boolean }[] };
          }[]
        >(page, 'GET', `${base}/views`);
        const config = views.data.find((v) => v.name === '重点商机')?.config;
        return [
          config?.rowHeight,
          config?.columns.find((c) => c.field === f.status)?.frozen,
          config?.columns.find((c) => c.field === f.date)?.hidden,
        ];
      })
      .toEqual(['tall', true, true]);
  });

  it('drags a kanban card to another column', async () => {
    await page.getByTestId('view-create').click();
    await page.getByTestId('view-name').fill('阶段看板');
    await page.getByTestId('view-kind-kanban').click();
    await page.locator('#view-dialog-submit').click();
    const board = page.getByTestId('kanban-view');
    await board.waitFor();
    const column = (label: string) => board.locator(`[data-testid="kanban-column"][data-column="${label}"]`);
    await expect.poll(() => column('待办').getByTestId('record-card').count()).toBe(3);
    await shot(page, 'views-kanban');

    const card = column('待办').getByTestId('record-card').filter({ hasText: '晨光文具补货' });
    const id = await card.getAttribute('data-record-id');
    await card.dragTo(column('完成'));
    await expect.poll(() => column('完成').getByTestId('record-card').count()).toBe(3);
    await expect.poll(async () => (await records()).find((r) => r.id === id)?.data[f.status as string]).toBe('done');
    await shot(page, 'views-kanban-moved');
  });

  it('shows records on a calendar and as a gallery', async () => {
    await page.getByTestId('view-create').click();
    await page.getByTestId('view-name').fill('成交日历');
    await page.getByTestId('view-kind-calendar').click();
    await page.locator('#view-dialog-submit').click();
    await page.getByTestId('calendar-view').waitFor();
    // Go to March 2025 with the month picker in the calendar's header.
    await pickOption(page, page.getByTestId('calendar-year'), '2025年');
    await pickOption(page, page.getByTestId('calendar-month'), '3月');
    await expect.poll(() => page.getByTestId('calendar-day-2025-03-05').getByTestId('calendar-item').count()).toBe(2);
    await shot(page, 'views-calendar');

    await page.getByTestId('view-create').click();
    await page.getByTestId('view-name').fill('商机卡片');
    await page.getByTestId('view-kind-gallery').click();
    await page.locator('#view-dialog-submit').click();
    await expect.poll(() => page.getByTestId('gallery-view').getByTestId('record-card').count()).toBe(8);
    await shot(page, 'views-gallery');
  });

  it('batch-deletes two rows after confirming', async () => {
    await page.getByTestId('view-tab-全部数据').click();
    const grid = page.getByTestId('grid-view');
    await expect.poll(() => titles(grid).then((t) => t.length)).toBe(8);
    const rows = grid.locator('.ant-table-row');
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    const doomed = [
      await rows.nth(0).getByTestId('record-title').innerText(),
      await rows.nth(1).getByTestId('record-title').innerText(),
    ];
    await expect.poll(() => page.getByTestId('batch-bar').innerText()).toContain('已选择 2 条');
    // One field to one value on both, in one transaction.
    await page.getByTestId('batch-update').click();
    await pickOption(page, page.getByTestId('batch-field'), '阶段');
    await pickOption(page, page.getByTestId('batch-value').locator('.ant-select'), '进行中');
    await page.locator('#batch-update-ok').click();
    await expect
      .poll(async () =>
        (await records()).filter((r) => doomed.includes(r.title)).map((r) => r.data[f.status as string]),
      )
      .toEqual(['doing', 'doing']);
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-delete').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').innerText()).toContain('确定删除选中的 2 条数据吗？');
    await shot(page, 'views-batch-delete');
    await settled(page.locator('#batch-delete-ok'));
    await page.locator('#batch-delete-ok').click();
    await expect.poll(() => titles(grid).then((t) => t.length)).toBe(6);
    await expect.poll(() => page.getByTestId('record-count').innerText()).toBe('共 6 条');
    const left = (await records()).map((r) => r.title);
    expect(left).toHaveLength(6);
    for (const title of doomed) expect(left).not.toContain(title);
  });

  it('opens a deep link to a view, and the first view for an unknown code', async () => {
    const views = (await pageApi<{ code: string; name: string }[]>(page, 'GET', `${base}/views`)).data;
    const kanban = views.find((v) => v.name === '阶段看板');
    await page.goto(`${tablePath}/${kanban?.code}`);
    await page.getByTestId('kanban-view').waitFor();
    await page.goto(`${tablePath}/vnope?record=x`);
    await page.getByTestId('grid-view').waitFor();
    await expect.poll(() => page.url()).toContain(`${tablePath}/${views[0]?.code}?record=x`);
  });

  it("mirrors a member's permissions: hidden and read-only fields, no delete, no view settings", async () => {
    const member = (await newPage(browser, server.baseUrl)).page;
    await member.goto('/register');
    await submitRegistration(member, { name: '周琪' });
    await member.getByTestId('team-create-page').waitFor();
    const invitation = await pageApi<{ id: string }>(page, 'POST', '/v1/corpintegrate/invitation', {});
    expect((await pageApi(member, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`)).status).toBe(200);
    const userId = (await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic')).data.id;
    const appCode = tablePath.split('/')[2];
    expect(
      (await pageApi(page, 'POST', '/v1/apps/role/add', { appCode, userIds: [userId], role: 'member' })).status,
    ).toBe(200);
    const saved = await pageApi(page, 'PUT', base, {
      permissions: {
        add: ['manager', 'member'],
        view: ['manager', 'member'],
        edit: ['manager', 'member'],
        delete: ['manager'],
        fields: { [f.amount as string]: { member: 'hidden' }, [f.status as string]: { member: 'readonly' } },
      },
    });
    expect(saved.status).toBe(200);

    await member.goto(tablePath);
    const grid = member.getByTestId('grid-view');
    await expect.poll(() => grid.getByTestId('record-title').count()).toBe(6);
    const headers = await grid.locator('.ant-table-thead th').allInnerTexts();
    expect(headers).toContain('阶段');
    expect(headers).not.toContain('金额');
    // A public view's settings are the designers'; the member searches but does not change it.
    await member.getByTestId('view-locked').waitFor();
    await expect.poll(() => member.getByTestId('view-filter').count()).toBe(0);
    // 阶段 is read-only for them; 商机名称 they may change.
    await grid.getByTestId('cell-阶段').first().click();
    await expect.poll(() => grid.getByTestId('cell-editor').count()).toBe(0);
    await grid.getByTestId('cell-商机名称').first().click();
    await grid.getByTestId('cell-editor').waitFor();
    await member.keyboard.press('Escape');
    // Edit but no delete: the selection offers only the batch change.
    await grid.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
    await member.getByTestId('batch-bar').waitFor();
    await expect.poll(() => member.getByTestId('batch-update').count()).toBe(1);
    await expect.poll(() => member.getByTestId('batch-delete').count()).toBe(0);
    await shot(member, 'views-member');

    // On the board the read-only column field cannot be dragged.
    const views = (await pageApi<{ code: string; name: string }[]>(page, 'GET', `${base}/views`)).data;
    await member.goto(`${tablePath}/${views.find((v) => v.name === '阶段看板')?.code}`);
    const card = member.getByTestId('kanban-view').getByTestId('record-card').first();
    await card.waitFor();
    await expect.poll(() => card.getAttribute('draggable')).not.toBe('true');

    // 重点商机 filters and sorts by 金额, hidden from them: their copy of the view leaves both out
    // (issue 30) and keeps the condition on 阶段, so a small deal is in too and nothing tells the amounts.
    const small = { [f.name as string]: '小额试单', [f.status as string]: 'todo', [f.amount as string]: 500 };
    expect((await pageApi(page, 'POST', `${base}/records`, { data: small })).status).toBe(200);
    const focus = views.find((v) => v.name === '重点商机')?.code as string;
    const designed = (
      await pageApi<{ resultList: Row[] }>(page, 'POST', `${base}/records/query`, { view: focus })
    ).data.resultList.map((r) => r.title);
    expect(designed).toHaveLength(4);
    expect(designed).not.toContain('小额试单');
    await member.goto(`${tablePath}/${focus}`);
    const focused = member.getByTestId('grid-view');
    await expect.poll(() => member.getByTestId('record-count').innerText()).toBe('共 5 条');
    await expect.poll(() => titles(focused)).toContain('小额试单');
    await expect.poll(() => focused.locator('.ant-table-thead th').allInnerTexts()).not.toContain('金额');
    await shot(member, 'views-member-hidden-filter');

    // The designer saving that view is told what members do not get of it.
    await page.goto(`${tablePath}/${focus}`);
    await page.getByTestId('grid-view').waitFor();
    await page.getByTestId('view-layout').click();
    await page.getByTestId('view-row-height').locator('.ant-segmented-item').filter({ hasText: '中' }).click();
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: '成员看不到“金额”：此视图按它们的筛选、排序和分组对成员不生效' })
      .waitFor();
    await shot(page, 'views-withheld-warning');
    await page.mouse.click(1300, 120);

    // A board grouped by a field hidden from them reaches them without its grouping, and says so.
    const hidden = await pageApi(page, 'PUT', base, {
      permissions: {
        add: ['manager', 'member'],
        view: ['manager', 'member'],
        edit: ['manager', 'member'],
        delete: ['manager'],
        fields: { [f.status as string]: { member: 'hidden' } },
      },
    });
    expect(hidden.status).toBe(200);
    await member.goto(`${tablePath}/${views.find((v) => v.name === '阶段看板')?.code}`);
    await member.getByTestId('view-pick-field').filter({ hasText: '这个看板没有你可以查看的分组字段' }).waitFor();
    await expect.poll(() => member.getByTestId('kanban-view').count()).toBe(0);
    await member.context().close();
  });

  it('refuses to delete the last public view with the server message', async () => {
    await page.goto(tablePath);
    const views = (await pageApi<{ code: string; name: string; personal: boolean }[]>(page, 'GET', `${base}/views`))
      .data;
    for (const v of views.filter((x) => x.name !== '全部数据'))
      expect((await pageApi(page, 'DELETE', `${base}/views/${v.code}`)).status).toBe(200);
    await page.reload();
    await page.getByTestId('view-tab-全部数据').waitFor();
    await page.getByTestId('view-actions').click();
    await page.getByRole('menuitem', { name: '删除视图' }).click();
    // Registered before the click that sends it; on a busy machine the answer may take a while
    // (the harness gives every browser step 60 s, not Playwright's 30 s default).
    const refused = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/views/'));
    await page.locator('#view-delete-ok').click();
    expect((await refused).status()).toBe(400);
    await page.locator('.ant-message-notice').filter({ hasText: '至少保留一个视图' }).waitFor();
    await shot(page, 'views-last-view');
    expect((await pageApi<unknown[]>(page, 'GET', `${base}/views`)).data).toHaveLength(1);
  });
});
