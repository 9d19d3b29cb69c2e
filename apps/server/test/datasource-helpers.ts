import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { expect } from 'vitest';
import type { TestClient } from './harness.js';

/** The PostgreSQL and MariaDB servers of the test machine (trust auth; root without password). */
export const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MYSQL_HOST = process.env.TEST_MYSQL_HOST ?? '127.0.0.1';

/** A throwaway PostgreSQL database, with a client on it; `drop` removes it. */
export async function throwawayPostgres(setup: string) {
  const name = `cnp_src_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(setup);
  return {
    name,
    user: decodeURIComponent(url.username || 'postgres'),
    port: Number(url.port || 5432),
    client,
    async drop() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A throwaway MariaDB/MySQL database and a user with a password who may read it. */
export async function throwawayMysql(setup: string[]) {
  const name = `cnp_src_${randomBytes(5).toString('hex')}`;
  const user = `cnp_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection({
    host: MYSQL_HOST,
    user: 'root',
    password: process.env.TEST_MYSQL_PASSWORD ?? '',
  });
  await admin.query(`create database ${name}`);
  await admin.query(`create user '${user}'@'%' identified by '${password}'`);
  await admin.query(`grant select on ${name}.* to '${user}'@'%'`);
  await admin.query(`use ${name}`);
  for (const statement of setup) await admin.query(statement);
  return {
    name,
    user,
    password,
    admin,
    async drop() {
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`drop user if exists '${user}'@'%'`);
      await admin.end();
    },
  };
}

/** An HTTP JSON endpoint on a random port that wants a bearer token; `body` may change between calls. */
export async function jsonEndpoint(token: string, initial: unknown) {
  const state = { body: initial };
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401).end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/items`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface SyncLogShape {
  state: string;
  rows: number;
  inserted: number;
  updated: number;
  removed: number;
  error: { code: string; message: string } | null;
}

/** Waits for the table's newest sync to end; answers its log. */
export async function syncEnded(client: TestClient, appCode: string, schemaCode: string): Promise<SyncLogShape> {
  let last: SyncLogShape | undefined;
  await expect
    .poll(
      async () => {
        const res = await client.request('GET', `/v1/apps/${appCode}/sync-tables/${schemaCode}/logs`);
        last = (res.json.data as SyncLogShape[])[0];
        return last?.state;
      },
      { timeout: 30_000, interval: 100 },
    )
    .not.toBe('running');
  return last as SyncLogShape;
}

/** The table's records as { field name → value }, sorted by the given field name. */
export async function recordsByName(client: TestClient, appCode: string, schemaCode: string, sortBy: string) {
  const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const info = (await client.request('GET', base)).json.data as {
    fields: { code: string; name: string; type: string }[];
  };
  const res = await client.request('POST', `${base}/records/query`, { body: { limit: 500 } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const names = new Map(info.fields.map((f) => [f.code, f.name]));
  // The record's own id as `_id` (a synced column may well be called id).
  const rows = (res.json.data.resultList as { id: string; data: Record<string, unknown> }[]).map((r) => ({
    _id: r.id,
    ...Object.fromEntries(Object.entries(r.data).flatMap(([k, v]) => (names.has(k) ? [[names.get(k), v]] : []))),
  })) as ({ _id: string } & Record<string, unknown>)[];
  rows.sort((a, b) => String(a[sortBy]).localeCompare(String(b[sortBy]), 'en', { numeric: true }));
  return { rows, fields: info.fields };
}
