/**
 * The built-in templates' preview screenshots (issue 12): installs each template into a throwaway
 * server (the built product, like the browser tests), opens its first table and its dashboard in
 * Chromium and stores both, scaled to 960 px wide and encoded as WebP by the browser itself, as
 * apps/server/templates/<id>/previews/{1-table,2-dashboard}.webp.
 * Run after `npm run build`: `npx tsx e2e/template-previews.ts [id...]` (no ids: every template).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, submitRegistration } from './harness.js';

const templatesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/templates');

async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async ({ method, url, body }) => {
      const headers: Record<string, string> = {};
      for (const [header, key] of Object.entries({ 'x-engine-code': 'engineCode', 'x-member-id': 'memberId' })) {
        const value = localStorage.getItem(`canopy:${key}`);
        if (value) headers[header] = value;
      }
      if (body !== undefined) headers['content-type'] = 'application/json';
      const r = await fetch(url, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
      return { status: r.status, json: await r.json() };
    },
    { method, url, body },
  );
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data as T;
}

/** Waits until the page has settled: no onboarding guide over it, no spinner, no request running. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const skip = page.getByRole('button', { name: '跳过引导' });
  if (await skip.isVisible()) {
    await skip.click();
    await skip.waitFor({ state: 'hidden' });
  }
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
  await page.waitForLoadState('networkidle');
}

/** The page's screenshot scaled to 960 px wide, as WebP (the browser's own encoder). */
async function webp(page: Page, target: string): Promise<void> {
  const png = await page.screenshot({ type: 'png' });
  const data = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 960;
    canvas.height = Math.round((img.height * 960) / img.width);
    canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/webp', 0.72).split(',')[1] ?? '';
  }, png.toString('base64'));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, Buffer.from(data, 'base64'));
}

interface TreeNode {
  code: string;
  type: string;
  children?: TreeNode[];
}
const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await newPage(browser, server.baseUrl, { viewport: { width: 1280, height: 800 } });
  await page.goto('/register');
  await submitRegistration(page, { name: '模板预览' });
  await page.locator('#corpName').fill('模板预览团队');
  await page.getByTestId('team-create-submit').click();
  await page.getByTestId('create-app-menu').first().waitFor();
  const { templates } = await api<{ templates: { id: string; externalLabel: string; kind: string }[] }>(
    page,
    'GET',
    '/v1/templates',
  );
  const wanted = process.argv.slice(2);
  for (const t of templates.filter((x) => x.kind === 'builtin' && (!wanted.length || wanted.includes(x.id)))) {
    const started = await api<{ taskId: string }>(page, 'POST', '/v1/templates/install', {
      id: t.id,
      externalLabel: t.externalLabel,
    });
    let appCode = '';
    for (;;) {
      const task = await api<{ isCompleted: boolean; state: string; appCode: string; message: string }>(
        page,
        'GET',
        `/v2/app/installtask/${started.taskId}`,
      );
      if (task.isCompleted) {
        if (task.state !== 'done') throw new Error(`${t.id}: ${task.message}`);
        appCode = task.appCode;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const nodes = flat(await api<TreeNode[]>(page, 'GET', `/v1/apps/${appCode}/nodes`));
    const table = nodes.find((n) => n.type === 'Schema');
    const board = nodes.find((n) => n.type === 'Dashboard');
    const previews = path.join(templatesDir, t.id, 'previews');
    fs.rmSync(previews, { recursive: true, force: true });
    await page.goto(`/app/${appCode}/${table?.code}`);
    await page.locator('.ant-table-row').first().waitFor();
    await settle(page);
    await webp(page, path.join(previews, '1-table.webp'));
    await page.goto(`/app/${appCode}/${board?.code}`);
    await page.locator('canvas, svg, [data-testid^="widget-number"]').first().waitFor();
    await settle(page);
    await webp(page, path.join(previews, '2-dashboard.webp'));
    console.log(`${t.id}: previews written`);
  }
} finally {
  await browser.close();
  await server.stop();
}
