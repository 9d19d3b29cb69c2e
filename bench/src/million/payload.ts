/**
 * Issue 15, payload: the bytes of one list page (POST …/records/query, 50 rows sorted by amount)
 * on the wire, as JSON and as the server compresses it (brotli, gzip), with every visible field
 * (the default) and with the `fields` a grid showing six columns asks for.
 *
 *   npx tsx bench/src/million/payload.ts --db sqlite --rows 100000 --keep
 *
 * Options: --db, --rows, --dir, --keep as run.ts. Prints a table; nothing timed.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  defaultDir,
  isMain,
  type Manifest,
  options,
  readManifest,
  removeDataSet,
  serverEnv,
  startServer,
} from './common.js';
import { generate } from './generate.js';
import { ownerClient } from './run.js';

/** The columns of a typical order grid: name, status, amount, owner, order date, remark. */
const GRID = ['name', 'status', 'amount', 'owner', 'orderDate', 'remark'];

function post(url: string, headers: Record<string, string>, body: unknown, encoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') })
            : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export async function payload(m: Manifest) {
  const port = 3980 + (process.pid % 10);
  const server = await startServer(serverEnv(m, port), port);
  try {
    const owner = await ownerClient(server.baseUrl, m);
    const headers = { cookie: owner.cookieHeader, 'x-engine-code': m.engineCode };
    const url = `${server.baseUrl}/v1/apps/${m.appCode}/schemas/${m.schemaCode}/records/query`;
    const code = (key: string) => m.fields.find((f) => f.key === key)?.code as string;
    const sorts = [{ field: code('amount'), direction: 'desc' }];
    const rows: string[] = [];
    for (const [label, body] of [
      ['every visible field (default)', { sorts, limit: 50 }],
      [`fields: the grid's ${GRID.length} columns`, { sorts, limit: 50, fields: GRID.map(code) }],
    ] as const) {
      const sizes = [];
      for (const encoding of ['', 'gzip', 'br']) {
        const a = await post(url, headers, body, encoding);
        sizes.push(`${a.bytes.toLocaleString('en')} (${a.encoding})`);
      }
      rows.push(`| ${label} | ${sizes.join(' | ')} |`);
    }
    return ['| 50 rows | JSON bytes | gzip | br |', '| --- | --- | --- | --- |', ...rows].join('\n');
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const opts = options();
  for (const db of opts.dbs) {
    const dir = (opts.dbs.length === 1 ? opts.dir : undefined) ?? defaultDir(db, opts.rows);
    const manifest = fs.existsSync(path.join(dir, 'manifest.json'))
      ? readManifest(dir)
      : await generate(db, opts.rows, dir);
    try {
      console.log(`[payload] ${db}, ${manifest.rows.toLocaleString('en')} rows\n${await payload(manifest)}`);
    } finally {
      if (!opts.keep) await removeDataSet(manifest);
    }
  }
}
