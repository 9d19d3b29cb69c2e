/**
 * The server process of the million-row bench: the real Canopy app exactly as `main.ts` builds it
 * (config from the environment, migrations, buildApp), plus two things for measuring:
 *   - a `server-timing: app;dur=<ms>, cpu;dur=<ms>` header on every response: the time from the
 *     HTTP request event to the moment the answer's headers are written (routing, session, tenant,
 *     validation, handler, SQL, serialization; not the socket write), and the CPU time this process
 *     used meanwhile (the whole process: meaningful for requests measured one at a time; on SQLite it
 *     includes the database's work, on PostgreSQL not);
 *   - answers `{ type: 'mem' }` on the IPC channel with process.memoryUsage() and its CPU time (`cpu`).
 * With BENCH_BARE=1 it serves only a bare Fastify JSON endpoint (POST /bare) to compare against.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.js';

function addServerTiming(app: FastifyInstance): void {
  app.server.prependListener('request', (_req, res) => {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      if (!res.headersSent) res.setHeader('server-timing', `app;dur=${ms.toFixed(3)}, cpu;dur=${cpuMs.toFixed(3)}`);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
  });
}

async function start(): Promise<void> {
  const config = loadConfig();
  let app: FastifyInstance;
  let close = async () => {};
  if (process.env.BENCH_BARE === '1') {
    app = Fastify({ logger: false });
    app.post('/bare', async () => ({ data: { ok: true, at: Date.now() } }));
    // BENCH_BARE_PAGE: a list's answer (a JSON file) this endpoint sends as it is, serialized anew
    // each time — issue 15's baseline, "bare Fastify answering the same page".
    const pageFile = process.env.BENCH_BARE_PAGE;
    if (pageFile) {
      const page = JSON.parse(fs.readFileSync(pageFile, 'utf8')) as unknown;
      app.post('/bare-page', async () => page);
    }
  } else {
    const database = openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'canopy.sqlite'),
      // BENCH_STATEMENT_CACHE=off: the baseline that prepares every query anew (SQLite).
      statementCache: process.env.BENCH_STATEMENT_CACHE !== 'off',
    });
    await migrateToLatest(database.db as unknown as Kysely<unknown>);
    // BENCH_DASHBOARD_ROLLUPS=off: the baseline whose dashboards read the records only.
    app = await buildApp({
      config,
      database,
      logger: false,
      dashboardRollups: process.env.BENCH_DASHBOARD_ROLLUPS !== 'off',
    });
    close = () => database.close();
  }
  addServerTiming(app);
  process.on('message', (msg: { type?: string }) => {
    if (msg?.type === 'mem') process.send?.({ type: 'mem', ...process.memoryUsage(), cpu: process.cpuUsage() });
  });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(close)
      .finally(() => process.exit(0));
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.({ type: 'ready' });
}

start().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
