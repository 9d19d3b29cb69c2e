import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import {
  createBlankApp,
  createTable,
  pageApi,
  pickMembers,
  pickOption,
  registerWithTeam,
  settled,
  shot,
} from './steps.js';

/**
 * Automations in the designer (issue 28): "when a 报销单 with 金额 > 5000 is created, notify 财务
 * (a member) and add a row to 大额记录" is built on the canvas with the trigger chooser, the views'
 * filter builder, the step palette and the variable picker; test-run against a record (nothing is
 * committed); published and switched on. A record of 6000 and one of 3000 are created: the letter
 * and the 大额记录 row appear for 6000 only, and the run shows in the history drawer with its steps.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let appCode = '';
const codes = { claims: '', amount: '', reason: '', big: '', bigAmount: '', note: '' };
const eventually = { timeout: 60_000 };

/** The table's code from the page's address (/app/:appCode/:schemaCode). */
const tableOfPage = () => new URL(page.url()).pathname.split('/')[3] ?? '';

async function addField(schemaCode: string, name: string, type: string): Promise<string> {
  const res = await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${appCode}/schemas/${schemaCode}/fields`, {
    name,
    type,
  });
  expect(res.status).toBe(200);
  return res.data.code;
}

/** Opens a card's drawer on the canvas and waits for its form. */
async function openCard(card: Locator, form: string): Promise<Locator> {
  await card.click();
  const drawer = page.locator('.ant-drawer-content-wrapper:visible').filter({ has: page.getByTestId(form) });
  await settled(drawer.getByTestId(form));
  return drawer;
}

/** Adds a step of a kind at a "+" of the canvas; its drawer opens. */
async function addStep(plus: string, kind: string): Promise<Locator> {
  await page.getByTestId(plus).click();
  const item = page.getByTestId(`au-add-${kind}`);
  await settled(item);
  await item.click();
  const drawer = page
    .locator('.ant-drawer-content-wrapper:visible')
    .filter({ has: page.getByTestId(`step-form-${kind}`) });
  await settled(drawer.getByTestId(`step-form-${kind}`));
  return drawer;
}

/** Picks a variable by its path from the picker beside an input. */
async function pickVariable(button: Locator, path: string): Promise<void> {
  await button.click();
  const item = page.getByTestId(`var-${path}`);
  await settled(item);
  await item.click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl)).page;
  await registerWithTeam(page, '钱会计', '报销团队');
  await page.getByTestId('home-page').waitFor();
  await createBlankApp(page, '报销管理');
  await createTable(page, '报销单');
  appCode = new URL(page.url()).pathname.split('/')[2] ?? '';
  codes.claims = tableOfPage();
  codes.amount = await addField(codes.claims, '金额', 'number');
  codes.reason = await addField(codes.claims, '事由', 'text');
  await createTable(page, '大额记录');
  codes.big = tableOfPage();
  codes.bigAmount = await addField(codes.big, '报销金额', 'number');
  codes.note = await addField(codes.big, '说明', 'text');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('automations', () => {
  it('builds, tests, publishes and enables an automation in the designer', async () => {
    // 自动化 from the app's settings menu.
    await page.goto(`/app/${appCode}`);
    await page.getByTestId('app-settings-trigger').click();
    const entry = page.getByTestId('app-settings-menu').getByRole('menuitem', { name: '自动化' });
    await settled(entry);
    await entry.click();
    await page.getByTestId('automation-list').waitFor();
    await shot(page, 'automations-empty');

    await page.getByTestId('au-create').click();
    await page.getByTestId('au-name-input').fill('大额报销提醒');
    await page.locator('#au-name-ok').click();
    await page.getByTestId('au-designer').waitFor();
    await page.getByTestId('au-trigger').waitFor();

    // The trigger: a 报销单 is created with 金额 > 5000.
    const trigger = await openCard(page.getByTestId('au-trigger'), 'trigger-form');
    const kind = trigger.getByTestId('trigger-kind');
    expect(await kind.innerText()).toContain('数据变动');
    await pickOption(page, trigger.getByTestId('trigger-table'), '报销单');
    await trigger.getByTestId('filter-add').click();
    const condition = trigger.getByTestId('filter-condition').first();
    await pickOption(page, condition.getByTestId('filter-field'), '金额');
    await pickOption(page, condition.getByTestId('filter-operator'), '大于');
    await condition.getByTestId('filter-value').locator('input').fill('5000');
    await expect.poll(() => page.getByTestId('au-trigger').innerText()).toContain('报销单');
    await shot(page, 'automations-trigger');

    // Step 1: a letter to 钱会计 naming the amount.
    let drawer = await addStep('au-plus-root-0', 'sendLetter');
    await drawer.getByRole('button', { name: '选择成员' }).click();
    await pickMembers(page, ['钱会计']);
    await drawer.getByTestId('letter-subject').fill('大额报销：');
    await pickVariable(drawer.getByTestId('letter-subject-var'), `trigger.record.data.${codes.amount}`);
    await expect
      .poll(() => drawer.getByTestId('letter-subject').inputValue())
      .toBe(`大额报销：{{trigger.record.data.${codes.amount}}}`);
    await drawer.getByTestId('letter-content').fill('请财务复核');
    await shot(page, 'automations-letter');

    // Step 2: a row in 大额记录 with the amount from the trigger's record.
    drawer = await addStep('au-plus-root-1', 'createRecord');
    await pickOption(page, drawer.getByTestId('step-table'), '大额记录');
    await pickVariable(drawer.getByTestId('value-报销金额-var'), `trigger.record.data.${codes.amount}`);
    await drawer.getByTestId('value-说明').fill('自动登记');
    await shot(page, 'automations-create-record');
    await page.keyboard.press('Escape');

    await page.getByTestId('au-save').click();
    await expect.poll(() => page.getByTestId('au-version').innerText(), eventually).toContain('未发布');
    await shot(page, 'automations-canvas');

    // A test run against a record of 7000: both steps answer, nothing is committed.
    const sample = await pageApi<{ id: string }>(page, 'POST', `/v1/apps/${appCode}/schemas/${codes.claims}/records`, {
      data: { [codes.amount]: 7000, [codes.reason]: '试运行样本' },
    });
    expect(sample.status).toBe(200);
    await page.getByTestId('au-test').click();
    const dialog = page.getByTestId('au-test-dialog');
    await settled(dialog);
    await pickOption(page, dialog.getByTestId('au-test-record'), '试运行样本');
    await page.getByTestId('au-test-run').click();
    const result = page.getByTestId('au-test-result');
    await expect.poll(() => result.innerText(), eventually).toContain('没有保存任何数据');
    await expect.poll(() => result.getByTestId('step-run-s1').innerText()).toContain('成功');
    await expect.poll(() => result.getByTestId('step-run-s2').innerText()).toContain('成功');
    await result.getByTestId('step-run-s2').click();
    await expect.poll(() => result.getByTestId('step-input').last().innerText()).toContain('7000');
    await shot(page, 'automations-test-run');
    await page.keyboard.press('Escape');
    const bigRows = async () =>
      (
        await pageApi<{ resultList: { data: Record<string, unknown> }[] }>(
          page,
          'GET',
          `/v1/apps/${appCode}/schemas/${codes.big}/records?limit=50`,
        )
      ).data.resultList;
    expect(await bigRows()).toEqual([]);

    await page.getByTestId('au-publish').click();
    await expect.poll(() => page.getByTestId('au-version').innerText(), eventually).toContain('已发布 v1');
    await expect.poll(() => page.getByTestId('au-runs-as').innerText()).toContain('钱会计');
    await page.getByTestId('au-enable').click();
    await expect.poll(() => page.getByTestId('au-enable').getAttribute('aria-checked'), eventually).toBe('true');
    await shot(page, 'automations-published');
  });

  it('runs for a 报销单 over 5000 only: the letter, the 大额记录 row and the run in the history', async () => {
    for (const [amount, reason] of [
      [6000, '设备采购'],
      [3000, '办公用品'],
    ] as const) {
      const res = await pageApi(page, 'POST', `/v1/apps/${appCode}/schemas/${codes.claims}/records`, {
        data: { [codes.amount]: amount, [codes.reason]: reason },
      });
      expect(res.status).toBe(200);
    }

    // The letter, in the notifications page.
    await page.goto('/notice');
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('notice-filter-kind').waitFor();
        return page.getByTestId('notice-row').allInnerTexts();
      }, eventually)
      .toEqual([expect.stringContaining('大额报销：6000')]);
    await shot(page, 'automations-letter-received');

    // The row in 大额记录, in its grid.
    await page.goto(`/app/${appCode}/${codes.big}`);
    await page.getByTestId('table-page').waitFor();
    await expect.poll(() => page.getByTestId('table-page').innerText(), eventually).toContain('自动登记');
    expect(await page.getByTestId('table-page').innerText()).toContain('6,000');
    await shot(page, 'automations-big-row');

    // The run in the history drawer: trigger data and both steps.
    await page.goto(`/automations/${appCode}`);
    const row = page.getByTestId('au-row-大额报销提醒');
    await expect.poll(() => row.innerText(), eventually).toContain('成功');
    await shot(page, 'automations-list');
    await row.getByTestId('au-open').click();
    await page.getByTestId('au-history').click();
    const history = page.getByTestId('au-history-drawer');
    await expect.poll(() => history.getByTestId('au-run').count(), eventually).toBe(1);
    await pickOption(page, history.getByTestId('au-runs-status'), '失败');
    await expect.poll(() => history.getByTestId('au-run').count(), eventually).toBe(0);
    await history.locator('.ant-select-clear').click({ force: true });
    await expect.poll(() => history.getByTestId('au-run').count(), eventually).toBe(1);
    await history.getByTestId('au-run-open').click();
    const detail = history.getByTestId('au-run-detail');
    await expect.poll(() => detail.getByTestId('au-run-trigger').innerText(), eventually).toContain('设备采购');
    await expect.poll(() => detail.getByTestId('step-run-s1').innerText()).toContain('成功');
    await expect.poll(() => detail.getByTestId('step-run-s2').innerText()).toContain('成功');
    await shot(page, 'automations-history');
  });
  it('offers every kind: a schedule with its preview, a webhook address, branches, a loop and HTTP at least once', async () => {
    await page.goto(`/automations/${appCode}`);
    await page.getByTestId('au-create').click();
    await page.getByTestId('au-name-input').fill('外部同步');
    await page.locator('#au-name-ok').click();
    await page.getByTestId('au-designer').waitFor();

    // The trigger card opens from the keyboard.
    await page.getByTestId('au-trigger').locator('.wf-card-open').focus();
    await page.keyboard.press('Enter');
    const drawer = page
      .locator('.ant-drawer-content-wrapper:visible')
      .filter({ has: page.getByTestId('trigger-form') });
    await settled(drawer.getByTestId('trigger-form'));
    const chooseKind = async (label: string) => {
      await drawer.getByTestId('trigger-kind').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();
    };
    await chooseKind('定时');
    await expect
      .poll(() => drawer.getByTestId('schedule-preview').innerText(), eventually)
      .toContain('每个工作日 9:00');
    await shot(page, 'automations-schedule');
    await drawer.getByTestId('schedule-cron').fill('0 9 1 *');
    await expect.poll(() => drawer.innerText()).toContain('无法识别这个 cron 表达式');

    await chooseKind('Webhook');
    await page.getByTestId('au-save').click();
    await expect
      .poll(() => drawer.getByTestId('webhook-url').innerText(), eventually)
      .toMatch(/\/v1\/automation-hooks\/[\w-]+\/\w+/);
    await shot(page, 'automations-webhook');
    await page.keyboard.press('Escape');

    // A condition; under 是 a find whose loop calls out; under 否 a delay.
    await addStep('au-plus-root-0', 'condition');
    await addStep('au-plus-s1-whenTrue-0', 'findRecords');
    const http = await addStep('au-plus-s2-each-0', 'http');
    await expect.poll(() => http.getByTestId('at-least-once').innerText()).toContain('至少执行一次');
    await http.getByTestId('http-url').fill('https://erp.example.com/orders/');
    await pickVariable(http.getByTestId('http-url-var'), 'item.id');
    await expect.poll(() => http.getByTestId('http-url-readable').innerText()).toContain('循环中的当前记录');
    // The drawer covers the right of the canvas, where the 否 branch is: closed first.
    await page.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();
    await addStep('au-plus-s1-whenFalse-0', 'delay');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('au-step-s3').innerText()).toContain('至少一次');
    await page.getByTestId('au-save').click();
    await expect.poll(() => page.getByTestId('au-version').innerText(), eventually).toContain('未发布');
    await shot(page, 'automations-branches');
    // A canvas with every kind of step passes axe-core (issue 35): cards' colours, names, no nested buttons.
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
