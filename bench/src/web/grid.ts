/**
 * What the records grid of a big table costs a browser (issue 15, web): the million-row data set
 * (bench/src/million/generate.ts) served by the real server with the built web app, its owner signed
 * in, the table's page opened cold (a new browser context each run, nothing cached) in headless
 * Chromium. Per run:
 *   - rowsMs: from navigation start to the first frame after the grid's first record row is in the
 *     DOM (a MutationObserver sees the row, the next animation frame is when it is drawn);
 *   - interactiveMs: the end of the last long task before a quiet second after rowsMs (rowsMs when
 *     none), and the long tasks (PerformanceObserver `longtask`) until then: count and total time
 *     over 50 ms (blocking time);
 *   - the requests before the first records page (API calls in order, with their start and end);
 *   - JS and CSS bytes as sent (gzip) and the number of scripts for the route;
 *   - scrolling for `--scroll-ms`, `--step` px down in every animation frame (a steady scroll paced
 *     by the page's own frames: a slow frame shows as a slow frame, not as fewer events): by default
 *     a wheel event on the grid's scrolling element (what a mouse sends; antd's virtual list scrolls
 *     itself on wheel events), `--mode scrolltop` moves its scrollTop instead (a native scroll: the
 *     mode for the grid's own body, GridBody.tsx, a native scroller that a synthetic wheel event does
 *     not move).
 *     Mouse wheel steps sent by Playwright were tried first: each waits for the browser's ack, so a
 *     busy page got fewer and scrolled ~100 rows in 5 s. Measured: the frame
 *     times (requestAnimationFrame deltas: p50, p95, max), how
 *     many frames showed blank row slots (a slot is sampled every frame with elementFromPoint down
 *     the title column: no record title there, or an empty one, is blank) and how far the grid got
 *     (the span of record numbers seen, from the titles' trailing numbers).
 * And, as the machine is shared and wall times swing with its load, the renderer main thread's own
 * CPU time (CDP Performance.getMetrics ThreadTime): for the load, and while scrolling with its
 * script and layout + style parts, per record scrolled past.
 * Medians over the runs (after one warm-up run: the server's first requests).
 *
 *   npm run build
 *   npx tsx bench/src/million/generate.ts --db sqlite --rows 1000000
 *   npx tsx bench/src/web/grid.ts --rows 1000000 [--runs 5] [--scroll-ms 5000] [--step 80] [--mode wheel|scrolltop] [--shot grid.png] [--dom grid.html] [--profile] [--label after]
 *     [--dist /tmp/dist-before]   (a copy of apps/web/dist built before a change)
 *
 * Writes bench/results/web-grid-<rows>.json and prints a Markdown table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../../e2e/harness.js';
import { defaultDir, type Manifest, options, readManifest, serverEnv, startServer } from '../million/common.js';
import { signIn } from '../million/run.js';

const { rows, dir, opt } = options({
  runs: { type: 'string' },
  'scroll-ms': { type: 'string' },
  mode: { type: 'string' },
  step: { type: 'string' },
  profile: { type: 'boolean' },
  shot: { type: 'string' },
  dom: { type: 'string' },
  label: { type: 'string' },
  dist: { type: 'string' },
});
const runs = Number(opt('runs') ?? 5);
const scrollMs = Number(opt('scroll-ms') ?? 5000);
const mode = opt('mode') === 'scrolltop' ? 'scrolltop' : 'wheel';
const stepPx = Number(opt('step') ?? 80);
/** `--profile`: a CPU profile of the page during each scroll, bench/results/web-grid-scroll-<label>.cpuprofile. */
const profile = opt('profile') === true;
/** `--shot file.png`: a screenshot of the grid after the warm-up run's scroll, and file-middle.png, file-right.png scrolled sideways. */
const shotPath = typeof opt('shot') === 'string' ? String(opt('shot')) : '';
/** `--dom file.html`: the grid's HTML after the warm-up run's scroll (to compare its markup before/after a change). */
const domPath = typeof opt('dom') === 'string' ? String(opt('dom')) : '';
const label = String(opt('label') ?? 'run');
/** Another build of the web app to serve (a copy of apps/web/dist made before a change: before/after). */
const dist = String(opt('dist') ?? 'apps/web/dist');

