/**
 * CPU time per request, in one process, without the network: the list of the million-row table
 * (the same request as run.ts's owner list) beside a bare Fastify answering that list's own page.
 * Both go through `app.inject` one after another, so what is measured is the server's own work
 * (routing, hooks, session, validation, handler, SQL, serialization) in process CPU time — a measure
 * a loaded machine distorts far less than requests per second, since the load generator, the
 * database and other processes do not share it. The ratio of the two is the most the list could
 * reach of the bare page's throughput on one core.
 *
 *   npx tsx bench/src/million/generate.ts --db sqlite --rows 1000000 --dir /tmp/scans-sqlite-1m
 *   npx tsx bench/src/million/cpu-per-request.ts --dir /tmp/scans-sqlite-1m [--requests 3000] [--label after] [--web apps/web/dist]
 *
 * With `--web` (a built web app) it also measures a script chunk as the signed-in browser asks for it
 * (its cookie, brotli): a page's first load asks for a hundred of them from the same server thread.
 *   node --cpu-prof --cpu-prof-dir=/tmp/cpr --import tsx bench/src/million/cpu-per-request.ts --dir …   # where it goes
 *
 * Writes bench/results/cpu-per-request-<db>[-label].json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.js';
import { isMain, options, REPO_ROOT, readManifest, serverEnv } from './common.js';
import { listBody } from './run.js';

interface Measure {
  label: string;
  requests: number;
  cpuUsPerRequest: number;
  wallUsPerRequest: number;
  bytes: number;
}

async function measure(app: FastifyInstance, label: string, shot: InjectOptions, requests: number): Promise<Measure> {
  let bytes = 0;
  for (let i = 0; i < Math.min(200, requests); i++) {
    const res = await app.inject(shot);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    bytes = res.rawPayload.length;
  }
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < requests; i++) await app.inject(shot);
  const used = process.cpuUsage(cpu);
  const result = {
    label,
    requests,
    cpuUsPerRequest: Math.round((used.user + used.system) / requests),
    wallUsPerRequest: Math.round(((performance.now() - wall) * 1000) / requests),
    bytes,
  };
  console.log(
    `  ${label}: ${result.cpuUsPerRequest} µs CPU, ${result.wallUsPerRequest} µs wall a request (${bytes} bytes)`,
  );
  return result;
}

async function main(): Promise<void> {
  const opts = options({ requests: { type: 'string' }, label: { type: 'string' }, web: { type: 'string' } });
  if (!opts.dir) throw new Error('--dir <data set> is required (bench/src/million/generate.ts makes one)');
  const m = readManifest(opts.dir);
  const requests = Number(opts.opt('requests') ?? 3000);
  const web = opts.opt('web');
  Object.assign(process.env, serverEnv(m, 0), typeof web === 'string' ? { WEB_DIST: path.resolve(web) } : {});
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'canopy.sqlite'),
    statementCache: true,
  });
  await migrateToLatest(database.db as unknown as Kysely<unknown>);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { account: m.owner.account, password: hashPasswordForTransport(m.password) },
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const url = `/v1/apps/${m.appCode}/schemas/${m.schemaCode}/records/query`;
    const headers = { cookie, 'x-engine-code': m.engineCode, 'content-type': 'application/json' };
    // The same list as run.ts's owner list.
    const list: InjectOptions = { method: 'POST', url, headers, payload: JSON.stringify(listBody(m)) };
    const first = await app.inject(list);
    if (first.statusCode !== 200) throw new Error(`list: ${first.statusCode} ${first.body.slice(0, 300)}`);
    const page = first.json() as unknown;

    const bare = Fastify({ logger: false });
    bare.post('/bare-page', async () => page);
    await bare.ready();

    const results: Measure[] = [];
    const chunk =
      typeof web === 'string'
        ? fs
            .readdirSync(path.join(web, 'assets'))
            .filter((f) => f.endsWith('.js'))
            .sort()[0]
        : undefined;
    for (let round = 0; round < 2; round++) {
      if (chunk) {
        const asset = { cookie, 'accept-encoding': 'br, gzip' };
        results.push(
          await measure(
            app,
            'a script chunk, signed in',
            { method: 'GET', url: `/assets/${chunk}`, headers: asset },
            requests,
          ),
        );
      }
      results.push(
        await measure(
          bare,
          'bare Fastify answering the same page',
          { method: 'POST', url: '/bare-page', headers: { 'content-type': 'application/json' }, payload: '{}' },
          requests,
        ),
      );
      results.push(await measure(app, 'owner list (status = open, amount desc)', list, requests));
      results.push(
        await measure(app, 'owner plain list (keyset)', { ...list, payload: JSON.stringify({ limit: 50 }) }, requests),
      );
      results.push(
        await measure(
          app,
          'reference: GET /v1/user/information/basic',
          { method: 'GET', url: '/v1/user/information/basic', headers },
          requests,
        ),
      );
    }
    // Each label's better round: the other round's extra is the machine, not the code.
    const best = new Map<string, Measure>();
    for (const r of results) {
      const b = best.get(r.label);
      if (!b || r.cpuUsPerRequest < b.cpuUsPerRequest) best.set(r.label, r);
    }
    const bareCpu = best.get('bare Fastify answering the same page')?.cpuUsPerRequest ?? 1;
    console.log('\n| in process, one at a time | CPU µs / request | wall µs / request | ÷ bare page (CPU) |');
    console.log('| --- | --- | --- | --- |');
    for (const r of best.values()) {
      console.log(
        `| ${r.label} | ${r.cpuUsPerRequest} | ${r.wallUsPerRequest} | ${((100 * bareCpu) / r.cpuUsPerRequest).toFixed(1)} % |`,
      );
    }
    const label = opts.opt('label');
    const out = path.join(REPO_ROOT, 'bench/results', `cpu-per-request-${m.db}${label ? `-${label}` : ''}.json`);
    fs.writeFileSync(
      out,
      `${JSON.stringify({ db: m.db, rows: m.rows, date: new Date().toISOString(), results: [...best.values()] }, null, 2)}\n`,
    );
    console.log(`→ ${path.relative(REPO_ROOT, out)}`);
    await bare.close();
  } finally {
    await app.close();
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
