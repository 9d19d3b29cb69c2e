/**
 * What /home costs a browser (issue 15, web): the workbench of a signed-in member opened cold (a new
 * browser context each time, nothing cached) in headless Chromium against the built app served by the
 * real server. Per load: bytes of JS and CSS as sent (Chromium asks `gzip, deflate` over http, so the
 * build's gzip copies) and decoded, the number of scripts, DOMContentLoaded, the largest contentful
 * paint, and the time until the workbench's app area is shown. Then, for the same files, the bytes as
 * sent with each Accept-Encoding (identity, gzip, br — what a browser gets over https) by plain HTTP.
 *
 *   npm run build && npx tsx bench/src/web/home.ts [--loads 15]
 *
 * Writes bench/results/web-home.json and prints a Markdown table.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { newContext } from '../../../e2e/harness.js';
import { homeMember } from './home-member.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const loads = Number(arg('loads', '15'));
/** A copy of apps/web/dist built before a change, served instead of the current build (a before/after pair). */
const dist = arg('dist', '');
/** Also written to bench/results/web-home-<label>.json. */
const label = arg('label', '');

interface Load {
  jsBytesSent: number;
  jsBytesDecoded: number;
  cssBytesSent: number;
  scripts: number;
  domContentLoadedMs: number;
  lcpMs: number;
  workbenchMs: number;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? 0;
const kb = (n: number) => Math.round(n / 102.4) / 10;

function sizeWith(url: string, encoding: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding, cookie } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => {
          n += c.length;
        });
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

async function measure(page: Page, baseUrl: string): Promise<{ load: Load; assets: string[] }> {
  const assets: string[] = [];
  const load: Load = {
    jsBytesSent: 0,
    jsBytesDecoded: 0,
    cssBytesSent: 0,
    scripts: 0,
    domContentLoadedMs: 0,
    lcpMs: 0,
    workbenchMs: 0,
  };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    const type = req.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      req.sizes().then((s) => {
        if (type === 'script') {
          load.scripts += 1;
          load.jsBytesSent += s.responseBodySize;
        } else load.cssBytesSent += s.responseBodySize;
        assets.push(req.url());
      }),
    );
    if (type === 'script')
      pending.push(
        req
          .response()
          .then((r) => r?.body())
          .then((b) => {
            load.jsBytesDecoded += b?.length ?? 0;
          })
          // A body the browser has already dropped (the page went on) counts as sent only.
          .catch(() => undefined),
      );
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${baseUrl}/home`);
  await page.getByTestId('all-apps-section').waitFor();
  load.workbenchMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  // Requests may still finish while we wait: settle until no new one arrives.
  for (let settled = 0; settled < pending.length; ) {
    const upTo = pending.length;
    await Promise.all(pending.slice(settled, upTo));
    settled = upTo;
  }
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { dcl: nav.domContentLoadedEventEnd, lcp: (window as unknown as { __lcp: number }).__lcp };
  });
  load.domContentLoadedMs = timing.dcl;
  load.lcpMs = timing.lcp;
  return { load, assets };
}

async function main() {
  if (!fs.existsSync('apps/web/dist/index.html')) throw new Error('run `npm run build` first');
  const { server, browser, state } = await homeMember(dist);
  try {
    const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    const results: Load[] = [];
    let assets: string[] = [];
    for (let i = 0; i < loads + 2; i += 1) {
      const context = await newContext(browser, server.baseUrl, { storageState: state });
      const page = await context.newPage();
      const { load, assets: seen } = await measure(page, server.baseUrl);
      await context.close();
      if (i >= 2) results.push(load); // two warm-up loads (the server's first requests)
      assets = seen;
    }
    const unique = [...new Set(assets)];
    const bytes: Record<string, { js: number; css: number }> = {};
    for (const encoding of ['identity', 'gzip', 'br']) {
      bytes[encoding] = { js: 0, css: 0 };
      for (const url of unique) {
        const n = await sizeWith(url, encoding, cookie);
        (bytes[encoding] as { js: number; css: number })[url.endsWith('.css') ? 'css' : 'js'] += n;
      }
    }
    const pick = (f: (l: Load) => number) => results.map(f);
    const summary = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${os.cpus().length} cores, load ${os
        .loadavg()
        .slice(0, 1)
        .map((l) => l.toFixed(1))}`,
      loads: results.length,
      scripts: p50(pick((l) => l.scripts)),
      jsKbSentP50: kb(p50(pick((l) => l.jsBytesSent))),
      jsKbDecodedP50: kb(p50(pick((l) => l.jsBytesDecoded))),
      cssKbSentP50: kb(p50(pick((l) => l.cssBytesSent))),
      domContentLoaded: {
        p50: Math.round(p50(pick((l) => l.domContentLoadedMs))),
        p95: Math.round(p95(pick((l) => l.domContentLoadedMs))),
      },
      lcp: { p50: Math.round(p50(pick((l) => l.lcpMs))), p95: Math.round(p95(pick((l) => l.lcpMs))) },
      workbench: { p50: Math.round(p50(pick((l) => l.workbenchMs))), p95: Math.round(p95(pick((l) => l.workbenchMs))) },
      bytesByEncoding: Object.fromEntries(
        Object.entries(bytes).map(([k, v]) => [k, { jsKb: kb(v.js), cssKb: kb(v.css) }]),
      ),
      files: unique.map((u) => new URL(u).pathname),
    };
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(path.join('bench/results', 'web-home.json'), `${JSON.stringify(summary, null, 2)}\n`);
    if (label)
      fs.writeFileSync(path.join('bench/results', `web-home-${label}.json`), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`### /home, cold, ${summary.loads} loads (${summary.date}, ${summary.machine})`);
    console.log('| measure | p50 | p95 |\n| --- | --- | --- |');
    console.log(`| DOMContentLoaded ms | ${summary.domContentLoaded.p50} | ${summary.domContentLoaded.p95} |`);
    console.log(`| largest contentful paint ms | ${summary.lcp.p50} | ${summary.lcp.p95} |`);
    console.log(`| workbench shown ms | ${summary.workbench.p50} | ${summary.workbench.p95} |`);
    console.log(
      `\nscripts ${summary.scripts}; JS sent ${summary.jsKbSentP50} KB (decoded ${summary.jsKbDecodedP50} KB); CSS sent ${summary.cssKbSentP50} KB`,
    );
    console.log('| Accept-Encoding | JS KB | CSS KB |\n| --- | --- | --- |');
    for (const [k, v] of Object.entries(summary.bytesByEncoding)) console.log(`| ${k} | ${v.jsKb} | ${v.cssKb} |`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
