#!/usr/bin/env node
/**
 * The whole test run (`npm test`): checks, unit/API tests on SQLite and on PostgreSQL, web build,
 * browser tests. Streams every step's output, stops at the first failing step, and ends with a
 * summary of the steps and their timings. Uses Node built-ins only.
 *
 *   node scripts/test.mjs                 # everything, in this order:
 *     typecheck    npm run typecheck
 *     lint         npm run lint
 *     pg           find or start a PostgreSQL (scripts/ensure-postgres.mjs)
 *     unit-sqlite  npx vitest run --project unit   CANOPY_TEST_DB=sqlite
 *     unit-pg      npx vitest run --project unit   CANOPY_TEST_DB=postgres TEST_DATABASE_URL=<pg>
 *     nginx        bash scripts/ensure-nginx.sh (installs Debian's nginx-light when missing)
 *     cluster      npx vitest run --project cluster CANOPY_TEST_DB=postgres (two servers behind nginx)
 *     build        npm run build
 *     chromium     bash scripts/ensure-chromium.sh
 *     browser      npx vitest run --project e2e    CANOPY_TEST_DB=sqlite CHROMIUM_PATH=/usr/bin/chromium
 *
 *   node scripts/test.mjs check           # typecheck + lint
 *   node scripts/test.mjs unit            # pg + unit-sqlite + unit-pg
 *   node scripts/test.mjs sqlite          # unit-sqlite only
 *   node scripts/test.mjs postgres        # pg + unit-pg + nginx + cluster
 *   node scripts/test.mjs cluster         # pg + nginx + cluster
 *   node scripts/test.mjs e2e             # build + chromium + browser
 *   node scripts/test.mjs lint unit-pg    # any step names and groups, run in the order above
 *   node scripts/test.mjs unit -- -t login  # arguments after `--` go to every vitest run
 *
 * A step that needs another gets it too (unit-pg needs pg, cluster needs pg and nginx, browser
 * needs chromium).
 * Environment: TEST_DATABASE_URL and CANOPY_FORCE_THROWAWAY_PG (see ensure-postgres.mjs);
 * CANOPY_TEST_STEP_TIMEOUT_MIN (default 20, 0 = none) ends a step that runs longer than that (the
 * browser step gets at least 45): room for a machine loaded several times over (the PostgreSQL step
 * took 6 min quiet and over 15 at a load average of 12), still inside CI's 90 minutes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = '/usr/bin/chromium';
const vitest = (project) => ['npx', ['--no', '--', 'vitest', 'run', '--project', project]];

/** The postgres server for the run, once the `pg` step has found or started one. */
let pg = null;

/**
 * @typedef {{ id: string, title: string, groups: string[], needs?: string[],
 *   cmd?: [string, string[]], vitest?: boolean, env?: () => Record<string, string>,
 *   fn?: () => Promise<void>, minTimeoutMin?: number }} Step
 * @type {Step[]}
 */
const STEPS = [
  { id: 'typecheck', title: 'typecheck', groups: ['check'], cmd: ['npm', ['run', 'typecheck']] },
  { id: 'lint', title: 'lint', groups: ['check'], cmd: ['npm', ['run', 'lint']] },
  {
    id: 'pg',
    title: 'PostgreSQL for the tests',
    groups: ['unit', 'postgres'],
    fn: async () => {
      const { ensurePostgres } = await import('./ensure-postgres.mjs');
      pg = await ensurePostgres();
      console.log(`PostgreSQL for the tests: ${redact(pg.url)}`);
    },
  },
  {
    id: 'unit-sqlite',
    title: 'unit + API tests on SQLite',
    groups: ['unit', 'sqlite'],
    cmd: vitest('unit'),
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'sqlite' }),
  },
  {
    id: 'unit-pg',
    title: 'unit + API tests on PostgreSQL',
    groups: ['unit', 'postgres'],
    needs: ['pg'],
    cmd: vitest('unit'),
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'postgres', TEST_DATABASE_URL: pg.url }),
  },
  {
    id: 'nginx',
    title: 'ensure nginx',
    groups: ['postgres', 'cluster'],
    cmd: ['bash', [join(ROOT, 'scripts', 'ensure-nginx.sh')]],
  },
  {
    id: 'cluster',
    title: 'two server processes behind nginx on PostgreSQL',
    groups: ['postgres', 'cluster'],
    needs: ['pg', 'nginx'],
    cmd: vitest('cluster'),
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'postgres', TEST_DATABASE_URL: pg.url }),
  },
  { id: 'build', title: 'build the web app', groups: ['e2e'], cmd: ['npm', ['run', 'build']] },
  {
    id: 'chromium',
    title: 'ensure Chromium',
    groups: ['e2e'],
    cmd: ['bash', [join(ROOT, 'scripts', 'ensure-chromium.sh')]],
  },
  {
    id: 'browser',
    title: 'browser tests (e2e)',
    groups: ['e2e'],
    needs: ['chromium'],
    cmd: vitest('e2e'),
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'sqlite', CHROMIUM_PATH }),
    // 32 files one at a time (each a server and a browser): ~25 min on the 2-core machine.
    minTimeoutMin: 45,
  },
];

