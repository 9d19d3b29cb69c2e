#!/usr/bin/env node
/**
 * The whole test run (`npm test`): checks, tests without a database, API/database tests on SQLite
 * and on PostgreSQL, the cluster behind nginx, the web build and the browser tests. Uses Node
 * built-ins only.
 *
 * The steps form a graph, not a line: each starts once what it needs is done and a CPU slot is free
 * (one more slot than cores: the steps wait more than they compute). Waits start first — Chromium
 * and nginx are installed and PostgreSQL found in the background while typecheck, lint, the web
 * build and the pure tests run —
 * and the longest chain (build → browser) goes first. Each step's output is kept in a log file and
 * printed whole when it ends, so concurrent steps never interleave; a line every minute says what is
 * still running. The first failure stops the rest. The summary lists every step's time.
 *
 *   node scripts/test.mjs                 # everything:
 *     pg          find or start a PostgreSQL (scripts/ensure-postgres.mjs)          no slot
 *     chromium    bash scripts/ensure-chromium.sh (apt-get when missing)            no slot
 *     nginx       bash scripts/ensure-nginx.sh (after chromium: one apt at a time)  no slot
 *     typecheck   tsc -b (one build of every project, by references)
 *     lint        biome check .
 *     build       npm run build (the web app)
 *     pure        npx vitest run --project pure (tests that touch no database, once)
 *     db-sqlite   npx vitest run --project db   CANOPY_TEST_DB=sqlite
 *     db-pg       npx vitest run --project db   CANOPY_TEST_DB=postgres TEST_DATABASE_URL=<pg>
 *     cluster     npx vitest run --project cluster (two servers behind nginx, PostgreSQL)
 *     browser     npx vitest run --project e2e  (Debian's Chromium, the built app, SQLite)
 *
 *   node scripts/test.mjs check           # typecheck + lint
 *   node scripts/test.mjs unit            # pure + db-sqlite + db-pg (and pg)
 *   node scripts/test.mjs sqlite          # db-sqlite only
 *   node scripts/test.mjs postgres        # pg + db-pg + nginx + cluster
 *   node scripts/test.mjs cluster         # pg + nginx + cluster
 *   node scripts/test.mjs e2e             # build + chromium + browser
 *   node scripts/test.mjs lint db-pg      # any step names and groups
 *   node scripts/test.mjs unit -- -t login  # arguments after `--` go to every vitest run
 *
 * A step that needs another gets it too (db-pg needs pg, cluster needs pg and nginx, browser needs
 * build and chromium).
 * Environment: TEST_DATABASE_URL and CANOPY_FORCE_THROWAWAY_PG (see ensure-postgres.mjs);
 * CANOPY_TEST_SLOTS (default: the cores + 1) how many CPU-bound steps run at once;
 * CANOPY_TEST_STEP_TIMEOUT_MIN (default 30, 0 = none) ends a step that runs longer than that: room
 * for a machine loaded several times over, still inside CI's 90 minutes.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = '/usr/bin/chromium';
const vitest = (project) => ['npx', ['--no', '--', 'vitest', 'run', '--project', project]];

/** Browser test files run at once, sharing the run's server and browser (→ 0103); CANOPY_E2E_WORKERS. */
const E2E_WORKERS = Number(process.env.CANOPY_E2E_WORKERS) || 2;

/** The postgres server for the run, once the `pg` step has found or started one. */
let pg = null;

/**
 * @typedef {{ id: string, title: string, groups: string[], needs?: string[], after?: string[],
 *   slot?: boolean, urgent?: boolean, cmd?: [string, string[]], vitest?: boolean, env?: () => Record<string, string>,
 *   fn?: (log: (line: string) => void) => Promise<void> }} Step
 * `needs`: steps pulled in and waited for; `after`: waited for only when they run too.
 * `slot`: CPU-bound, so it takes one of the slots (installs and look-ups wait on the network).
 * `urgent`: on the critical path; starts once ready even when every slot is taken.
 * @type {Step[]}
 */
