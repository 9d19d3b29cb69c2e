import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, registerWithTeam, shot } from './steps.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { own: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// A 40×30 PNG (solid colour) as a screenshot.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAKklEQVR4nO3NMQ0AAAgDsClBM45BBhxN+jfVcyJisVgsFovFYrFYLP4bL25e21qAWi+lAAAAAElFTkSuQmCC',
  'base64',
);

const item = (page: Page, text: string) => page.getByTestId('feedback-item').filter({ hasText: text });

describe('feedback', () => {
  let admin: Page;
  let sender: Page;

  it('the first account administers the instance; a member opens the service widget on the workbench', async () => {
    admin = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(admin, '运营小王', '产品运营部');
    await admin.getByTestId('page-scroll').waitFor();

    sender = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(sender, '赵敏', '绿野贸易');
    await sender.getByTestId('page-scroll').waitFor();
    await sender.getByTestId('service-widget').click();
    await sender.getByTestId('service-qr-button').hover();
    const qr = sender.getByTestId('service-qr');
    await qr.waitFor();
    await expect.poll(() => qr.getAttribute('data-entry-type')).toBe('WEB');
    await expect.poll(() => qr.innerText()).toContain('微信扫码添加客服');
    await shot(sender, 'feedback-01-service-widget');
    await sender.getByTestId('service-contact').click();
    const contact = sender.locator('.ant-modal').filter({ hasText: '联系我们' });
    await contact.getByTestId('service-qr').waitFor();
    await shot(sender, 'feedback-02-contact-us');
    await contact.locator('.ant-modal-close').click();
    await contact.waitFor({ state: 'hidden' });
  });

  it("sends feedback with a screenshot from an app's feedback entry and sees it on /feedback", async () => {
    await createBlankApp(sender, '订单管理');
    await sender.getByTestId('app-feedback-entry').click();
    await sender.getByTestId('feedback-page').waitFor();
    const dialog = sender.locator('.ant-modal').filter({ hasText: '意见反馈' });
    await dialog.getByTestId('feedback-detail-input').waitFor();
    await expect.poll(() => dialog.getByTestId('feedback-origin').innerText()).toContain('/app/');
    // An empty description is refused before anything is sent.
    await dialog.getByTestId('feedback-submit').click();
    await expect.poll(() => dialog.innerText()).toContain('请输入问题描述');
    await dialog.getByText('功能建议').click();
    await dialog.getByTestId('feedback-detail-input').fill('订单列表希望能按客户分组显示');
    await dialog.locator('input[type=file]').setInputFiles({ name: '订单页.png', mimeType: 'image/png', buffer: PNG });
    await dialog.locator('.ant-upload-list-item-done').waitFor();
    await shot(sender, 'feedback-03-form');
    await dialog.getByTestId('feedback-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    const sent = item(sender, '订单列表希望能按客户分组显示');
    await sent.waitFor();
    await expect.poll(() => sent.getByTestId('feedback-status').innerText()).toBe('待处理');
    await expect.poll(() => sent.getByTestId('feedback-app').innerText()).toContain('订单管理');
    await expect.poll(() => sent.getByTestId('feedback-answer-text').innerText()).toContain('暂无回复');
    const image = sent.getByTestId('feedback-screenshot').locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    // Members who are not the instance administrator see only their own feedback.
    await expect.poll(() => sender.getByTestId('feedback-tab-all').count()).toBe(0);
    await shot(sender, 'feedback-04-mine');
  });

  it('the instance administrator answers and moves the status; the sender sees both', async () => {
    await admin.goto('/feedback');
    await admin.getByTestId('feedback-tab-all').click();
    const received = item(admin, '订单列表希望能按客户分组显示');
    await received.waitFor();
    await expect.poll(() => received.getByTestId('feedback-sender').innerText()).toContain('赵敏 · 绿野贸易');
    const image = received.getByTestId('feedback-screenshot').locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    await shot(admin, 'feedback-05-admin-list');
    await received.getByTestId('feedback-answer').click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '回复反馈' });
    await dialog.getByTestId('feedback-status-select').click();
    await admin.locator('.ant-select-dropdown').getByText('处理中', { exact: true }).click();
    await dialog.getByTestId('feedback-answer-input').fill('收到，分组显示已排进下个版本。');
    await shot(admin, 'feedback-06-answer');
    await dialog.getByTestId('feedback-answer-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => received.getByTestId('feedback-status').innerText()).toBe('处理中');

    await sender.goto('/feedback');
    const answered = item(sender, '订单列表希望能按客户分组显示');
    await expect.poll(() => answered.getByTestId('feedback-status').innerText()).toBe('处理中');
    await expect
      .poll(() => answered.getByTestId('feedback-answer-text').innerText())
      .toContain('收到，分组显示已排进下个版本。');
    await shot(sender, 'feedback-07-sender-sees-answer');
    expect(cspViolations()).toEqual([]);
  });
});
