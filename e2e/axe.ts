import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page (issue 35). The server's Content-Security-Policy refuses injected script
 * tags, so axe's source is evaluated through the DevTools protocol (page.evaluate), which the CSP
 * does not govern: the app under test keeps its real policy.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA (the level the issue and GB/T 37668 ask for). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The little of axe's API used here (its types stay out of the page's global scope). */
interface AxeApi {
  run(
    context: unknown,
    options: unknown,
  ): Promise<{
    violations: {
      id: string;
      impact?: string;
      help: string;
      nodes: { target: string[]; html: string; failureSummary?: string }[];
    }[];
  }>;
}

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  why: string;
}

/**
 * The critical and serious WCAG violations on the page as it is now (open dialogs included). Each
 * finding names the rule and the CSS paths of the elements it flags, so a failing test reads as a
 * to-do list.
 */
export async function axeFindings(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const results = await axe.run(
        { exclude: exclude.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      );
      return results.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => ({
          rule: v.id,
          impact: v.impact ?? '',
          help: v.help,
          // An antd id such as `#_r_1u_` says nothing: the element's own markup says what it is.
          targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
          // The first element's reason (colour-contrast says the colours and the ratio it measured).
          why: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        }));
    },
    { tags: TAGS, exclude: options.exclude ?? [] },
  );
}

/** The findings as lines a person reads: `rule (impact): help — target, target…`. */
export function describeFindings(findings: AxeFinding[]): string[] {
  return findings.map((f) => `${f.rule} (${f.impact}): ${f.help} — ${f.targets.slice(0, 6).join(' | ')} — ${f.why}`);
}

/** The page's critical and serious violations, as readable lines ([] when it passes). */
export async function axeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<string[]> {
  return describeFindings(await axeFindings(page, options));
}
