#!/usr/bin/env node
/**
 * Writes e2e/durations.ts from a browser run's JSON report, so e2e/sequencer.ts starts the longest
 * files first. `node scripts/test.mjs e2e` prints where its report is (browser.json); then:
 *
 *   node scripts/e2e-durations.mjs /tmp/canopy-test-reports-XXXX/browser.json
 *
 * Uses Node built-ins only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const report = process.argv[2];
if (!report) {
  console.error('usage: node scripts/e2e-durations.mjs <browser.json>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const seconds = testResults
  .map((r) => [basename(r.name), Math.round((r.endTime - r.startTime) / 1000)])
  .sort((a, b) => b[1] - a[1]);
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'e2e', 'durations.ts');
writeFileSync(
  out,
  [
    '/**',
    ' * Seconds each browser test file took in a full run (sequencer.ts starts the longest first).',
    " * Refresh from a run's JSON report when files change much: scripts/e2e-durations.mjs.",
    ' */',
    'export const E2E_SECONDS: Record<string, number> = {',
    ...seconds.map(([file, s]) => `  '${file}': ${s},`),
    '};',
    '',
  ].join('\n'),
);
console.log(`wrote ${out}: ${seconds.length} files`);
