import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../apps/server/test/smtp.js';
import { type RobotStandIn, startRobotStandIn } from '../apps/server/test/wecom-robot-stand-in.js';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, pickOption, registerWithTeam, settled, shot } from './steps.js';

/**
 * The designer's forms for the steps that reach outside the tables (issue 28): a mail to an app
 * role (the roles picker) and a typed address, JavaScript code, starting an approval, and a WeCom
 * group robot message, each set up in its form (their validation shown and then satisfied),
 * published and run by a 报销单 being created: the mail reaches the test's SMTP server, the robot's
 * message reaches a stand-in of WeCom's API, and the run history shows every step done.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let wecom: RobotStandIn;
let appCode = '';
let claims = '';
let amount = '';
const eventually = { timeout: 60_000 };
/**
 * The forms are checked with axe-core; the canvas behind them is left out: its cards are buttons
 * holding their move and remove buttons (nested-interactive), which is the canvas's own matter.
 */
const CANVAS = '[data-testid="au-canvas"]';
const KEY = '5f2c7e4a-91b3-4d0e-8a6f-robotkey01';

async function openCard(card: Locator, form: string): Promise<Locator> {
  await card.click();
  const drawer = page.locator('.ant-drawer-content-wrapper:visible').filter({ has: page.getByTestId(form) });
  await settled(drawer.getByTestId(form));
  return drawer;
}

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

