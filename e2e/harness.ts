import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server and browser every file shares unless it needs its own (e2e/global-setup.ts). */
    e2eShared: { baseUrl: string; dataDir: string; browserWsEndpoint: string } | null;
  }
}

/** What global-setup.ts started for the whole run, when this file runs inside it. */
function shared(): { baseUrl: string; dataDir: string; browserWsEndpoint: string } | null {
  try {
    return inject('e2eShared') ?? null;
  } catch {
    return null;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  logs: () => string;
  stop(): Promise<void>;
}

/**
 * The server for a test file. Files that need no special environment share the run's server
 * (global-setup.ts): each still makes its own teams and users, and `stop()` leaves it running. A
 * file that sets environment variables, or that must own the instance (its first account
 * administers it: outbox, feedback answers), gets its own with `{ own: true }`.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { own?: boolean } = {},
): Promise<RunningServer> {
  const run = shared();
  if (run && !options.own && Object.keys(env).length === 0) {
    return { baseUrl: run.baseUrl, dataDir: run.dataDir, logs: () => '', stop: async () => {} };
  }
  return spawnServer(env);
}

/**
 * The real product as `npm start` runs it (same entry point, built web app), on a fresh SQLite
 * database in a temporary DATA_DIR.
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Cheap Argon2id: sign-ups are most of some files (apps/server's account.test.ts checks the real cost).
      PASSWORD_HASHING: 'fast',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How every browser of the run starts (headless Debian Chromium). */
export const BROWSER_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

/** The browser for a test file: a connection to the run's shared one, or a new one outside the run. */
export async function launchBrowser(): Promise<Browser> {
  const run = shared();
  // close() on a connected browser closes this file's contexts and disconnects; the browser stays.
  if (run) return chromium.connect(run.browserWsEndpoint);
  return chromium.launch(BROWSER_OPTIONS);
}

/**
 * How long a browser step may wait (clicks, locators, responses, navigations). The machines that
 * run these tests are shared and often busy: a step that is merely slow must not fail, so this is
 * well above Playwright's 30 s default. Tests still wait for conditions, never for fixed times.
 */
export const BROWSER_STEP_TIMEOUT_MS = 60_000;

/** A browser context on the server (Chinese, desktop size unless `options` say otherwise), patient waits. */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // The app honours "reduce motion" (no zoom or slide on dialogs and menus): clicks never meet a
    // control still moving into place, however busy the machine.
    reducedMotion: 'reduce',
    ...options,
  });
  context.setDefaultTimeout(BROWSER_STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(BROWSER_STEP_TIMEOUT_MS);
  await watchCsp(context);
  context.on('weberror', (error) => {
    const text = `${error.page()?.url() ?? '?'}: ${error.error().message}`;
    if (!allowedPageErrors.some((pattern) => pattern.test(text))) pageErrorsSeen.push(text);
  });
  return context;
}

const pageErrorsSeen: string[] = [];
const allowedPageErrors: RegExp[] = [];

/** Uncaught errors thrown in this file's pages so far (setup.ts insists on none after each file). */
export function pageErrors(): string[] {
  return [...pageErrorsSeen];
}

/** For a file that provokes an error on purpose: page errors matching `pattern` are not counted. */
export function allowPageErrors(pattern: RegExp): void {
  allowedPageErrors.push(pattern);
}

const violations: string[] = [];

/**
 * Every Content-Security-Policy violation a page reports (the browser's console message and the
 * page's securitypolicyviolation event), so a test can insist the app runs under the server's CSP.
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(`${message.location().url}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`),
    );
  });
}

/** The CSP violations seen so far by every context of this test file. */
export function cspViolations(): string[] {
  return [...violations];
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, baseUrl, options);
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
export function uniqueMobile(): string {
  counter += 1;
  return `137${String(Date.now() % 1e5).padStart(5, '0')}${String(counter % 1000).padStart(3, '0')}`;
}

/** Screenshots for people to look at (not compared): written under e2e/screenshots when asked. */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** The password every browser test signs up with. */
export const E2E_PASSWORD = 'canopy-pass-1';

/** Fills the /register form and submits it (the page must already show the form). */
export async function submitRegistration(
  page: Page,
  who: { account?: string; name: string; password?: string },
): Promise<void> {
  const password = who.password ?? E2E_PASSWORD;
  await page.locator('#account').fill(who.account ?? uniqueMobile());
  await page.locator('#name').fill(who.name);
  await page.locator('#password').fill(password);
  await page.locator('#confirm').fill(password);
  await page.getByTestId('register-submit').click();
}
