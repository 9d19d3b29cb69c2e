import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, startTestServer, type TestClient, type TestServer } from './harness.js';
import { type OpenApiFixture, openApiFixture } from './open-api-helpers.js';

/**
 * Two server processes on one database (issue 16): what one caches (record counts, kept 30 s) is
 * dropped when the other writes, within a second — PostgreSQL LISTEN/NOTIFY; on SQLite the apps
 * sharing the database in this process.
 */
let server: TestServer;
let peer: { app: FastifyInstance; baseUrl: string };
let fx: OpenApiFixture;
let onA: TestClient;
let onB: TestClient;

const count = async (client: TestClient) => {
  const res = await client.request('POST', `${fx.base}/records/count`, { body: {} });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.count as number;
};

beforeAll(async () => {
  server = await startTestServer();
  peer = await startPeer(server);
  fx = await openApiFixture(server);
  onA = fx.team.owner;
  onB = fx.team.owner.on(peer.baseUrl);
});
afterAll(async () => {
  await peer?.app.close();
  await server?.close();
});

describe('caches across processes', () => {
  it('drops a record count in the other process after a write', async () => {
    const create = (client: TestClient, name: string) =>
      client.request('POST', `${fx.base}/records`, { body: { data: { [fx.f.name]: name } } });
    expect((await create(onA, '一')).status).toBe(200);
    // Both processes now keep the count.
    expect(await count(onA)).toBe(1);
    expect(await count(onB)).toBe(1);
    for (const [writer, reader] of [
      [onB, onA],
      [onA, onB],
    ] as const) {
      const before = await count(reader);
      expect((await create(writer, '又一条')).status).toBe(200);
      // The other process hears of the write and drops its count (how fast: bench/, not here).
      await expect.poll(() => count(reader), { timeout: 30_000 }).toBe(before + 1);
    }
  });

  it('keeps the count in the process that did not hear of a write (the cache is real)', async () => {
    // A write behind both processes' backs (straight into the table) changes nothing they keep.
    const before = await count(onB);
    const row = await server.database.handle.db
      .selectFrom('schemas')
      .select('table_name')
      .where('code', '=', fx.tableCode)
      .executeTakeFirstOrThrow();
    await server.database.handle.db.deleteFrom(row.table_name as never).execute();
    expect(await count(onB)).toBe(before);
  });
});
