import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, settled, shot } from './steps.js';

/**
 * A table's webhooks in the designer (issue 17): add a receiver, send a test, read the delivery log;
 * a record created afterwards reaches the receiver. The instance allows private addresses so the
 * receiver on loopback can be reached.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let receiver: http.Server;
let receiverUrl: string;
const events: string[] = [];
const eventually = { timeout: 60_000 };

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      events.push(`${req.headers['x-canopy-event']} ${body.length}`);
      res.writeHead(200).end('received');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: '1' });
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl)).page;
  await registerWithTeam(page, '韩梅', '推送团队');
  await page.getByTestId('home-page').waitFor();
  await createBlankApp(page, '订单中心');
  await createTable(page, '订单');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => receiver?.close(r));
});

describe('webhooks in the table designer', () => {
  it('adds a receiver, sends a test, shows the log, and delivers record events', async () => {
    await page.getByRole('tab', { name: '字段设计' }).click();
    await page.getByTestId('table-webhooks').click();
    const dialog = page.getByTestId('webhooks-dialog');
    await settled(dialog);
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-add').click();
    await expect.poll(() => page.getByTestId('webhook-item').count(), eventually).toBe(1);
    await page.getByTestId('webhook-test').click();
    await expect.poll(() => events.filter((e) => e.startsWith('ping')).length, eventually).toBe(1);
    await expect.poll(() => page.getByTestId('webhook-log').innerText(), eventually).toContain('成功');
    await expect.poll(() => page.getByTestId('webhook-log').innerText()).toContain('received');
    await shot(page, 'webhooks-log');

    // The page's address is /app/:appCode/:schemaCode.
    const [, , appCode, table] = new URL(page.url()).pathname.split('/');
    const created = await pageApi(page, 'POST', `/v1/apps/${appCode}/schemas/${table}/records`, { data: {} });
    expect(created.status).toBe(200);
    await expect.poll(() => events.filter((e) => e.startsWith('record.created')).length, eventually).toBe(1);
  });
});