const SIGNAL_CODES = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Quotes an argument for display (commands never go through a shell). */
function quote(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

function usage() {
  const groups = [...new Set(STEPS.flatMap((s) => s.groups))];
  return [
    'usage: node scripts/test.mjs [STEP|GROUP ...] [-- VITEST_ARGS ...]',
    '',
    'steps (run in this order):',
    ...STEPS.map((s) => `  ${s.id.padEnd(12)} ${s.title}`),
    '',
    `groups: ${groups.join(', ')}, all (the default)`,
  ].join('\n');
}

function formatDuration(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  return `${Math.floor(s / 60)}m ${String(Math.round(s % 60)).padStart(2, '0')}s`;
}

/** Picks the steps to run from the CLI arguments. */
function select(names) {
  const wanted = new Set();
  const add = (id) => {
    if (wanted.has(id)) return;
    wanted.add(id);
    for (const dep of STEPS.find((s) => s.id === id)?.needs ?? []) add(dep);
  };
  for (const name of names.length === 0 ? ['all'] : names) {
    const matching = name === 'all' ? STEPS : STEPS.filter((s) => s.id === name || s.groups.includes(name));
    if (matching.length === 0) {
      console.error(`unknown step or group "${name}"\n\n${usage()}`);
      process.exit(2);
    }
    for (const s of matching) add(s.id);
  }
  return STEPS.filter((s) => wanted.has(s.id));
}

/** Pids of all descendants of `pid` (Linux /proc; empty elsewhere). */
function descendants(pid) {
  const children = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may contain spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process is gone already
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Whether a process exists and is not a zombie (Linux /proc; elsewhere: unknown, so false). */
function isAlive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * The running step's process, so that signals can be passed on. Signals go to the whole process
 * tree: `npm run` / `npx` start the real tool through `sh -c`, and sh does not pass them on.
 */
let current = null;
/** Set when we were asked to stop (SIGINT/SIGTERM/SIGHUP). */
let interrupted = null;

/** Runs a command with inherited stdio; resolves to { code, note }. No shell is involved. */
function runCommand(cmd, args, extraEnv, timeoutMin) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    });
    // Remembered: once the parents die, their children are re-parented and can't be found.
    let tree = [];
    const killTree = (sig) => {
      if (child.exitCode === null && child.signalCode === null) {
        tree = [...new Set([...tree, child.pid, ...descendants(child.pid)])];
      }
      for (const pid of tree) {
        try {
          process.kill(pid, sig);
        } catch {
          // already gone
        }
      }
    };
    current = { kill: killTree };
    let timedOut = false;
    const timer =
      timeoutMin > 0
        ? setTimeout(() => {
            timedOut = true;
            console.error(`\n[test] step exceeded ${timeoutMin} min: stopping it`);
            killTree('SIGTERM');
            setTimeout(() => killTree('SIGKILL'), 15_000).unref();
          }, timeoutMin * 60_000)
        : null;
    const finish = async (code, note) => {
      if (timer) clearTimeout(timer);
      current = null;
      if (tree.length > 0) {
        // We stopped it: give what is left of its tree a moment, then make sure it is gone.
        const alive = () => tree.some(isAlive);
        for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
        killTree('SIGKILL');
      }
      resolve({ code, note });
    };
    child.on('error', (err) => finish(127, `cannot start ${cmd}: ${err.message}`));
    child.on('exit', (code, signal) => {
      if (timedOut) finish(124, `timed out after ${timeoutMin} min`);
      else if (signal) finish(128 + (SIGNAL_CODES[signal] ?? 0), `killed by ${signal}`);
      else finish(code ?? 1, code ? `exit code ${code}` : '');
    });
  });
}

function onSignal(sig) {
  if (interrupted) {
    // Second signal: give up waiting.
    current?.kill('SIGKILL');
    process.exit(128 + SIGNAL_CODES[sig]);
  }
  interrupted = sig;
  console.error(`\n[test] ${sig}: stopping`);
  // A Ctrl-C reaches the child through the terminal as well; a plain kill does not.
  if (current) current.kill(sig);
  else if (!pg) process.exit(128 + SIGNAL_CODES[sig]);
  // Otherwise the main loop sees `interrupted` and stops PostgreSQL before exiting.
}