const STEPS = [
  {
    id: 'pg',
    title: 'PostgreSQL for the tests',
    groups: ['unit', 'postgres'],
    fn: async (log) => {
      const { ensurePostgres } = await import('./ensure-postgres.mjs');
      pg = await ensurePostgres();
      log(`PostgreSQL for the tests: ${redact(pg.url)}`);
    },
  },
  {
    id: 'chromium',
    title: 'ensure Chromium',
    groups: ['e2e'],
    cmd: ['bash', [join(ROOT, 'scripts', 'ensure-chromium.sh')]],
  },
  {
    id: 'nginx',
    title: 'ensure nginx',
    groups: ['postgres', 'cluster'],
    // apt-get holds one lock: after Chromium's install rather than racing it for the lock.
    after: ['chromium'],
    cmd: ['bash', [join(ROOT, 'scripts', 'ensure-nginx.sh')]],
  },
  { id: 'build', title: 'build the web app', groups: ['e2e'], slot: true, cmd: ['npm', ['run', 'build']] },
  {
    id: 'browser',
    // The longest chain: it starts the moment the build and Chromium are there, even over the slots
    // (on a fresh machine Chromium's install ends after the slots went to the database runs).
    urgent: true,
    title: 'browser tests (e2e)',
    groups: ['e2e'],
    needs: ['build', 'chromium'],
    slot: true,
    cmd: ['npx', [...vitest('e2e')[1], `--maxWorkers=${E2E_WORKERS}`]],
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'sqlite', CHROMIUM_PATH }),
  },
  {
    id: 'typecheck',
    title: 'typecheck',
    groups: ['check'],
    slot: true,
    cmd: ['npx', ['--no', '--', 'tsc', '-b']],
  },
  { id: 'lint', title: 'lint', groups: ['check'], slot: true, cmd: ['npm', ['run', 'lint']] },
  {
    id: 'pure',
    title: 'tests without a database',
    groups: ['unit'],
    slot: true,
    cmd: vitest('pure'),
    vitest: true,
  },
  {
    id: 'db-sqlite',
    title: 'API + database tests on SQLite',
    groups: ['unit', 'sqlite'],
    slot: true,
    cmd: vitest('db'),
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'sqlite' }),
  },
  {
    id: 'db-pg',
    title: 'API + database tests on PostgreSQL',
    groups: ['unit', 'postgres'],
    needs: ['pg'],
    // The second-longest step, and one that waits on PostgreSQL more than it computes: it starts
    // the moment PostgreSQL is there instead of queueing behind typecheck and lint for a slot.
    urgent: true,
    slot: true,
    cmd: vitest('db'),
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'postgres', TEST_DATABASE_URL: pg.url }),
  },
  {
    id: 'cluster',
    title: 'two server processes behind nginx on PostgreSQL',
    groups: ['postgres', 'cluster'],
    needs: ['pg', 'nginx'],
    slot: true,
    cmd: vitest('cluster'),
    vitest: true,
    env: () => ({ CANOPY_TEST_DB: 'postgres', TEST_DATABASE_URL: pg.url }),
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
    'steps (each starts when what it waits for is done and a CPU slot is free):',
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

/**
 * CPU time of every finished child process and their own waited-for children (Linux /proc: cutime
 * + cstime of this process, in clock ticks of 10 ms); null elsewhere. How busy a run keeps the cores.
 */
function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/**
 * The whole machine's CPU counters (Linux /proc/stat, every process: PostgreSQL's server and the
 * browsers included, which the steps' own CPU time misses); null elsewhere.
 */
function machineCpu() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks;
    return { busy: user + nice + system + irq + softirq + steal, idle, iowait };
  } catch {
    return null;
  }
}