async function pickVariable(button: Locator, path: string): Promise<void> {
  await button.click();
  const item = page.getByTestId(`var-${path}`);
  await settled(item);
  await item.click();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  wecom = await startRobotStandIn();
  // Its own server: mail to the test's SMTP server, WeCom's API at the stand-in (on loopback, so
  // private targets are allowed, as a private deployment's are).
  server = await startServer({ SMTP_URL: smtp.url, WECOM_API_BASE: wecom.base, WEBHOOK_ALLOW_PRIVATE: 'true' });
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl)).page;
  await registerWithTeam(page, '孙出纳', '财务团队');
  await page.getByTestId('home-page').waitFor();
  await createBlankApp(page, '费用审批');
  await createTable(page, '报销单');
  appCode = new URL(page.url()).pathname.split('/')[2] ?? '';
  claims = new URL(page.url()).pathname.split('/')[3] ?? '';
  const base = `/v1/apps/${appCode}/schemas/${claims}`;
  const field = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name: '金额', type: 'number' });
  expect(field.status).toBe(200);
  amount = field.data.code;
  // An app role for the mail, and the table's flow (approved by the owner) for the approval step.
  expect((await pageApi(page, 'POST', `/v1/apps/${appCode}/roles`, { name: '财务' })).status).toBe(200);
  const me = (await pageApi<{ memberId: string }>(page, 'GET', '/v1/org/member/info')).data.memberId;
  const definition = {
    nodes: [
      { id: 'start', type: 'start', name: '发起', next: 'a', settings: { fieldRules: {} } },
      {
        id: 'a',
        type: 'approve',
        name: '出纳审批',
        settings: {
          participants: [{ kind: 'members', ids: [me] }],
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
  expect((await pageApi(page, 'PUT', `${base}/workflow`, { definition })).status).toBe(200);
  expect((await pageApi(page, 'POST', `${base}/workflow/publish`)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await wecom?.close();
});

describe('automation steps beyond the tables', () => {
  it('builds a mail, code, an approval and a WeCom robot in their forms, then runs them on a new record', async () => {
    await page.goto(`/automations/${appCode}`);
    await page.getByTestId('au-create').click();
    await page.getByTestId('au-name-input').fill('报销通知');
    await page.locator('#au-name-ok').click();
    await page.getByTestId('au-designer').waitFor();
    const trigger = await openCard(page.getByTestId('au-trigger'), 'trigger-form');
    await pickOption(page, trigger.getByTestId('trigger-table'), '报销单');
    await expect.poll(() => page.getByTestId('au-trigger').innerText()).toContain('报销单');
    await page.keyboard.press('Escape');

    // A mail to the role 财务 and a typed address; a bad address is named until it is taken out.
    let drawer = await addStep('au-plus-root-0', 'sendMail');
    expect(await drawer.getByTestId('at-least-once').innerText()).toContain('至少执行一次');
    await pickOption(page, drawer.getByTestId('mail-roles'), '财务');
    const to = drawer.getByTestId('mail-to');
    await to.click();
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer.innerText()).toContain('「not-an-address」不是有效的邮箱地址');
    await to
      .locator('.ant-select-selection-item')
      .filter({ hasText: 'not-an-address' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await to.click();
    await page.keyboard.type('finance@example.com');
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer.innerText()).not.toContain('不是有效的邮箱地址');
    expect(await to.innerText()).toContain('finance@example.com');
    await drawer.getByTestId('mail-subject').fill('x');
    await drawer.getByTestId('mail-subject').fill('');
    await expect.poll(() => drawer.innerText()).toContain('请输入邮件标题');
    await drawer.getByTestId('mail-subject').fill('大额报销 ');
    await pickVariable(drawer.getByTestId('mail-subject-var'), `trigger.record.data.${amount}`);
    await drawer.getByTestId('mail-content').fill('请财务复核');
    await expect.poll(() => drawer.innerText()).not.toContain('请输入邮件标题');
    await shot(page, 'automation-step-mail');
    expect(await axeViolations(page, { exclude: [CANVAS] }), 'axe-core on the mail form').toEqual([]);
    await page.keyboard.press('Escape');

    // JavaScript: its input names the amount; a JSON mistake is shown until it is fixed.
    drawer = await addStep('au-plus-root-1', 'code');
    const input = drawer.getByTestId('code-input');
    await input.fill('{ "amount": ');
    await expect.poll(() => drawer.innerText()).toContain('不是有效的 JSON');
    await input.fill(`{ "amount": "{{trigger.record.data.${amount}}}" }`);
    await expect.poll(() => drawer.innerText()).not.toContain('不是有效的 JSON');
    await drawer.getByTestId('code-source').fill('return { double: input.amount * 2 };');
    await shot(page, 'automation-step-code');
    expect(await axeViolations(page, { exclude: [CANVAS] }), 'axe-core on the code form').toEqual([]);
    await page.keyboard.press('Escape');

    // Start an approval for the trigger's record: an emptied record is asked for again.
    drawer = await addStep('au-plus-root-2', 'startApproval');
    expect(await drawer.getByTestId('step-table').innerText()).toContain('报销单');
    const record = drawer.getByTestId('step-record-id');
    expect(await record.inputValue()).toBe('{{trigger.record.id}}');
    await record.fill('');
    await expect.poll(() => drawer.innerText()).toContain('请选择记录');
    await pickVariable(drawer.getByTestId('step-record-id-var'), 'trigger.record.id');
    await expect.poll(() => record.inputValue()).toBe('{{trigger.record.id}}');
    await shot(page, 'automation-step-approval');
    expect(await axeViolations(page, { exclude: [CANVAS] }), 'axe-core on the approval form').toEqual([]);
    await page.keyboard.press('Escape');

    // The WeCom group robot: a wrong address is refused in the form, the robot's key is taken.
    drawer = await addStep('au-plus-root-3', 'wecomRobot');
    const hook = drawer.getByTestId('wecom-webhook');
    await hook.fill('https://example.com/hook');
    await expect.poll(() => drawer.innerText()).toContain('请粘贴群机器人的 Webhook 地址');
    await hook.fill(`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${KEY}`);
    await expect.poll(() => drawer.innerText()).not.toContain('请粘贴群机器人的 Webhook 地址');
    await drawer.getByTestId('wecom-content').fill('新报销 ');
    await pickVariable(drawer.getByTestId('wecom-content-var'), `trigger.record.data.${amount}`);
    await drawer.getByTestId('wecom-mention-all').check();
    await shot(page, 'automation-step-wecom');
    expect(await axeViolations(page, { exclude: [CANVAS] }), 'axe-core on the WeCom robot form').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('au-publish').click();
    await expect.poll(() => page.getByTestId('au-version').innerText(), eventually).toContain('已发布 v1');
    await page.getByTestId('au-enable').click();
    await expect.poll(() => page.getByTestId('au-enable').getAttribute('aria-checked'), eventually).toBe('true');

    const made = await pageApi<{ id: string }>(page, 'POST', `/v1/apps/${appCode}/schemas/${claims}/records`, {
      data: { [amount]: 6000 },
    });
    expect(made.status).toBe(200);

    // The mail at the SMTP server, the message at WeCom's (stand-in) API.
    await expect
      .poll(() => smtp.mails.find((m) => m.to.includes('finance@example.com'))?.subject, eventually)
      .toBe('大额报销 6000');
    expect(smtp.mails.find((m) => m.to.includes('finance@example.com'))?.text.trim()).toBe('请财务复核');
    await expect.poll(() => wecom.messages.length, eventually).toBe(1);
    expect(wecom.messages[0]).toEqual({
      path: `/cgi-bin/webhook/send?key=${KEY}`,
      body: { msgtype: 'text', text: { content: '新报销 6000', mentioned_list: ['@all'] } },
    });

    // The run in the history: every step done, the code's answer and the approval started.
    await page.getByTestId('au-history').click();
    const history = page.getByTestId('au-history-drawer');
    await expect.poll(() => history.getByTestId('au-run').count(), eventually).toBe(1);
    await expect.poll(() => history.getByTestId('au-run').innerText(), eventually).toContain('成功');
    await history.getByTestId('au-run-open').click();
    const detail = history.getByTestId('au-run-detail');
    for (const id of ['s1', 's2', 's3', 's4'])
      await expect.poll(() => detail.getByTestId(`step-run-${id}`).innerText(), eventually).toContain('成功');
    // What the mail and the robot sent, as a person reads it (the robot's key masked).
    await detail.getByTestId('step-run-s1').click();
    await expect
      .poll(() => detail.getByTestId('step-effect').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining('finance@example.com')]));
    await detail.getByTestId('step-run-s4').click();
    await expect
      .poll(() => detail.getByTestId('step-effect').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringMatching(/5f2c…ey01[\s\S]*新报销 6000/)]));
    expect(await detail.innerText()).not.toContain(KEY);
    await detail.getByTestId('step-run-s2').click();
    await expect.poll(() => detail.innerText()).toContain('12000');
    await shot(page, 'automation-steps-history');
  });

  it('builds a button in its trigger form (label, question, the roles that see it) and presses it on a record', async () => {
    await page.goto(`/automations/${appCode}`);
    await page.getByTestId('au-create').click();
    await page.getByTestId('au-name-input').fill('复核按钮');
    await page.locator('#au-name-ok').click();
    await page.getByTestId('au-designer').waitFor();
    const trigger = await openCard(page.getByTestId('au-trigger'), 'trigger-form');
    await pickOption(page, trigger.getByTestId('trigger-kind'), '按钮');
    await pickOption(page, trigger.getByTestId('trigger-table'), '报销单');
    const label = trigger.getByTestId('button-label');
    await label.fill('x');
    await label.fill('');
    await expect.poll(() => trigger.innerText()).toContain('请输入按钮文字');
    await label.fill('复核');
    await trigger.getByTestId('button-confirm').fill('确定复核这张报销单吗？');
    await pickOption(page, trigger.getByTestId('button-roles'), '财务');
    await expect.poll(() => page.getByTestId('au-trigger').innerText()).toContain('按钮「复核」');
    await shot(page, 'automation-trigger-button');
    expect(await axeViolations(page, { exclude: [CANVAS] }), 'axe-core on the button trigger form').toEqual([]);
    await page.keyboard.press('Escape');
    const drawer = await addStep('au-plus-root-0', 'code');
    await drawer.getByTestId('code-source').fill('return { ok: true };');
    await page.keyboard.press('Escape');
    await page.getByTestId('au-publish').click();
    await expect.poll(() => page.getByTestId('au-version').innerText(), eventually).toContain('已发布 v1');
    await page.getByTestId('au-enable').click();
    await expect.poll(() => page.getByTestId('au-enable').getAttribute('aria-checked'), eventually).toBe('true');

    // Saved as designed: the role by its key.
    const roles = await pageApi<{ roles: { key: string; name: string }[] }>(
      page,
      'GET',
      `/v1/apps/${appCode}/roles/matrix`,
    );
    const finance = roles.data.roles.find((r) => r.name === '财务')?.key;
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const saved = await pageApi<{ definition: { trigger: unknown } }>(
      page,
      'GET',
      `/v1/apps/${appCode}/automations/${id}`,
    );
    expect(saved.data.definition.trigger).toEqual({
      kind: 'button',
      schemaCode: claims,
      label: '复核',
      confirm: '确定复核这张报销单吗？',
      roles: [finance],
    });

    // The designer sees the button on a record; its question comes first, then the run's result.
    const record = await pageApi<{ id: string }>(page, 'POST', `/v1/apps/${appCode}/schemas/${claims}/records`, {
      data: { [amount]: 100 },
    });
    await page.goto(`/app/${appCode}/${claims}?record=${record.data.id}`);
    const button = page
      .getByTestId('record-drawer')
      .getByTestId('automation-button')
      .filter({ hasText: /复\s?核/ });
    await button.click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定复核这张报销单吗？').waitFor();
    await confirm.getByRole('button', { name: /运\s?行/ }).click();
    await page.getByText('已运行「复核」').waitFor();
  });

  it('builds a date trigger in its form: the field, how long before it, the time of day', async () => {
    const due = await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${appCode}/schemas/${claims}/fields`, {
      name: '到期日',
      type: 'date',
    });
    expect(due.status).toBe(200);
    await page.goto(`/automations/${appCode}`);
    await page.getByTestId('au-create').click();
    await page.getByTestId('au-name-input').fill('到期提醒');
    await page.locator('#au-name-ok').click();
    await page.getByTestId('au-designer').waitFor();
    const trigger = await openCard(page.getByTestId('au-trigger'), 'trigger-form');
    await pickOption(page, trigger.getByTestId('trigger-kind'), '日期字段前后');
    await pickOption(page, trigger.getByTestId('trigger-table'), '报销单');
    // Touched without a field: it is asked for.
    await trigger.getByTestId('date-amount').fill('3');
    await expect.poll(() => trigger.innerText()).toContain('请选择日期字段');
    await pickOption(page, trigger.getByTestId('date-field'), '到期日');
    await expect.poll(() => trigger.innerText()).not.toContain('请选择日期字段');
    await pickOption(page, trigger.getByTestId('date-direction'), '之前');
    const time = trigger.getByTestId('date-time');
    await time.fill('8:30');
    await expect.poll(() => trigger.innerText()).toContain('请按 HH:MM 输入');
    await time.fill('08:30');
    await expect.poll(() => trigger.innerText()).not.toContain('请按 HH:MM 输入');
    await expect.poll(() => page.getByTestId('au-trigger').innerText()).toContain('「到期日」之前 3 天');
    expect(await axeViolations(page, { exclude: [CANVAS] }), 'axe-core on the date trigger form').toEqual([]);
    await shot(page, 'automation-trigger-date');
    await page.keyboard.press('Escape');
    const drawer = await addStep('au-plus-root-0', 'code');
    await drawer.getByTestId('code-source').fill('return { ok: true };');
    await page.keyboard.press('Escape');
    await page.getByTestId('au-publish').click();
    await expect.poll(() => page.getByTestId('au-version').innerText(), eventually).toContain('已发布 v1');
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const saved = await pageApi<{ definition: { trigger: unknown } }>(
      page,
      'GET',
      `/v1/apps/${appCode}/automations/${id}`,
    );
    expect(saved.data.definition.trigger).toEqual({
      kind: 'date',
      schemaCode: claims,
      field: due.data.code,
      amount: 3,
      unit: 'days',
      direction: 'before',
      time: '08:30',
    });
  });
});
