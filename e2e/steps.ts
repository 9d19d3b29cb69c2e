import type { Page } from 'playwright-core';
import { snap, submitRegistration } from './harness.js';

/** A same-origin API call from inside the page, as its signed-in user (quick set-up and checks). */
export function pageApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const init: RequestInit = { method };
      if (body !== undefined) {
        init.headers = { 'content-type': 'application/json' };
        init.body = JSON.stringify(body);
      }
      const res = await fetch(path, init);
      const json = await res.json();
      return { status: res.status, data: json.data };
    },
    { method, path, body },
  );
}

/** A screenshot once popups and animations have settled (only when screenshots are asked for). */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.waitForTimeout(500);
  await snap(page, name);
}

/** A new user registers and creates their team; the page ends on the workbench. */
export async function registerWithTeam(page: Page, user: string, team: string): Promise<void> {
  await page.goto('/register');
  await submitRegistration(page, { name: user });
  await page.locator('#corpName').fill(team);
  await page.getByTestId('team-create-submit').click();
}

/** A blank app from the workbench; the page ends on the app's home. */
export async function createBlankApp(page: Page, name: string): Promise<void> {
  await page.getByTestId('create-app-menu').first().click();
  await page.getByRole('menuitem', { name: '新建空白应用' }).click();
  await page.getByTestId('create-app-name').fill(name);
  await page.locator('#create-app-submit').click();
  await page.getByTestId('app-home').waitFor();
}

/** A data table in the open app's menu; the page ends on the table. */
export async function createTable(page: Page, name: string): Promise<void> {
  await page.getByTestId('add-node').click();
  await page.getByRole('menuitem', { name: '新建数据表' }).click();
  await page.getByTestId('node-name-input').fill(name);
  await page.locator('#node-name-submit').click();
  await page.getByTestId(`menu-node-${name}`).click();
  await page.getByTestId('table-page').getByRole('heading', { name }).waitFor();
}