interface Run {
  /** Main-thread CPU time from navigation to a quiet second after the rows (ms). */
  loadCpuMs: number;
  /** Main-thread CPU time while scrolling, and its script and layout + style parts (ms). */
  scrollCpuMs: number;
  scrollScriptMs: number;
  scrollLayoutStyleMs: number;
  rowsMs: number;
  /** When the grid view's element first appeared (before its rows), and the last script before the rows arrived. */
  gridMs: number;
  scriptsEndMs: number;
  interactiveMs: number;
  longTasks: number;
  blockingMs: number;
  jsKbSent: number;
  cssKbSent: number;
  scripts: number;
  apiBeforeRows: string[];
  frames: number;
  frameP50: number;
  frameP95: number;
  frameMax: number;
  blankFrames: number;
  blankSlots: number;
  reached: number;
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))] ?? 0;
};
const median = (xs: number[]) => pct(xs, 0.5);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * Installed before the app's code: long tasks and the first drawn row. A string, not a function:
 * tsx compiles named functions with a `__name` helper the page does not have.
 */
const PROBE = `(() => {
  const longTasks = [];
  window.__longTasks = longTasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (!window.__gridSeen && document.querySelector('[data-testid="grid-view"]')) window.__gridSeen = performance.now();
    if (window.__rowsSeen) return;
    const cell = document.querySelector('[data-testid="record-title"]');
    if (!cell || !cell.textContent) return;
    window.__rowsSeen = performance.now();
    requestAnimationFrame(() => { window.__rowsAt = performance.now(); });
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** The renderer's own counters (CDP Performance.getMetrics): ThreadTime is the main thread's CPU time. */
async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value * 1000]));
}

async function measure(page: Page, url: string): Promise<Run> {
  const sizes: Promise<void>[] = [];
  let jsBytes = 0;
  let cssBytes = 0;
  let scripts = 0;
  const api: { path: string; start: number; end: number }[] = [];
  let t0 = 0;
  page.on('requestfinished', (req) => {
    const type = req.resourceType();
    if (type === 'script' || type === 'stylesheet')
      sizes.push(
        req.sizes().then((s) => {
          if (type === 'script') {
            scripts += 1;
            jsBytes += s.responseBodySize;
          } else cssBytes += s.responseBodySize;
        }),
      );
    const u = new URL(req.url());
    if (u.pathname.startsWith('/v1/')) {
      const timing = req.timing();
      api.push({
        path: `${req.method()} ${u.pathname.replace(/\/(apps|schemas)\/[^/]+/g, '/$1/…')}`,
        start: timing.startTime - t0,
        end: timing.startTime - t0 + timing.responseEnd,
      });
    }
  });
  await page.addInitScript(PROBE);
  const counters = await page.context().newCDPSession(page);
  await counters.send('Performance.enable', { timeDomain: 'threadTicks' });
  t0 = Date.now();
  await page.goto(url);
  // Polled with evaluate: waitForFunction compiles its predicate with eval, which the app's CSP forbids.
  for (const until = Date.now() + 60_000; ; ) {
    if (await page.evaluate(() => Boolean((window as unknown as { __rowsAt?: number }).__rowsAt))) break;
    if (Date.now() > until) {
      if (shotPath) await page.screenshot({ path: shotPath });
      const debug = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        return {
          longTasks: Array.isArray(w.__longTasks),
          seen: w.__rowsSeen,
          titles: [...document.querySelectorAll('[data-testid="record-title"]')].slice(0, 3).map((e) => e.outerHTML),
        };
      });
      throw new Error(`no grid rows within 60 s: ${JSON.stringify(debug)}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  // A quiet second (no long task) after the rows: the page is interactive from the last long task's end.
  const ready = await page.evaluate(async () => {
    const w = window as unknown as { __rowsAt: number; __longTasks: { start: number; end: number }[] };
    for (;;) {
      const last = w.__longTasks.at(-1);
      const since = Math.max(w.__rowsAt, last?.end ?? 0);
      if (performance.now() - since >= 1000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const tasks = w.__longTasks;
    const interactive = Math.max(w.__rowsAt, ...tasks.map((t) => t.end));
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scriptsEnd = Math.max(
      0,
      ...resources
        .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
        .filter((r) => r.startTime < w.__rowsAt)
        .map((r) => r.responseEnd),
    );
    return {
      rowsAt: w.__rowsAt,
      gridAt: (w as unknown as { __gridSeen?: number }).__gridSeen ?? 0,
      scriptsEnd,
      interactive,
      longTasks: tasks.length,
      blocking: tasks.reduce((n, t) => n + Math.max(0, t.end - t.start - 50), 0),
      navStart: performance.timeOrigin,
    };
  });
  const navStart = ready.navStart;
  const loaded = await metrics(counters);
  const firstQuery = api.find((a) => a.path.includes('/records/query'));
  const apiBeforeRows = api
    .filter((a) => !firstQuery || a.start <= firstQuery.start)
    .sort((a, b) => a.start - b.start)
    .map((a) => `${a.path} ${Math.round(a.start + t0 - navStart)}–${Math.round(a.end + t0 - navStart)}`);
  await page.waitForLoadState('networkidle');
  await Promise.all(sizes);

  // Scrolling the grid's body; frames and blank slots recorded in the page.
  const body = page.getByTestId('record-table').locator('.ant-table-tbody-virtual-holder, [data-grid-body]').first();
  const box = await body.boundingBox();
  if (!box) throw new Error('no grid body');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await body.evaluate((el) => el.setAttribute('data-bench-scroller', ''));
  const geometry = JSON.stringify({ top: box.y, bottom: box.y + box.height, x: box.x + 60, step: stepPx, mode });
  await page.evaluate(`(() => {
    const { top, bottom, x, step, mode } = ${geometry};
    const scroller = document.querySelector('[data-bench-scroller]');
    const deltas = [];
    let blankFrames = 0;
    let blankSlots = 0;
    let reached = 0;
    let lowest = Infinity;
    let last = performance.now();
    window.__scroll = { stop: false };
    const frame = (now) => {
      if (mode === 'scrolltop') scroller.scrollTop += step;
      else scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: step, deltaMode: 0, bubbles: true, cancelable: true }));
      deltas.push(now - last);
      last = now;
      let blanks = 0;
      // Five slots a frame (top to bottom): hit-testing every row would itself cost a frame's budget.
      for (let y = top + 10; y < bottom; y += (bottom - top - 20) / 4) {
        // elementsFromPoint: a tour card over the grid must not hide the row beneath it.
        const row = document.elementsFromPoint(x, y).map((el) => el.closest('.ant-table-row, [data-grid-row]')).find((r) => r);
        const title = row && row.querySelector('[data-testid="record-title"]');
        if (!title || !title.textContent) blanks += 1;
        else {
          const m = /(\\d+)\\s*$/.exec(title.textContent);
          const n = m ? Number(m[1]) : 0;
          if (n > reached) reached = n;
          if (n < lowest) lowest = n;
        }
      }
      if (blanks) {
        blankFrames += 1;
        blankSlots += blanks;
      }
      window.__scrollResult = { deltas, blankFrames, blankSlots, reached: reached - lowest };
      if (!window.__scroll.stop) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);
  const beforeScroll = await metrics(counters);
  const cdp = profile ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const until = Date.now() + scrollMs;
  while (Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const scroll = (await page.evaluate('window.__scroll.stop = true, window.__scrollResult')) as {
    deltas: number[];
    blankFrames: number;
    blankSlots: number;
    reached: number;
  };
  const afterScroll = await metrics(counters);
  const spent = (name: string) => (afterScroll[name] ?? 0) - (beforeScroll[name] ?? 0);
  if (cdp) {
    const { profile: cpu } = await cdp.send('Profiler.stop');
    fs.writeFileSync(`bench/results/web-grid-scroll-${label}.cpuprofile`, JSON.stringify(cpu));
  }
  const deltas = scroll.deltas.slice(1);
  return {
    loadCpuMs: round(loaded.ThreadTime ?? 0, 0),
    scrollCpuMs: round(spent('ThreadTime'), 0),
    scrollScriptMs: round(spent('ScriptDuration'), 0),
    scrollLayoutStyleMs: round(spent('LayoutDuration') + spent('RecalcStyleDuration'), 0),
    rowsMs: round(ready.rowsAt, 0),
    gridMs: round(ready.gridAt, 0),
    scriptsEndMs: round(ready.scriptsEnd, 0),
    interactiveMs: round(ready.interactive, 0),
    longTasks: ready.longTasks,
    blockingMs: round(ready.blocking, 0),
    jsKbSent: round(jsBytes / 1024),
    cssKbSent: round(cssBytes / 1024),
    scripts,
    apiBeforeRows,
    frames: deltas.length,
    frameP50: round(pct(deltas, 0.5)),
    frameP95: round(pct(deltas, 0.95)),
    frameMax: round(Math.max(...deltas)),
    blankFrames: scroll.blankFrames,
    blankSlots: scroll.blankSlots,
    reached: scroll.reached,
  };
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('run `npm run build` first');
  const dataDir = dir ?? defaultDir('sqlite', rows);
  const m: Manifest = readManifest(dataDir);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = await startServer({ ...serverEnv(m, port), WEB_DIST: path.resolve(dist) }, port);
  const browser = await launchBrowser();
  try {
    const headers = await signIn(server.baseUrl, m, m.owner.account);
    const cookies = (headers.cookie ?? '').split('; ').map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: server.baseUrl };
    });
    // The workbench once: it picks the team and keeps it in localStorage, as after a real sign-in.
    const setup = await newContext(browser, server.baseUrl);
    await setup.addCookies(cookies);
    const first = await setup.newPage();
    await first.goto('/home');
    await first.getByTestId('all-apps-section').waitFor();
    const state = await setup.storageState();
    await setup.close();

    const url = `${server.baseUrl}/app/${m.appCode}/${m.schemaCode}`;
    const results: Run[] = [];
    for (let i = 0; i < runs + 1; i += 1) {
      const context = await newContext(browser, server.baseUrl, { storageState: state });
      const page = await context.newPage();
      const run = await measure(page, url);
      if (i === 0 && shotPath) await page.screenshot({ path: shotPath });
      if (i === 0 && shotPath) {
        // And scrolled sideways to the last columns (the columns drawn only when in sight, the select tags).
        for (const [at, name] of [
          [0.5, 'middle'],
          [1, 'right'],
        ] as const) {
          await page.locator('[data-grid-body]').evaluate((el, f) => {
            el.scrollLeft = (el.scrollWidth - el.clientWidth) * f;
          }, at);
          await page.waitForTimeout(300);
          await page.screenshot({ path: shotPath.replace(/(\.png)?$/, `-${name}.png`) });
        }
        await page.locator('[data-grid-body]').evaluate((el) => {
          el.scrollLeft = 0;
        });
      }
      if (i === 0 && domPath)
        fs.writeFileSync(domPath, await page.getByTestId('grid-view').evaluate((el) => el.outerHTML));
      await context.close();
      console.error(
        `run ${i}${i === 0 ? ' (warm-up)' : ''}: rows ${run.rowsMs} ms, interactive ${run.interactiveMs} ms, frames p95 ${run.frameP95} ms, blank frames ${run.blankFrames}, reached ${run.reached}`,
      );
      if (i > 0) results.push(run);
    }
    const pick = (f: (r: Run) => number) => median(results.map(f));
    const summary = {
      date: new Date().toISOString(),
      label,
      machine: `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      rows: m.rows,
      runs: results.length,
      scroll: { ms: scrollMs, mode, stepPx },
      loadCpuMs: pick((r) => r.loadCpuMs),
      scrollCpuMs: pick((r) => r.scrollCpuMs),
      scrollScriptMs: pick((r) => r.scrollScriptMs),
      scrollLayoutStyleMs: pick((r) => r.scrollLayoutStyleMs),
      cpuMsPerRowScrolled: round(median(results.map((r) => r.scrollCpuMs / Math.max(1, r.reached))), 2),
      rowsMs: pick((r) => r.rowsMs),
      interactiveMs: pick((r) => r.interactiveMs),
      longTasks: pick((r) => r.longTasks),
      blockingMs: pick((r) => r.blockingMs),
      jsKbSent: pick((r) => r.jsKbSent),
      cssKbSent: pick((r) => r.cssKbSent),
      scripts: pick((r) => r.scripts),
      frames: pick((r) => r.frames),
      frameP50: pick((r) => r.frameP50),
      frameP95: pick((r) => r.frameP95),
      frameMax: pick((r) => r.frameMax),
      blankFrames: pick((r) => r.blankFrames),
      blankSlots: pick((r) => r.blankSlots),
      reached: pick((r) => r.reached),
      apiBeforeRows: results[0]?.apiBeforeRows ?? [],
      each: results,
    };
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      path.join('bench/results', `web-grid-${m.rows}-${label}.json`),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
    console.log(
      `### grid, ${m.rows.toLocaleString('en-US')} rows, ${label}, ${summary.runs} runs (${summary.date}, ${summary.machine})`,
    );
    console.log('| measure | median |\n| --- | --- |');
    console.log(`| first rows drawn ms | ${summary.rowsMs} |`);
    console.log(`| interactive ms | ${summary.interactiveMs} |`);
    console.log(`| long tasks / blocking ms | ${summary.longTasks} / ${summary.blockingMs} |`);
    console.log(`| JS KB sent (scripts) / CSS KB | ${summary.jsKbSent} (${summary.scripts}) / ${summary.cssKbSent} |`);
    console.log(`| main-thread CPU ms, navigation → quiet after rows | ${summary.loadCpuMs} |`);
    console.log(`| scroll frames | ${summary.frames} |`);
    console.log(
      `| scroll main-thread CPU ms (script / layout+style) | ${summary.scrollCpuMs} (${summary.scrollScriptMs} / ${summary.scrollLayoutStyleMs}) |`,
    );
    console.log(`| CPU ms per record scrolled past | ${summary.cpuMsPerRowScrolled} |`);
    console.log(`| frame ms p50 / p95 / max | ${summary.frameP50} / ${summary.frameP95} / ${summary.frameMax} |`);
    console.log(`| frames with blank rows / blank slots | ${summary.blankFrames} / ${summary.blankSlots} |`);
    console.log(`| records scrolled past | ${summary.reached} |`);
    console.log(`\nAPI calls up to the first records page (ms from navigation):\n${summary.apiBeforeRows.join('\n')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
