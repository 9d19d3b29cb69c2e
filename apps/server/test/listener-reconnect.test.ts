import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { testDialect } from './database.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { type OpenApiFixture, openApiFixture } from './open-api-helpers.js';

/**
 * Issue 36: PostgreSQL's LISTEN connection reconnects. A second process (its own database handle,
 * so its own LISTEN connection) loses that connection (its backend terminated): /healthz says
 * `reconnecting`, then `up` again; what it kept while deaf is dropped (a cache drop sent meanwhile
 * never arrived), and the other process's drops reach it again.
 */
const postgres = testDialect() === 'postgres';
let server: TestServer;
let fx: OpenApiFixture;
let handleB: DatabaseHandle;
let appB: FastifyInstance;
let dirB: string;
let onA: TestClient;
let onB: TestClient;
let baseB: string;
let admin: pg.Client;

const count = async (client: TestClient) => {
  const res = await client.request('POST', `${fx.base}/records/count`, { body: {} });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.count as number;
};
const create = async (client: TestClient, name: string) => {
  const res = await client.request('POST', `${fx.base}/records`, { body: { data: { [fx.f.name]: name } } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const health = async () => (await (await fetch(`${baseB}/healthz`)).json()) as Record<string, string>;
/** The LISTEN connections of this test's schema (both processes'). */
const listenerPids = async () =>
  (
    await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
      `canopy-listen ${server.database.pgSchema}`,
    ])
  ).rows.map((r) => r.pid);

beforeAll(async () => {
  if (!postgres) return;
  server = await startTestServer();
  fx = await openApiFixture(server);
  admin = new pg.Client({ connectionString: server.database.databaseUrl });
  await admin.connect();
}, 60_000);
afterAll(async () => {
  await appB?.close();
  await handleB?.close();
  if (dirB) fs.rmSync(dirB, { recursive: true, force: true });
  await admin?.end();
  await server?.close();
});

describe.skipIf(!postgres)('the LISTEN connection (PostgreSQL)', () => {
  it('reconnects after its backend is terminated: healthz tells, missed drops are made up, drops flow again', async () => {
    await expect.poll(listenerPids).toHaveLength(1);
    const [pidA] = await listenerPids();
    // Process B: its own handle and LISTEN connection, reconnecting after 1.5–3 s (long enough to see).
    handleB = openDatabase({
      databaseUrl: server.database.databaseUrl,
      pgSchema: server.database.pgSchema as string,
      poolSize: 2,
      listenerBackoff: { minMs: 3_000, maxMs: 3_000 },
    });
    dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-data-'));
    const config = { ...loadConfig({ WEB_DIST: '', DATA_DIR: server.dataDir }), port: 0, host: '127.0.0.1' };
    appB = await buildApp({ config, database: handleB, logger: false });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    const address = appB.server.address();
    if (!address || typeof address === 'string') throw new Error('server did not bind');
    baseB = `http://127.0.0.1:${address.port}`;
    onA = fx.team.owner;
    onB = fx.team.owner.on(baseB);
    expect(await health()).toEqual({ status: 'ok', database: 'postgres', listener: 'up' });
    const pidB = (await listenerPids()).find((p) => p !== pidA) as number;
    expect(pidB).toBeTypeOf('number');

    await create(onA, '一');
    const kept = await count(onB);
    expect(await count(onA)).toBe(kept);

    // B's LISTEN backend goes away.
    await admin.query('select pg_terminate_backend($1)', [pidB]);
    await expect.poll(async () => (await health()).listener, { timeout: 10_000, interval: 50 }).toBe('reconnecting');
    // A drop told while B cannot hear it; B still answers from what it kept.
    await create(onA, '二');
    expect(await count(onB)).toBe(kept);

    // B is back: listening again (a new backend), and what it kept is gone.
    await expect.poll(async () => (await health()).listener, { timeout: 15_000, interval: 50 }).toBe('up');
    expect(await listenerPids()).not.toContain(pidB);
    expect(await count(onB)).toBe(kept + 1);

    // Drops flow again both ways.
    for (const [writer, reader] of [
      [onA, onB],
      [onB, onA],
    ] as const) {
      const before = await count(reader);
      await create(writer, '又一条');
      await expect.poll(() => count(reader), { timeout: 5_000, interval: 50 }).toBe(before + 1);
    }
  });
});
