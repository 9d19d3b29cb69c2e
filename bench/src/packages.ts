/**
 * App packages (issue 12): export and install of an app whose table holds 100,000 records (goal:
 * ≤ 10 s each on SQLite). Starts the real server (API only) on a fresh SQLite file, builds the app
 * through the API, writes the records straight into its physical table (seeding is not what is
 * measured), then times GET /v1/apps/:app/package?withBizData=true (the whole zip read) and
 * upload + POST /v2/app/installpackage until the task is completed.
 *
 *   node --import tsx bench/src/packages.ts [--rows 100000]
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPasswordForTransport } from '@canopy/contract';
import Database from 'better-sqlite3';
import { ApiClient } from './million/client.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const rows = Number(values.rows);
const port = 3931;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-pkg-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const api = new ApiClient(base);
  api.headers['x-app-name'] = 'bench';
  await api.call('POST', '/v1/user/register', {
    account: `bench${Date.now()}@example.com`,
    name: 'bench',
    password: hashPasswordForTransport('bench-pass'),
  });
  const team = await api.call<{ engineCode: string; memberId: string }>('POST', '/v1/corp/own/register', {
    corpName: '基准团队',
  });
  api.headers['x-engine-code'] = team.engineCode;
  const app = await api.call<{ code: string }>('POST', '/v1/apps', { displayName: '订单中心' });
  const table = await api.call<{ code: string }>('POST', `/v1/apps/${app.code}/nodes`, {
    type: 'Schema',
    displayName: '订单',
  });
  const fieldsBase = `/v1/apps/${app.code}/schemas/${table.code}/fields`;
  const field = async (name: string, type: string, settings?: object) =>
    (await api.call<{ code: string }>('POST', fieldsBase, { name, type, ...(settings ? { settings } : {}) })).code;
  const f = {
    title: await field('标题', 'text'),
    customer: await field('客户', 'text'),
    note: await field('备注', 'textarea'),
    amount: await field('金额', 'money'),
    qty: await field('数量', 'number'),
    day: await field('日期', 'date'),
    status: await field('状态', 'singleSelect', {
      options: [
        { id: 'open', label: '进行中', color: 'blue' },
        { id: 'won', label: '赢单', color: 'green' },
      ],
    }),
    paid: await field('已付款', 'checkbox'),
  };

  // Seeding: the records go straight into d_<table> (one transaction), as the API would store them.
  const seedStart = process.hrtime.bigint();
  const db = new Database(path.join(dataDir, 'canopy.sqlite'));
  db.pragma('busy_timeout = 10000');
  const columns = Object.values(f).map((c) => `f_${c}`);
  const insert = db.prepare(
    `insert into d_${table.code} (id, engine_code, version, created_by, created_at, modified_by, modified_at, ${columns.join(', ')}) values (?, ?, 1, ?, ?, ?, ?, ${columns.map(() => '?').join(', ')})`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      insert.run(
        randomUUID(),
        team.engineCode,
        team.memberId,
        now - i * 1000,
        team.memberId,
        now - i * 1000,
        `订单 ${i}`,
        `客户 ${i % 977}`,
        i % 7 === 0 ? '加急，请在周五前发货' : null,
        (i % 10_000) * 1.25,
        i % 50,
        `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        i % 3 === 0 ? 'won' : 'open',
        i % 2,
      );
    }
  })();
  db.close();
  const seeded = seconds(seedStart);

  const exportStart = process.hrtime.bigint();
  const res = await api.raw('GET', `/v1/apps/${app.code}/package?withBizData=true`);
  if (res.status !== 200) throw new Error(`export → ${res.status} ${await res.text()}`);
  const zip = Buffer.from(await res.arrayBuffer());
  const exported = seconds(exportStart);

  const uploadStart = process.hrtime.bigint();
  const form = new FormData();
  form.append('file', new Blob([zip]), 'orders.zip');
  const upload = await api.call<{ packagePath: string }>('POST', '/v1/app/package/upload', form);
  const uploaded = seconds(uploadStart);
  const installStart = process.hrtime.bigint();
  const started = await api.call<{ taskId: string; appCode: string }>('POST', '/v2/app/installpackage', {
    packagePath: upload.packagePath,
    withBizData: true,
    source: 3,
  });
  let task: { isCompleted: boolean; state: string; message: string };
  do {
    await new Promise((r) => setTimeout(r, 50));
    task = await api.call('GET', `/v2/app/installtask/${started.taskId}`);
  } while (!task.isCompleted);
  const installed = seconds(installStart);
  if (task.state !== 'done') throw new Error(`install failed: ${task.message}`);
  const copy = await api.call<{ code: string }[]>('GET', `/v1/apps/${started.appCode}/nodes`);
  const count = await api.call<{ total: number | string }>(
    'POST',
    `/v1/apps/${started.appCode}/schemas/${copy[0]?.code}/records/count`,
    {},
  );
  console.table([
    { step: `seed ${rows} records (not measured)`, seconds: seeded.toFixed(2) },
    { step: `export with data (${(zip.length / 1024 / 1024).toFixed(1)} MB zip)`, seconds: exported.toFixed(2) },
    { step: 'upload the zip', seconds: uploaded.toFixed(2) },
    { step: `install with data (task done; ${JSON.stringify(count)} records)`, seconds: installed.toFixed(2) },
  ]);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
