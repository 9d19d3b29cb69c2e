/**
 * What /home's largest contentful paint is and what it waits for (issue 15, web): a few cold loads of
 * the workbench in headless Chromium (the same member and server as `home.ts`), printing per load the
 * LCP candidates (time, element, text), when the scripts finished arriving, the main thread's long
 * tasks, the first paint and the API reads' answer times.
 *
 *   npm run build && npx tsx bench/src/web/home-lcp.ts [--loads 3] [--dist <copy of apps/web/dist>]
 */
import { newContext } from '../../../e2e/harness.js';
import { homeMember } from './home-member.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const loads = Number(arg('loads', '3'));
const dist = arg('dist', '');

interface Probe {
  lcp: { t: number; el: string; text: string; size: number }[];
  longTasks: { start: number; ms: number }[];
  paints: Record<string, number>;
  scripts: { name: string; start: number; end: number }[];
  reads: { name: string; start: number; end: number }[];
}

async function main() {
  const { server, browser, state } = await homeMember(dist);
  try {
    for (let i = 0; i < loads + 1; i += 1) {
      const context = await newContext(browser, server.baseUrl, { storageState: state });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __probe: Probe };
        w.__probe = { lcp: [], longTasks: [], paints: {}, scripts: [], reads: [] };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element?: Element; size: number })[]) {
            const el = e.element;
            w.__probe.lcp.push({
              t: Math.round(e.startTime),
              el: el ? `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}` : '?',
              text: (el?.textContent ?? '').slice(0, 40),
              size: e.size,
            });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            w.__probe.longTasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${server.baseUrl}/home`);
      await page.getByTestId('all-apps-section').waitFor();
      await page.waitForLoadState('networkidle');
      const probe = await page.evaluate(() => {
        const w = window as unknown as { __probe: Probe };
        for (const p of performance.getEntriesByType('paint')) w.__probe.paints[p.name] = Math.round(p.startTime);
        for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          const row = {
            name: new URL(r.name).pathname,
            start: Math.round(r.startTime),
            end: Math.round(r.responseEnd),
          };
          if (r.initiatorType === 'script' || r.name.endsWith('.js')) w.__probe.scripts.push(row);
          else if (row.name.startsWith('/v') || row.name.startsWith('/api')) w.__probe.reads.push(row);
        }
        return w.__probe;
      });
      await context.close();
      if (i === 0) continue; // a warm-up load
      const lastScript = probe.scripts.reduce((a, s) => (s.end > a.end ? s : a), { name: '', start: 0, end: 0 });
      console.log(`\n## load ${i}`);
      console.log('paints', probe.paints);
      console.log('LCP candidates', probe.lcp);
      console.log(`scripts ${probe.scripts.length}, last in at ${lastScript.end} (${lastScript.name})`);
      console.log(
        'scripts started after 0.2 s:',
        probe.scripts.filter((s) => s.start > 200).map((s) => `${s.name}@${s.start}-${s.end}`),
      );
      console.log(
        'reads',
        probe.reads.map((r) => `${r.name}@${r.start}-${r.end}`),
      );
      console.log('long tasks', probe.longTasks);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
