import { hashPasswordForTransport } from '@canopy/contract';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_PASSWORD, snap, submitRegistration, uniqueMobile } from './harness.js';

/** A same-origin API call from inside the page, as its signed-in user (quick set-up and checks). */
export function pageApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      // The team the page has chosen goes along, as the app's own client sends it.
      const headers: Record<string, string> = {};
      const team = { 'x-engine-code': 'engineCode', 'x-member-id': 'memberId', 'x-engine-shard': 'engineShard' };
      for (const [header, key] of Object.entries(team)) {
        const value = localStorage.getItem(`canopy:${key}`);
        if (value) headers[header] = value;
      }
      const init: RequestInit = { method, headers };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      const res = await fetch(path, init);
      const json = await res.json();
      return { status: res.status, data: json.data };
    },
    { method, path, body },
  );
}

/** Picks an option of an Ant Design select by typing its label (the dropdown filters to it). */
export async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.keyboard.type(label);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first()
    .click();
}

/**
 * Picks a record in a relation field's picker: types the title, waits for the server's answer to
 * that search (the picker searches after a pause), then picks it and waits until the field shows it.
 */
export async function pickRecord(page: Page, picker: Locator, title: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/records/pick') && (r.request().postData() ?? '').includes(title),
  );
  await picker.click();
  await page.keyboard.type(title);
  await answered;
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .first()
    .click();
  await expect.poll(() => picker.innerText()).toContain(title);
}

/** A screenshot once popups and animations have settled (only when screenshots are asked for). */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.waitForTimeout(500);
  await snap(page, name);
}

/**
 * A new user signs up through the API (as the register form calls it), in the page's browser
 * context: the session cookie lands in the context. Sign-up's own screens are tested where they are
 * the subject (teams, account-team, onboarding); elsewhere this saves a form per user.
 */
export async function signUp(page: Page, name: string, account = uniqueMobile()): Promise<string> {
  const res = await page.request.post('/v1/user/register', {
    data: { account, name, password: hashPasswordForTransport(E2E_PASSWORD) },
  });
  if (!res.ok()) throw new Error(`sign-up of ${name} failed: ${res.status()} ${await res.text()}`);
  return account;
}

/** Signs in on the /login page (already open) with the e2e password. */
export async function signInByForm(page: Page, account: string): Promise<void> {
  await page.getByTestId('login-page').waitFor();
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
}

/**
 * A new user and their team, made through the API; the page ends on the workbench. The new-user
 * guide (it opens by itself for a team's owner, its card beside the control of its step) is skipped
 * as the user would skip it, unless the file tests the guide (`guide: true`).
 */
export async function registerWithTeam(
  page: Page,
  user: string,
  team: string,
  options: { guide?: boolean } = {},
): Promise<string> {
  const account = await signUp(page, user);
  const res = await page.request.post('/v1/corp/own/register', { data: { corpName: team } });
  if (!res.ok()) throw new Error(`team ${team} not created: ${res.status()} ${await res.text()}`);
  if (!options.guide) {
    const skipped = await page.request.post('/v1/onboarding/user', { data: { action: 'skipped' } });
    if (!skipped.ok()) throw new Error(`guide not skipped: ${skipped.status()} ${await skipped.text()}`);
  }
  await page.goto('/home');
  await page.getByTestId('page-scroll').waitFor();
  return account;
}

/** The same through the screens: the register form, then the team form (for the files that test them). */
export async function registerWithTeamByForms(page: Page, user: string, team: string): Promise<void> {
  await page.goto('/register');
  await submitRegistration(page, { name: user });
  await page.locator('#corpName').fill(team);
  await page.getByTestId('team-create-submit').click();
}

/**
 * Opens a click-triggered dropdown and clicks its item. A click while the page is still rendering
 * (the workbench refetches as it settles) can leave the menu shut on a busy machine: click again.
 */
export async function menuItemOf(trigger: Locator, item: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    try {
      await item.waitFor({ timeout: 15_000 });
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
  // No settled(): this runs in beforeAll hooks too, where expect.poll is not allowed; a click waits
  // for the item to be stable by itself.
  await item.click();
}

/** A blank app from the workbench; the page ends on the app's home. */
export async function createBlankApp(page: Page, name: string): Promise<void> {
  await menuItemOf(page.getByTestId('create-app-menu').first(), page.getByRole('menuitem', { name: '新建空白应用' }));
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

/** A user registers without a team and joins the inviter's team by an invitation link; ends on the workbench. */
export async function joinTeamOf(inviter: Page, page: Page, name: string): Promise<void> {
  await page.goto('/register');
  await submitRegistration(page, { name });
  await page.getByTestId('team-create-page').waitFor();
  const invitation = await pageApi<{ id: string }>(inviter, 'POST', '/v1/corpintegrate/invitation', {});
  const joined = await pageApi(page, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`);
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
  await page.goto('/home');
  await page.getByTestId('page-scroll').waitFor();
}

/** Picks members by name in the open member picker and confirms. */
export async function pickMembers(page: Page, names: string[]): Promise<void> {
  const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('member-picker') });
  for (const name of names) await picker.getByTestId(`picker-member-${name}`).click();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await picker.waitFor({ state: 'hidden' });
}

/**
 * Opens 账号设置 from the avatar menu on the given tab. Waits for the dialog's zoom-in to end before
 * clicking the tab, and clicks again while the tab is not selected: on a busy machine a click during the
 * animation can land beside the moving tab.
 */
export async function openAccountSettings(page: Page, tab: 'profile' | 'security' | 'tokens'): Promise<void> {
  await page.getByTestId('header-avatar').click();
  await page.getByTestId('menu-account-settings').click();
  const container = page.locator('.ant-modal-container').filter({ has: page.getByTestId('account-settings-dialog') });
  await container.waitFor();
  await expect.poll(() => container.evaluate((e) => getComputedStyle(e).transform), { timeout: 30_000 }).toBe('none');
  const label = page.getByTestId(`account-tab-${tab}`);
  const selected = () => label.evaluate((e) => e.closest('[role="tab"]')?.getAttribute('aria-selected') === 'true');
  await expect
    .poll(
      async () => {
        if (await selected()) return true;
        await label.click();
        return selected();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Waits until the modal, popover or dropdown holding this element has finished opening: no enter or
 * appear animation class, and no transform left. A click during the zoom-in can land beside its aim
 * on a busy machine.
 */
export async function settled(target: Locator): Promise<void> {
  await target.waitFor();
  await expect
    .poll(
      () =>
        target.evaluate((e) => {
          const box = e.closest('.ant-modal, .ant-popover, .ant-dropdown, .ant-drawer-content-wrapper');
          if (!box) return 'none';
          if (/-(enter|appear)/.test(box.className)) return 'animating';
          const inner = box.querySelector('.ant-modal-container') ?? box;
          return getComputedStyle(inner).transform;
        }),
      { timeout: 30_000 },
    )
    .toBe('none');
}

/** A pointer drag as a person makes it: press, move past dnd-kit's 6 px threshold, glide onto the aim, release. */
export async function pointerDrag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('pointerDrag: element not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(8, b.height / 2), { steps: 15 });
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + Math.min(9, b.height / 2), { steps: 2 });
  await page.mouse.up();
}
