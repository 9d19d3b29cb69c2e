import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { pageApi, registerWithTeam, shot } from './steps.js';

/**
 * The bell and its popup (spec §4 notification rules) on a controllable clock: the unread count is
 * polled 2 s after start and then every 15 s, a 401 from it is ignored, the unread-only list drops
 * a read letter and refills below 5, "mark all read" empties it; /notice and its detail; and a
 * letter written by a real event reaching the open tab through the live stream, without a reload.
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

/** Letters for the member as the server writes them (a to-do each), straight into the database. */
function seedLetters(engineCode: string, memberId: string, count: number, from = 0): void {
  const db = new SQLite(path.join(server.dataDir, 'canopy.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into notices (engine_code, member_id, subject, content, read_status, extra_info, event_id, create_time, kind)
     values (?, ?, ?, ?, 0, ?, ?, ?, 'todo')`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = from; i < from + count; i += 1) {
      const body = {
        kind: 'todo',
        params: { flow: `报销单${i}`, originator: '张三', node: '部门审批' },
        link: {
          href: `/notice/detail?id=0`,
          target: '_self',
          payload: { type: 'workflow' },
          label: 'handle',
        },
      };
      insert.run(engineCode, memberId, `新的待办：报销单${i}`, `内容${i}`, JSON.stringify(body), `e${i}`, now + i);
    }
  })();
  // Letters loaded this way also need the member's counts (the server keeps them as it writes).
  db.prepare(
    `insert into letter_counts (engine_code, member_id, unread, total) values (?, ?, ?, ?)
     on conflict (engine_code, member_id) do update set unread = unread + excluded.unread, total = total + excluded.total`,
  ).run(engineCode, memberId, count, count);
  db.close();
}

const items = () => page.getByTestId('notice-popover').getByTestId('letter-item');
const bellUnread = async () => Number(await page.getByTestId('notice-bell').getAttribute('data-unread'));

describe('notifications', () => {
  let engineCode = '';
  let memberId = '';

  it('polls the unread count 2 s after start, then every 15 s', async () => {
    ({ page } = await newPage(browser, server.baseUrl));
    await registerWithTeam(page, '通知测试员', '通知团队');
    await page.getByTestId('page-scroll').waitFor();
    await page.waitForFunction(() => Boolean(localStorage.getItem('canopy:engineCode')));
    engineCode = (await page.evaluate(() => localStorage.getItem('canopy:engineCode'))) ?? '';
    memberId = (await pageApi<{ memberId: string }>(page, 'GET', '/v1/org/member/info')).data.memberId;
    expect(engineCode).not.toBe('');

    // From here the page runs on the test's clock; the times it polls are read from that clock.
    await page.clock.install();
    await page.addInitScript(() => {
      const w = window as unknown as { __polls: number[]; __bellAt: number; __start: number };
      w.__polls = [];
      w.__bellAt = 0;
      // The app's start: the poll's 2 s count from when the app mounts, which is after this.
      w.__start = Date.now();
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/v1/appletter/countUnread'))
          w.__polls.push(Date.now());
        return original(input, init);
      };
      new MutationObserver(() => {
        if (!w.__bellAt && document.querySelector('[data-testid="header-notice"]')) w.__bellAt = Date.now();
      }).observe(document, { childList: true, subtree: true });
    });
    seedLetters(engineCode, memberId, 25);
    await page.goto('/home');
    await page.getByTestId('header-notice').waitFor();
    await page.clock.runFor(2_500);
    const timing = () =>
      page.evaluate(() => {
        const w = window as unknown as { __polls: number[]; __bellAt: number; __start: number };
        return { polls: [...w.__polls], bellAt: w.__bellAt, start: w.__start };
      });
    await expect.poll(async () => (await timing()).polls.length).toBe(1);
    const first = await timing();
    // Not before 2 s from the start of the page (the app mounts a little after it, and the bell's
    // element appears a little after that, so the bell is not the reference)...
    expect((first.polls[0] ?? 0) - first.start).toBeGreaterThanOrEqual(2_000);
    // ...and soon after the bell appeared: on a shared, busy machine the poll follows its timer by a
    // few hundred ms at most.
    expect((first.polls[0] ?? 0) - first.bellAt).toBeLessThan(4_000);
    await expect.poll(bellUnread).toBe(25);

    await page.clock.runFor(15_000);
    await expect.poll(async () => (await timing()).polls.length).toBe(2);
    const second = await timing();
    // Every 15 s: the interval runs from when the query was enabled, and each fetch starts a little
    // after its tick (by however long a busy machine takes to get to it), so the gap between two
    // fetches is 15 s give or take that delay — never the 2 s of the first poll, nor 30 s.
    const gap = (second.polls[1] ?? 0) - (second.polls[0] ?? 0);
    expect(gap).toBeGreaterThan(14_000);
    expect(gap).toBeLessThan(17_000);
    await shot(page, 'notices-bell-dot');
  });

  it('ignores a 401 from the count: no sign-in redirect, no error popup', async () => {
    let refused = 0;
    await page.route('**/v1/appletter/countUnread', async (route) => {
      refused += 1;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ errorCode: 'common.unauthorized', errorMessage: '请先登录', errorType: 'AUTH' }),
      });
    });
    await page.clock.runFor(15_000);
    await expect.poll(() => refused).toBe(1);
    await page.unroute('**/v1/appletter/countUnread');
    // The answer has been handled by now; the page stays, with no popup.
    await page.clock.runFor(1_000);
    expect(new URL(page.url()).pathname).toBe('/home');
    await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
    await expect.poll(() => bellUnread()).toBe(25);
  });

  it('the popup: loads on open, scrolls by 10, drops a read letter and refills below 5', async () => {
    await page.getByTestId('header-notice').click();
    await expect.poll(() => items().count()).toBe(10);
    await expect.poll(() => page.getByTestId('notice-popup-count').innerText()).toContain('25');
    await shot(page, 'notices-popup');
    // Scrolling to within 40 px of the bottom loads the next 10.
    await page.getByTestId('notice-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => items().count()).toBe(20);
    const firstIds = await items().evaluateAll((els) => els.map((e) => e.getAttribute('data-letter-id')));
    expect(new Set(firstIds).size).toBe(20);

    // Reading letters: each leaves the unread list, the count falls with it.
    for (let read = 1; read <= 16; read += 1) {
      await items()
        .first()
        .click({ position: { x: 20, y: 12 } });
      await expect.poll(bellUnread).toBe(25 - read);
    }
    // 20 loaded − 16 read = 4 left (< 5): the rest (5 more) are loaded, without repeats or gaps.
    await expect.poll(() => items().count()).toBe(9);
    const left = await items().evaluateAll((els) => els.map((e) => e.getAttribute('data-letter-id')));
    expect(new Set(left).size).toBe(9);
    await expect.poll(() => page.getByTestId('notice-no-more').innerText()).toBe('没有更多了~');
    await shot(page, 'notices-popup-after-reading');

    // "All" shows read ones too.
    await page.getByTestId('notice-tab-all').click();
    await expect.poll(() => items().count()).toBe(10);
    await expect.poll(() => page.getByTestId('notice-load-more').innerText()).toBe('加载更多');
    await page.getByTestId('notice-tab-unread').click();
    await expect.poll(() => items().count()).toBe(9);
  });

  it('mark all read sets the count to 0 and reloads the list', async () => {
    await page.getByTestId('notice-read-all').click();
    await expect.poll(bellUnread).toBe(0);
    await expect.poll(() => items().count()).toBe(0);
    await expect.poll(() => page.getByTestId('notice-popover').innerText()).toContain('没有未读通知');
    await shot(page, 'notices-popup-empty');
  });

  it('view all: /notice lists every letter with filters; a letter opens its detail', async () => {
    await page.getByTestId('notice-view-all').click();
    await page.getByTestId('notice-page').waitFor();
    await expect.poll(() => page.getByTestId('notice-row').count()).toBe(10);
    await shot(page, 'notices-page');
    await page
      .getByTestId('notice-row')
      .first()
      .click({ position: { x: 20, y: 12 } });
    await page.getByTestId('notice-detail').waitFor();
    await expect.poll(() => page.getByTestId('notice-detail').innerText()).toContain('新的待办：报销单24');
    await shot(page, 'notices-detail');
    await page.goto('/notice/detail?id=abc');
    await page.getByTestId('notice-incomplete').waitFor();
    await expect.poll(() => page.getByTestId('notice-incomplete').innerText()).toContain('数据不完整');
  });

  it('a letter from a real event arrives through the live stream, without a reload or a poll', async () => {
    // Set up first (slow on a busy machine): a new user ready to accept this member's invitation.
    const { context: other, page: joiner } = await newPage(browser, server.baseUrl);
    await joiner.goto('/register');
    await submitRegistration(joiner, { name: '新同事' });
    await joiner.getByTestId('team-create-page').waitFor();
    const invitation = await pageApi<{ id: string }>(page, 'POST', '/v1/corpintegrate/invitation', {});

    await page.goto('/home');
    await page.getByTestId('header-notice').waitFor();
    await page.clock.runFor(2_500);
    await expect.poll(bellUnread).toBe(0);
    const lastPoll = () => page.evaluate(() => (window as unknown as { __polls: number[] }).__polls.at(-1) ?? 0);
    const before = await lastPoll();
    // The popup is open (and empty) while the letter comes: it appears there without a click.
    await page.getByTestId('header-notice').click();
    await expect.poll(() => page.getByTestId('notice-popover').innerText()).toContain('没有未读通知');
    // The invitation is accepted: the server writes the inviter a letter and pushes it.
    expect((await pageApi(joiner, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`)).status).toBe(200);
    await expect.poll(bellUnread, { timeout: 12_000 }).toBe(1);
    // It was the push (which asked for the count at once), not the next poll 15 s on.
    expect((await lastPoll()) - before).toBeLessThan(15_000);
    await expect.poll(() => items().count()).toBe(1);
    await expect.poll(() => items().first().innerText()).toContain('新同事接受了你的邀请');
    await shot(page, 'notices-live-letter');
    await other.close();
  });

  it("query letters sends the spec's offset, pageSize, readStatus and userId", async () => {
    const userId = (await pageApi<{ userId: string }>(page, 'GET', '/v1/org/member/info')).data.userId;
    const lists: URLSearchParams[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/v1/appletter/list') lists.push(url.searchParams);
    });
    await page.getByTestId('notice-tab-all').click();
    await page.getByTestId('notice-tab-unread').click();
    await expect.poll(() => lists.some((q) => q.get('readStatus') === '0')).toBe(true);
    for (const q of lists) expect(Object.fromEntries(q)).toMatchObject({ offset: '0', pageSize: '10', userId });
  });

  it('a link whose payload lacks fields says "数据不完整" instead of opening', async () => {
    // The seeded letters' links carry { type: 'workflow' } only: no app, no instance.
    seedLetters(engineCode, memberId, 1, 500);
    await page.goto('/home');
    await page.clock.runFor(2_500);
    await page.getByTestId('header-notice').click();
    const link = items().first().getByTestId('letter-link');
    await link.waitFor();
    await link.click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('数据不完整');
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('an event link opens its letter through "notice id by event id"', async () => {
    const looked = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/appletter/byEvent');
    await page.goto('/notice/detail?eventId=e500');
    expect(new URL((await looked).url()).searchParams.get('eventId')).toBe('e500');
    await page.getByTestId('notice-detail').waitFor();
    await expect.poll(() => page.getByTestId('notice-detail').innerText()).toContain('新的待办：报销单500');
  });

  it('the unread badge reads "999+" above 999', async () => {
    seedLetters(engineCode, memberId, 1_000, 1_000);
    await page.goto('/home');
    await page.clock.runFor(2_500);
    await expect.poll(bellUnread).toBeGreaterThan(999);
    const badge = page.locator('[data-testid="notice-bell"] .ant-badge-count');
    await expect.poll(() => badge.innerText()).toBe('999+');
    await shot(page, 'notices-bell-999');
  });
});
