import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * A data table's API page (issue 17): the fields' API names and JSON shapes, and curl examples that
 * work as they are shown — the test runs the "create" example with a real token.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Parses a shown curl command (URL, -X method, -H headers, -d body) into a fetch call. */
function parseCurl(command: string) {
  const url = /curl (?:-X \w+ )?'([^']+)'/.exec(command)?.[1] ?? '';
  const method = /-X (\w+)/.exec(command)?.[1] ?? 'GET';
  const headers = Object.fromEntries(
    [...command.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1] as string, m[2] as string]),
  );
  const body = /-d '([\s\S]*)'$/.exec(command)?.[1];
  return { url, method, headers, body };
}

describe("a table's API page", () => {
  it('lists the fields with their API names and shapes; its create example creates a record', async () => {
    page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '陆一', '接口测试团队');
    await createBlankApp(page, '采购管理');
    await createTable(page, '采购单');
    const [, , appCode = '', tableCode = ''] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${tableCode}`;
    const codes: Record<string, string> = {};
    for (const [name, type] of [
      ['物品', 'text'],
      ['数量', 'number'],
      ['需要日期', 'date'],
    ] as const) {
      const res = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type });
      expect(res.status).toBe(200);
      codes[name] = res.data.code;
    }
    await page.reload();
    await page.getByTestId('table-api-button').click();
    const drawer = page.getByTestId('table-api-drawer');
    await expect.poll(() => drawer.getByTestId('table-api-fields').innerText()).toContain(codes.数量 as string);
    const fieldsText = await drawer.getByTestId('table-api-fields').innerText();
    expect(fieldsText).toContain('物品');
    expect(fieldsText).toContain("string 'YYYY-MM-DD'");
    await expect
      .poll(() => drawer.getByTestId('table-api-base').innerText())
      .toContain(`/open/v1/apps/${appCode}/tables/${tableCode}/records`);
    await shot(page, 'table-api-drawer');

    await drawer.getByRole('tab', { name: '新增' }).click();
    const example = drawer.getByTestId('table-api-example-create');
    await expect.poll(() => example.locator('pre').innerText()).toContain('Bearer <YOUR_API_TOKEN>');
    const command = await example.locator('pre').innerText();

    // A real token for this app, put where the placeholder is: the command works as shown.
    const created = await pageApi<{ token: string }>(page, 'POST', '/v1/user/api-tokens', {
      name: '采购同步',
      appCodes: [appCode],
      readOnly: false,
      expiresInDays: 30,
    });
    expect(created.status).toBe(200);
    const call = parseCurl(command.replace('<YOUR_API_TOKEN>', created.data.token));
    expect(call.method).toBe('POST');
    const answer = await page.evaluate(
      async ({ url, method, headers, body }) => {
        const res = await fetch(url, { method, headers, body, credentials: 'omit' });
        return { status: res.status, json: await res.json() };
      },
      { url: call.url, method: call.method, headers: call.headers, body: call.body ?? null },
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data.data[codes.物品 as string]).toBe('物品');
    expect(answer.json.data.data[codes.数量 as string]).toBe(100);
  });
});