async function main() {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const names = dash === -1 ? argv : argv.slice(0, dash);
  const vitestArgs = dash === -1 ? [] : argv.slice(dash + 1);
  if (names.includes('-h') || names.includes('--help')) {
    console.log(usage());
    return 0;
  }
  const steps = select(names);
  const timeoutMin = Number(process.env.CANOPY_TEST_STEP_TIMEOUT_MIN ?? 20) || 0;
  for (const sig of Object.keys(SIGNAL_CODES)) process.on(sig, () => onSignal(sig));

  /** @type {{ step: Step, status: 'ok' | 'FAILED' | 'not run', ms: number, note: string, report?: string | null }[]} */
  const results = steps.map((step) => ({ step, status: 'not run', ms: 0, note: '' }));
  const started = Date.now();
  const reports = mkdtempSync(join(tmpdir(), 'canopy-test-reports-'));
  let exitCode = 0;

  try {
    for (const [i, result] of results.entries()) {
      if (exitCode !== 0 || interrupted) break;
      const { step } = result;
      const t0 = Date.now();
      let line = `[${i + 1}/${steps.length}] ${step.title}`;
      let env = {};
      if (step.cmd) {
        env = step.env?.() ?? {};
        const [cmd, args] = step.cmd;
        // Vitest also writes a JSON report, so the summary can name the tests that failed: a
        // long run's log is often read from its tail only.
        const report = step.vitest ? join(reports, `${step.id}.json`) : null;
        const reporting = report ? ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : [];
        const full = [cmd, ...args, ...reporting, ...(step.vitest ? vitestArgs : [])];
        result.report = report;
        const shown = Object.entries(env).map(([k, v]) => `${k}=${quote(redact(v))}`);
        line += `: ${[...shown, ...full.map(quote)].join(' ')}`;
        console.log(`\n==> ${line}\n`);
        const stepTimeout = timeoutMin > 0 ? Math.max(timeoutMin, step.minTimeoutMin ?? 0) : 0;
        const { code, note } = await runCommand(full[0], full.slice(1), env, stepTimeout);
        result.status = code === 0 && !interrupted ? 'ok' : 'FAILED';
        result.note = interrupted ? `interrupted (${interrupted})` : note;
        if (result.status !== 'ok') exitCode = interrupted ? 128 + SIGNAL_CODES[interrupted] : code;
      } else {
        console.log(`\n==> ${line}\n`);
        try {
          await step.fn();
          result.status = interrupted ? 'FAILED' : 'ok';
          if (interrupted) exitCode = 128 + SIGNAL_CODES[interrupted];
        } catch (error) {
          console.error(`[test] ${error instanceof Error ? error.message : error}`);
          result.status = 'FAILED';
          result.note = 'error';
          exitCode = 1;
        }
      }
      result.ms = Date.now() - t0;
    }
  } finally {
    if (pg) {
      try {
        await pg.stop();
      } catch (error) {
        console.error(`[test] stopping PostgreSQL failed: ${error}`);
      }
    }
  }

  const width = Math.max(...steps.map((s) => s.title.length));
  console.log('\n==> summary');
  for (const { step, status, ms, note } of results) {
    const time = status === 'not run' ? '' : formatDuration(ms).padStart(8);
    const row = `  ${status.padEnd(8)} ${step.title.padEnd(width)} ${time}${note ? `  (${note})` : ''}`;
    console.log(row.trimEnd());
  }
  const failed = results.find((r) => r.status === 'FAILED');
  const total = formatDuration(Date.now() - started);
  if (failed?.report) printFailedTests(failed.report);
  if (failed) {
    console.log(`\ntest run FAILED at "${failed.step.title}" after ${total}`);
    return exitCode || 1;
  }
  console.log(`\ntest run OK: ${steps.length} steps in ${total}`);
  return 0;
}

/** The failed tests of a Vitest JSON report: file, name and the first lines of each error. */
function printFailedTests(report) {
  if (!existsSync(report)) return;
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return;
  }
  const lines = [];
  for (const file of json.testResults ?? []) {
    const where = relative(ROOT, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that failed outside its tests (a hook, an import) has only the file's message.
    if (!failedTests.length && file.status === 'failed' && file.message)
      lines.push(`  ${where}`, ...indent(file.message));
    for (const t of failedTests)
      lines.push(`  ${where} > ${t.fullName ?? t.title}`, ...indent((t.failureMessages ?? []).join('\n')));
  }
  if (!lines.length) return;
  console.log('\n==> failed tests');
  console.log(lines.join('\n'));
}

function indent(text) {
  // Colour codes out, the first lines only: enough to tell the failure apart.
  return stripVTControlCharacters(String(text))
    .split('\n')
    .filter((l) => l.trim() && !/^\s*at .*node_modules/.test(l))
    .slice(0, 6)
    .map((l) => `      ${l.slice(0, 300)}`);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
