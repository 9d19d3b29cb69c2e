import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, pickOption, registerWithTeam, settled, shot } from './steps.js';

/**
 * A table's webhooks in the designer (issue 17): add a receiver, send a test, read the delivery log;
 * a record created afterwards reaches the receiver; a second receiver chosen for flow events with a
 * filter hears only matching records and flows. The instance allows private addresses so the
 * receiver on loopback can be reached.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let receiver: http.Server;
let receiverUrl: string;
const events: string[] = [];
/** What the filtered receiver (path /filtered) got: event and the record's or flow's amount. */
const filtered: { event: string; body: Record<string, unknown> }[] = [];
const eventually = { timeout: 60_000 };

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      if (req.url === '/filtered')
        filtered.push({ event: String(req.headers['x-canopy-event']), body: JSON.parse(body) });
      else events.push(`${req.headers['x-canopy-event']} ${body.length}`);
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

  it('chooses flow events and a filter: only matching records and flows are delivered', async () => {
    const [, , appCode, table] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${table}`;
    const amount = (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name: '金额', type: 'number' }))
      .data.code;
    const me = (await pageApi<{ memberId: string }>(page, 'GET', '/v1/org/member/info')).data.memberId;
    const flow = await pageApi(page, 'PUT', `${base}/workflow`, {
      definition: {
        nodes: [
          { id: 'start', type: 'start', name: '发起', next: 'a', settings: { fieldRules: {} } },
          {
            id: 'a',
            type: 'approve',
            name: '审批',
            settings: {
              participants: [{ kind: 'members', ids: [me] }],
              mode: 'any',
              whenEmpty: 'error',
              fieldRules: {},
              comment: {
                approve: { enableComment: true, required: false },
                reject: { enableComment: true, required: false },
              },
              actions: [],
              closeRevert: false,
              closeTerminate: false,
              rejectTo: 'end',
            },
          },
        ],
      },
    });
    expect(flow.status).toBe(200);
    expect((await pageApi(page, 'POST', `${base}/workflow/publish`)).status).toBe(200);
    // The page learns of the new field.
    await page.reload();
    await page.getByRole('tab', { name: '字段设计' }).click();
    await page.getByTestId('table-webhooks').click();
    const dialog = page.getByTestId('webhooks-dialog');
    await settled(dialog);
    await page.getByTestId('webhook-url').fill(receiverUrl.replace(/\/hook$/, '/filtered'));
    // Record events stay chosen; the flow's submission is added.
    await page.getByTestId('webhook-event-record.updated').click();
    await page.getByTestId('webhook-event-record.deleted').click();
    await page.getByTestId('webhook-event-flow.submitted').click();
    const panel = page.getByTestId('webhook-filter').getByTestId('filter-panel');
    await panel.getByTestId('filter-add').click();
    const condition = panel.getByTestId('filter-condition').first();
    await pickOption(page, condition.getByTestId('filter-field'), '金额');
    await pickOption(page, condition.getByTestId('filter-operator'), '大于等于');
    await condition.getByTestId('filter-value').locator('input').fill('100');
    await page.getByTestId('webhook-add').click();
    await expect.poll(() => page.getByTestId('webhook-item').count(), eventually).toBe(2);
    await expect.poll(() => page.getByTestId('webhook-item').nth(1).innerText()).toContain('已设筛选');
    await expect.poll(() => page.getByTestId('webhook-item').nth(1).innerText()).toContain('流程提交');
    await page.getByTestId('webhook-filter-toggle').nth(1).click();
    await expect.poll(() => page.getByTestId('webhook-filter-editor').getByTestId('filter-condition').count()).toBe(1);
    await shot(page, 'webhooks-filter');

    for (const value of [5, 500])
      expect((await pageApi(page, 'POST', `${base}/records`, { data: { [amount]: value } })).status).toBe(200);
    for (const value of [1, 300]) {
      const started = await pageApi(page, 'POST', '/v1/workflow/start', {
        appCode,
        schemaCode: table,
        data: { [amount]: value },
      });
      expect(started.status).toBe(200);
    }
    const heard = () =>
      filtered
        .map((f) => {
          const record = f.body.record as { data: Record<string, unknown> } | undefined;
          const instance = f.body.flow as { recordId: string } | undefined;
          return record ? `${f.event} ${record.data[amount]}` : `${f.event} ${instance ? 'flow' : ''}`;
        })
        .sort();
    // The flows' records are created too: 300 matches (created + submitted), 1 does not.
    await expect
      .poll(heard, eventually)
      .toEqual(['flow.submitted flow', 'record.created 300', 'record.created 500'].sort());
  });
});
