import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, pickOption, registerWithTeam, shot } from './steps.js';

let server: RunningServer;
let browser: Browser;
const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sourceDb = `cnp_e2e_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN });
let source: pg.Client;

beforeAll(async () => {
  // A throwaway PostgreSQL database the data source connects to.
  await admin.connect();
  await admin.query(`create database ${sourceDb}`);
  const url = new URL(ADMIN);
  url.pathname = `/${sourceDb}`;
  source = new pg.Client({ connectionString: url.toString() });
  await source.connect();
  await source.query(`create table products (id integer primary key, name varchar(100), price numeric(10,2), active boolean);
    insert into products values (1, '苹果', 3.50, true), (2, '香蕉', 2.25, false);`);
  // The source is on this machine's loopback: allowed explicitly (issue 30).
  server = await startServer({ DATASOURCE_ALLOW_PRIVATE: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await source?.end();
  await admin.query(`drop database if exists ${sourceDb} with (force)`);
  await admin.end();
});

describe('data sources', () => {
  it('connects to PostgreSQL, creates a sync table, syncs, and shows its rows read-only', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '周航', '禾木零售');
    await createBlankApp(page, '进销存');

    // The entry: the app's settings.
    await page.getByTestId('app-settings-trigger').click();
    await page.getByRole('menuitem', { name: '数据源与同步表' }).click();
    await page.getByTestId('datasource-page').waitFor();
    await page.getByText('还没有数据源，添加一个开始同步外部数据').waitFor();

    await page.getByTestId('source-add').click();
    const form = page.getByTestId('source-form');
    await form.getByTestId('source-name').fill('商品库');
    await form.getByTestId('source-host').fill('127.0.0.1');
    await form.getByTestId('source-database').fill(sourceDb);
    await form.getByTestId('source-user').fill(new URL(ADMIN).username || 'postgres');
    await form.getByTestId('source-password').fill('not-needed-with-trust');
    await shot(page, 'datasource-add');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = page.getByTestId('source-list').locator('tr', { hasText: '商品库' });
    await row.waitFor();
    await expect.poll(() => page.getByText('not-needed-with-trust').count()).toBe(0);

    await row.getByTestId('source-test').click();
    await page.getByText('连接成功').waitFor();

    await row.getByTestId('source-new-sync').click();
    const wizard = page.getByTestId('sync-wizard');
    await pickOption(page, wizard.getByTestId('wizard-table'), 'products');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-columns').getByText('price').waitFor();
    await page.getByTestId('wizard-name').fill('商品');
    await shot(page, 'datasource-wizard');
    await page.getByTestId('wizard-create').click();

    const sync = page.getByTestId('sync-tables').locator('tr', { hasText: '商品' });
    await sync.getByText('成功').waitFor({ timeout: 30_000 });
    await sync.getByText('2 行（新增 2，更新 0，删除 0）').waitFor();
    await shot(page, 'datasource-page');

    // 立即同步 picks up a change at the source; the log lists both syncs.
    await source.query(`insert into products values (3, '橙子', 4.00, true)`);
    await sync.getByTestId('sync-now').click();
    await sync.getByText('3 行（新增 1，更新 2，删除 0）').waitFor({ timeout: 30_000 });
    await sync.getByTestId('sync-log-open').click();
    await expect.poll(() => page.getByTestId('sync-log').locator('tbody tr').count()).toBe(2);
    await shot(page, 'datasource-log');
    await page.keyboard.press('Escape');

    // The table: its rows, and no add button (synced tables are read-only).
    await sync.getByRole('link', { name: '商品' }).click();
    await page.getByText('橙子').first().waitFor();
    await expect.poll(() => page.getByText('苹果').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('record-add').count()).toBe(0);
    await shot(page, 'datasource-table');
  });
});
