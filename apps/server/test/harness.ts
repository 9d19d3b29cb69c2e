import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Endpoint, hashPasswordForTransport } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  database: TestDatabase;
  /** Where this server keeps files (DATA_DIR). */
  dataDir: string;
  /**
   * A restart: closes the app (unless the test closed it already) and starts a new one on the same
   * database, data directory and port, so clients keep working.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real server on a random port over a fresh real database. `plugins` see every statement the
 * server sends (see statements.ts).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: { plugins?: KyselyPlugin[] } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-data-'));
  // Cheap Argon2id (PASSWORD_HASHING=fast): account.test.ts checks the standard cost by itself.
  const config = {
    ...loadConfig({ WEB_DIST: '', DATA_DIR: dataDir, PASSWORD_HASHING: 'fast' }),
    port: 0,
    host: '127.0.0.1',
    ...overrides,
  };
  const db = (options.plugins ?? []).reduce((d, plugin) => d.withPlugin(plugin), database.handle.db);
  const open = async (port: number) => {
    const app = await buildApp({ config, database: { ...database.handle, db }, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  };
  const app = await open(0);
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  const server: TestServer = {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    database,
    dataDir: config.dataDir,
    async restart() {
      if (server.app.server.listening) await server.app.close();
      server.app = await open(address.port);
    },
    async close() {
      await server.app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * A second server process's app on the first one's database and data directory (another port), as
 * several processes behind a proxy run: its own job queue, caches and LISTEN connection.
 */
export async function startPeer(server: TestServer): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const config = {
    ...loadConfig({ WEB_DIST: '', DATA_DIR: server.dataDir, PASSWORD_HASHING: 'fast' }),
    port: 0,
    host: '127.0.0.1',
  };
  const app = await buildApp({ config, database: server.database.handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

/** How many accounts the server's database holds (to show a refused request wrote nothing). */
export async function countUsers(server: TestServer): Promise<number> {
  const row = await server.database.handle.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected loosely
  json: any;
}

/** An HTTP client with a cookie jar, like one browser. */
export class TestClient {
  private cookies = new Map<string, string>();
  headers: Record<string, string> = {};

  constructor(private readonly baseUrl: string) {}

  /** The same session (cookies and headers, shared) against another server of the same database. */
  on(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl);
    other.cookies = this.cookies;
    other.headers = this.headers;
    return other;
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('canopy_sid');
  }

  async request(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (HTML pages)
    }
    return { status: res.status, headers: res.headers, body: json, json };
  }

  /** A multipart upload of one file, as the browser sends it. */
  async upload(
    path: string,
    name: string,
    bytes: Uint8Array,
    headers: Record<string, string> = {},
    /** Text fields, sent before the file. */
    fields: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      body: form,
      headers: { ...this.headers, ...headers, ...(cookie ? { cookie } : {}) },
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    return { status: res.status, headers: res.headers, body: json, json };
  }

  /** A GET whose answer is a file: its bytes as they came. */
  async download(path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, { headers: { ...this.headers, ...(cookie ? { cookie } : {}) } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  /** A POST of JSON whose answer is a file (a PDF): its bytes as they came. */
  async downloadPost(path: string, body: unknown): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: { ...this.headers, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  call(
    endpoint: Endpoint,
    options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const qs = options.query ? `?${new URLSearchParams(options.query)}` : '';
    return this.request(endpoint.method, endpoint.path + qs, { body: options.body, headers: options.headers });
  }
}

let counter = 0;
/** A unique mobile number per call, so tests never collide. */
export function uniqueMobile(): string {
  counter += 1;
  return `139${String(Date.now() % 1e5).padStart(5, '0')}${String(counter).padStart(3, '0')}`.slice(0, 11);
}

export const PLAIN_PASSWORD = 'correct horse 1';
export const PASSWORD = hashPasswordForTransport(PLAIN_PASSWORD);

export async function registeredClient(
  server: TestServer,
  name = '测试用户',
): Promise<{ client: TestClient; account: string; userId: string }> {
  const client = new TestClient(server.baseUrl);
  const account = uniqueMobile();
  const res = await client.request('POST', '/v1/user/register', { body: { account, name, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { client, account, userId: res.json.data.id };
}