/** "busy 93 %, waiting on disk 2 %" between two machineCpu() readings. */
function machineLoad(from, to) {
  if (!from || !to) return '';
  const busy = to.busy - from.busy;
  const all = busy + (to.idle - from.idle) + (to.iowait - from.iowait);
  if (all <= 0) return '';
  const pct = (n) => `${Math.round((100 * n) / all)} %`;
  return `machine busy ${pct(busy)}, waiting on disk ${pct(to.iowait - from.iowait)}`;
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

/** The running steps' process trees, so that signals and a failure elsewhere can stop them. */
const running = new Set();
/** Set when we were asked to stop (SIGINT/SIGTERM/SIGHUP). */
let interrupted = null;

/**
 * Runs a command with its output (stdout and stderr, in order) going to `out`; resolves to
 * { code, note }. No shell is involved. `handle.kill` reaches the whole tree: `npm run` / `npx`
 * start the real tool through `sh -c`, and sh does not pass signals on.
 */
function runCommand(cmd, args, extraEnv, timeoutMin, out) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...extraEnv },
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
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
    const handle = { kill: killTree };
    running.add(handle);
    let timedOut = false;
    const timer =
      timeoutMin > 0
        ? setTimeout(() => {
            timedOut = true;
            out.write(`\n[test] step exceeded ${timeoutMin} min: stopping it\n`);
            killTree('SIGTERM');
            setTimeout(() => killTree('SIGKILL'), 15_000).unref();
          }, timeoutMin * 60_000)
        : null;
    const finish = async (code, note) => {
      if (timer) clearTimeout(timer);
      running.delete(handle);
      if (tree.length > 0) {
        // We stopped it: give what is left of its tree a moment, then make sure it is gone.
        const alive = () => tree.some(isAlive);
        for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
        killTree('SIGKILL');
      }
      resolve({ code, note });
    };
    child.on('error', (err) => finish(127, `cannot start ${cmd}: ${err.message}`));
    child.on('close', (code, signal) => {
      if (timedOut) finish(124, `timed out after ${timeoutMin} min`);
      else if (signal) finish(128 + (SIGNAL_CODES[signal] ?? 0), `killed by ${signal}`);
      else finish(code ?? 1, code ? `exit code ${code}` : '');
    });
  });
}

function stopAll(sig) {
  for (const handle of running) handle.kill(sig);
}

function onSignal(sig) {
  if (interrupted) {
    // Second signal: give up waiting.
    stopAll('SIGKILL');
    process.exit(128 + SIGNAL_CODES[sig]);
  }
  interrupted = sig;
  console.error(`\n[test] ${sig}: stopping`);
  if (running.size > 0) stopAll(sig);
  else if (!pg) process.exit(128 + SIGNAL_CODES[sig]);
  // Otherwise the scheduler sees `interrupted` and stops PostgreSQL before exiting.
}

