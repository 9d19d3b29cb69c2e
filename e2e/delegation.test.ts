import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import {
  createBlankApp,
  createTable,
  joinTeamOf,
  pageApi,
  pickMembers,
  registerWithTeam,
  settled,
  shot,
} from './steps.js';

/**
 * Out-of-office delegation end to end (issue 29): member A (安娜) delegates to B (白杨) in account
 * settings, reached from /todos; /todos shows the banner. A flow item for A goes to B, tagged
 * "代 安娜" in /todos and on the workbench; B approves and the timeline shows one line naming both.
 * A cancels the delegation (after a confirmation) and the banner goes.
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

describe('delegation', () => {
  let owner: Page;
  let anna: Page;
  let bai: Page;
  let appCode = '';
  let schemaCode = '';
  let reason = '';
  const until = dayjs().add(3, 'day').hour(18).minute(0);

  it('sets up a flow whose approver is 安娜', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '周总', '青禾科技');
    await createBlankApp(owner, '行政审批');
    await createTable(owner, '费用报销');
    [, , appCode = '', schemaCode = ''] = new URL(owner.url()).pathname.split('/');
    anna = (await newPage(browser, server.baseUrl)).page;
    await joinTeamOf(owner, anna, '安娜');
    bai = (await newPage(browser, server.baseUrl)).page;
    await joinTeamOf(owner, bai, '白杨');
    const annaId = (await pageApi<{ memberId: string }>(anna, 'GET', '/v1/org/member/info')).data.memberId;
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    reason = (await pageApi<{ code: string }>(owner, 'POST', `${base}/fields`, { name: '事由', type: 'text' })).data
      .code;
    const definition = {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'a', settings: { fieldRules: {} } },
        {
          id: 'a',
          type: 'approve',
          name: '主管审批',
          settings: {
            participants: [{ kind: 'members', ids: [annaId] }],
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
    };
    expect((await pageApi(owner, 'PUT', `${base}/workflow`, { definition })).status).toBe(200);
    expect((await pageApi(owner, 'POST', `${base}/workflow/publish`)).status).toBe(200);
  });

  it('every tab of account settings ends its last row inside the scrolled area, under tabs that stay in view', async () => {
    // A laptop's short window too: the dialog keeps 132 px of the viewport free.
    await anna.setViewportSize({ width: 1280, height: 560 });
    await anna.goto('/home?account=profile');
    const dialog = anna.getByTestId('account-settings-dialog');
    await settled(dialog);
    for (const tab of ['profile', 'security', 'delegation', 'tokens']) {
      const label = anna.getByTestId(`account-tab-${tab}`);
      await label.click();
      const tabButton = label.locator('xpath=ancestor::*[@role="tab"][1]');
      await expect.poll(() => tabButton.getAttribute('aria-selected')).toBe('true');
      const panelId = (await tabButton.getAttribute('aria-controls')) ?? '';
      await anna.locator(`[id="${panelId}"]`).waitFor();
      const gap = await dialog.evaluate((d, id) => {
        const body = d.closest('.ant-modal-body') as HTMLElement;
        const container = d.closest('.ant-modal-container') as HTMLElement;
        body.scrollTop = body.scrollHeight;
        const active = document.getElementById(id) as HTMLElement;
        const last = [...active.querySelectorAll('*')].reduce(
          (max, e) => Math.max(max, e.getBoundingClientRect().bottom),
          0,
        );
        const visible = Math.min(body.getBoundingClientRect().bottom, container.getBoundingClientRect().bottom);
        // The tab bar stays in view above the scrolled rows.
        const bar = d.querySelector('.ant-tabs-nav') as HTMLElement;
        if (bar.getBoundingClientRect().top < body.getBoundingClientRect().top - 1) return -1;
        return visible - last;
      }, panelId);
      await shot(anna, `account-settings-${tab}-end`);
      console.info(`account settings ${tab}: ${gap} px below the last row`);
      expect(gap, tab).toBeGreaterThan(0);
    }
    await anna.keyboard.press('Escape');
    await expect.poll(() => new URL(anna.url()).searchParams.has('account')).toBe(false);
    await anna.setViewportSize({ width: 1440, height: 900 });
  });

  it('安娜 goes from /todos to 代理审批 and delegates to 白杨 with a note', async () => {
    await anna.goto('/todos/todo');
    await anna.getByTestId('todos-page').waitFor();
    expect(await anna.getByTestId('delegation-banner').count()).toBe(0);
    await anna.getByTestId('todos-delegation-link').click();
    const dialog = anna.getByTestId('account-settings-dialog');
    await settled(dialog);
    const tab = anna.getByTestId('account-tab-delegation').locator('xpath=ancestor::*[@role="tab"][1]');
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => dialog.innerText()).toContain('你还没有设置委托');
    await shot(anna, 'delegation-settings-empty');

    await anna.getByTestId('delegation-set').click();
    // Saving with nothing chosen names what is missing, on the form.
    await anna.getByTestId('delegation-save').click();
    await expect.poll(() => dialog.innerText()).toContain('请选择代理人');
    await expect.poll(() => dialog.innerText()).toContain('请选择结束时间');
    await anna.getByTestId('delegation-pick').click();
    await pickMembers(anna, ['白杨']);
    await expect.poll(() => anna.getByTestId('delegation-delegate').innerText()).toBe('白杨');
    await anna.getByTestId('delegation-note').fill('年假，急事请电话联系');
    const ends = anna.locator('#endsAt');
    await ends.click();
    await ends.fill(until.format('YYYY-MM-DD HH:mm'));
    const okButton = anna.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
    await settled(okButton);
    await okButton.click();
    await expect.poll(() => ends.inputValue()).toBe(until.format('YYYY-MM-DD HH:mm'));
    await shot(anna, 'delegation-settings-form');
    await anna.getByTestId('delegation-save').click();
    await expect.poll(() => toast(anna)).toContain('委托已保存');
    const current = anna.getByTestId('delegation-current');
    await expect.poll(() => anna.getByTestId('delegation-current-delegate').innerText()).toBe('白杨');
    const text = await current.innerText();
    expect(text).toContain('生效中');
    expect(text).toContain('全部应用和流程');
    expect(text).toContain('年假，急事请电话联系');
    expect(text).toContain(until.format('YYYY-MM-DD HH:mm'));
    // The dialog's last row is whole: the buttons under the delegation are inside the scrolled body.
    const cancel = anna.getByTestId('delegation-cancel');
    await cancel.scrollIntoViewIfNeeded();
    const body = anna.locator('.ant-modal-body').filter({ has: dialog });
    const [button, frame] = [await cancel.boundingBox(), await body.boundingBox()];
    expect(button && frame && button.y + button.height <= frame.y + frame.height).toBe(true);
    await shot(anna, 'delegation-settings-current');
  });

  it('/todos shows the banner, whose link opens the settings again', async () => {
    await anna.keyboard.press('Escape');
    await expect.poll(() => new URL(anna.url()).searchParams.has('account')).toBe(false);
    const banner = anna.getByTestId('delegation-banner');
    await expect
      .poll(() => banner.innerText())
      .toContain(`你已委托 白杨 代为审批，至 ${until.format('YYYY-MM-DD HH:mm')}`);
    await shot(anna, 'delegation-todos-banner');
    await banner.getByTestId('delegation-banner-change').click();
    await settled(anna.getByTestId('account-settings-dialog'));
    await anna.getByTestId('delegation-current').waitFor();
    await anna.keyboard.press('Escape');
    await expect.poll(() => new URL(anna.url()).searchParams.has('account')).toBe(false);
  });

  it('an item for 安娜 reaches 白杨 tagged 代 安娜; 白杨 approves and the timeline has one line', async () => {
    const started = await pageApi(owner, 'POST', '/v1/workflow/start', {
      appCode,
      schemaCode,
      data: { [reason]: '客户拜访差旅' },
    });
    expect(started.status).toBe(200);
    await bai.goto('/home');
    const panelItem = bai.getByTestId('todo-panel-item');
    await expect.poll(() => panelItem.count()).toBe(1);
    expect(await panelItem.getByTestId('todo-delegated-from').innerText()).toBe('代 安娜');
    await bai.goto('/todos/todo');
    const row = bai.getByTestId('todos-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('todo-delegated-from').innerText()).toBe('代 安娜');
    // The tag's colours read at AA (issue 35): the list with it passes axe-core.
    await expect.poll(() => bai.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0);
    expect(await axeViolations(bai)).toEqual([]);
    await shot(bai, 'delegation-todos-delegate');
    // 安娜's own list has nothing: the item went to 白杨.
    await anna.goto('/todos/todo');
    await expect.poll(() => anna.getByTestId('todos-list').innerText()).toContain('当前暂无待办任务');

    await row.click();
    await bai.getByTestId('approval-page').waitFor();
    await bai.getByTestId('wf-action-approve').click();
    await expect.poll(() => toast(bai)).toContain('已同意');
    const timeline = bai.getByTestId('flow-timeline');
    await expect.poll(() => timeline.locator('[data-action="approve"]').count()).toBe(1);
    const actions = await timeline
      .getByTestId('timeline-entry')
      .evaluateAll((es) => es.map((e) => e.getAttribute('data-action')));
    expect(actions).not.toContain('delegate');
    const line = await timeline.locator('[data-action="approve"]').innerText();
    expect(line).toMatch(/^白杨（代 安娜）\s*同意/);
    await shot(bai, 'delegation-timeline');
  });

  it('安娜 cancels after a confirmation; the banner goes', async () => {
    await anna.goto('/todos/todo?account=delegation');
    await settled(anna.getByTestId('account-settings-dialog'));
    await anna.getByTestId('delegation-cancel').click();
    const ok = anna.getByTestId('delegation-cancel-ok');
    await settled(ok);
    await ok.click();
    await expect.poll(() => toast(anna)).toContain('已取消委托');
    await expect.poll(() => anna.getByTestId('account-settings-dialog').innerText()).toContain('你还没有设置委托');
    await anna.keyboard.press('Escape');
    await expect.poll(() => anna.getByTestId('delegation-banner').count()).toBe(0);
  });
});