/** Prints a finished step's whole log under one heading. */
function printLog(title, file) {
  console.log(`\n==> ${title}\n`);
  try {
    process.stdout.write(readFileSync(file, 'utf8'));
  } catch {
    // nothing was written
  }
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
  const timeoutMin = Number(process.env.CANOPY_TEST_STEP_TIMEOUT_MIN ?? 30) || 0;
  // One more slot than cores: the tests wait on browsers, servers and timers far more than they
  // compute (a run's steps used 13.5 CPU-minutes in 19 wall-minutes on 2 cores).
  const slots = Number(process.env.CANOPY_TEST_SLOTS) || availableParallelism() + 1;
  for (const sig of Object.keys(SIGNAL_CODES)) process.on(sig, () => onSignal(sig));

  /** @type {Map<string, { step: Step, status: 'waiting' | 'running' | 'ok' | 'FAILED' | 'not run', ms: number, t0: number, note: string, report?: string | null }>} */
  const results = new Map(steps.map((step) => [step.id, { step, status: 'waiting', ms: 0, t0: 0, note: '' }]));
  const started = Date.now();
  const reports = mkdtempSync(join(tmpdir(), 'canopy-test-reports-'));
  let exitCode = 0;
  let busySlots = 0;
  console.log(`[test] ${steps.length} steps, ${slots} CPU slots; logs in ${reports}`);

  const waitsFor = (step) => [...(step.needs ?? []), ...(step.after ?? [])].filter((id) => results.has(id));
  const ready = (step) => waitsFor(step).every((id) => results.get(id).status === 'ok');

  /** Runs one step to its end; its log is printed when it ends. */
  const run = async (result) => {
    const { step } = result;
    const log = join(reports, `${step.id}.log`);
    const out = createWriteStream(log);
    const write = (line) => out.write(`${line}\n`);
    result.t0 = Date.now();
    let heading = step.title;
    try {
      if (step.cmd) {
        const env = step.env?.() ?? {};
        const [cmd, args] = step.cmd;
        // Vitest also writes a JSON report, so the summary can name the tests that failed: a
        // long run's log is often read from its tail only.
        const report = step.vitest ? join(reports, `${step.id}.json`) : null;
        const reporting = report ? ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : [];
        const full = [cmd, ...args, ...reporting, ...(step.vitest ? vitestArgs : [])];
        result.report = report;
        const shown = Object.entries(env).map(([k, v]) => `${k}=${quote(redact(v))}`);
        heading += `: ${[...shown, ...full.map(quote)].join(' ')}`;
        console.log(`[test] start ${step.id} (${formatDuration(Date.now() - started)} in)`);
        const { code, note } = await runCommand(full[0], full.slice(1), env, timeoutMin, out);
        result.status = code === 0 && !interrupted ? 'ok' : 'FAILED';
        result.note = interrupted ? `interrupted (${interrupted})` : note;
        if (result.status !== 'ok' && exitCode === 0) exitCode = interrupted ? 128 + SIGNAL_CODES[interrupted] : code;
      } else {
        console.log(`[test] start ${step.id} (${formatDuration(Date.now() - started)} in)`);
        await step.fn(write);
        result.status = interrupted ? 'FAILED' : 'ok';
        if (interrupted && exitCode === 0) exitCode = 128 + SIGNAL_CODES[interrupted];
      }
    } catch (error) {
      write(`[test] ${error instanceof Error ? error.message : error}`);
      result.status = 'FAILED';
      result.note = 'error';
      if (exitCode === 0) exitCode = 1;
    }
    result.ms = Date.now() - result.t0;
    await new Promise((r) => out.end(r));
    printLog(`${heading}  [${result.status} in ${formatDuration(result.ms)}]`, log);
    if (result.status === 'FAILED') {
      // The first failure stops the rest: a red run says so at once.
      stopAll('SIGTERM');
    }
  };

  const cpuAtStart = machineCpu();
  let cpuBefore = cpuAtStart;
  const heartbeat = setInterval(() => {
    const now = [...results.values()].filter((r) => r.status === 'running');
    const list = now.map((r) => `${r.step.id} ${formatDuration(Date.now() - r.t0)}`).join(', ');
    const cpuNow = machineCpu();
    const load = machineLoad(cpuBefore, cpuNow);
    cpuBefore = cpuNow;
    console.log(
      `[test] ${formatDuration(Date.now() - started)}: running ${list || 'nothing'}${load ? `; ${load}` : ''}`,
    );
  }, 60_000);

  try {
    const active = new Set();
    for (;;) {
      if (exitCode === 0 && !interrupted) {
        // Start, in the table's order, every step whose waits are over and that has a slot.
        for (const result of results.values()) {
          if (result.status !== 'waiting' || !ready(result.step)) continue;
          if (result.step.slot && busySlots >= slots && !result.step.urgent) continue;
          result.status = 'running';
          if (result.step.slot) busySlots += 1;
          const promise = run(result).then(() => {
            if (result.step.slot) busySlots -= 1;
            active.delete(promise);
          });
          active.add(promise);
        }
      }
      if (active.size === 0) break;
      await Promise.race(active);
    }
  } finally {
    clearInterval(heartbeat);
    if (pg) {
      try {
        await pg.stop();
      } catch (error) {
        console.error(`[test] stopping PostgreSQL failed: ${error}`);
      }
    }
  }

  for (const result of results.values()) if (result.status === 'waiting') result.status = 'not run';
  const width = Math.max(...steps.map((s) => s.title.length));
  console.log('\n==> summary');
  for (const { step, status, ms, note } of results.values()) {
    const time = status === 'not run' ? '' : formatDuration(ms).padStart(8);
    const row = `  ${status.padEnd(8)} ${step.title.padEnd(width)} ${time}${note ? `  (${note})` : ''}`;
    console.log(row.trimEnd());
  }
  const failed = [...results.values()].find((r) => r.status === 'FAILED' && r.note !== 'killed by SIGTERM');
  const anyFailed = failed ?? [...results.values()].find((r) => r.status === 'FAILED');
  const total = formatDuration(Date.now() - started);
  const cpu = childrenCpuMs();
  if (cpu !== null)
    console.log(
      `\nCPU used by the steps: ${formatDuration(cpu)} (user + system) in ${total} on ${availableParallelism()} cores`,
    );
  const machine = machineLoad(cpuAtStart, machineCpu());
  // Whether the run was bound by the cores (near 100 %) or by waits (timers, disk, network).
  if (machine) console.log(`Over the run: ${machine} (every process, the databases' servers included)`);
  if (anyFailed?.report) printFailedTests(anyFailed.report);
  if (anyFailed) {
    console.log(`\ntest run FAILED at "${anyFailed.step.title}" after ${total}`);
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
