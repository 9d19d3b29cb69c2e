import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStore, LocalStore, type S3Config, S3Store } from '../src/storage/store.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * The file store (storage/store.ts): the same contract on the data directory and on an
 * S3-compatible server (s3rver, started here), then the server itself keeping uploads and import
 * sheets in the bucket — nothing of them on its disk.
 */
let s3: S3rver;
let dir: string;
let config: S3Config;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 'bucket'),
    configureBuckets: [{ name: 'canopy-test' }],
  });
  const { port } = await s3.run();
  // s3rver's fixed credentials.
  config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'canopy-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['the data directory', () => new LocalStore(path.join(dir, 'local'))],
  ['an S3-compatible bucket', () => new S3Store(config)],
];

describe.each(stores)('file store on %s', (_name, make) => {
  it('keeps, reads, copies out and removes bytes by key, and removes a prefix', async () => {
    const store = make();
    const source = path.join(dir, `source-${store.kind}.txt`);
    fs.writeFileSync(source, '你好，存储');
    await store.put('files/team-a/one', source, 'text/plain');
    await store.put('files/team-a/two', source);
    await store.put('files/team-b/three', source);
    const body = await store.read('files/team-a/one');
    expect(body && (await text(body))).toBe('你好，存储');
    const copy = path.join(dir, `copy-${store.kind}.txt`);
    expect(await store.fetch('files/team-a/two', copy)).toBe(true);
    expect(fs.readFileSync(copy, 'utf8')).toBe('你好，存储');
    expect(await store.read('files/team-a/missing')).toBeNull();
    expect(await store.fetch('files/team-a/missing', copy)).toBe(false);
    await store.remove('files/team-a/one');
    expect(await store.read('files/team-a/one')).toBeNull();
    await store.removePrefix('files/team-a/');
    expect(await store.read('files/team-a/two')).toBeNull();
    const kept = await store.read('files/team-b/three');
    expect(kept && (await text(kept))).toBe('你好，存储');
    await expect(store.put('../escape', source)).rejects.toThrow('bad storage key');
  });
});

describe('a server keeping its files in the bucket', () => {
  let server: TestServer;
  let team: TeamFixture;
  const app = { 'x-app-name': 'canopy-web' };

  beforeAll(async () => {
    server = await startTestServer({ s3: config });
    team = await createTeam(server, '对象存储团队');
  });
  afterAll(async () => server?.close());

  it('stores an upload in the bucket and serves it from there', async () => {
    const up = await team.owner.upload('/v1/files', '合同.txt', Buffer.from('合同正文'), app);
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    const id = up.json.data.id;
    const bucket = new S3Store(config);
    const stored = await bucket.read(`files/${team.engineCode}/${id}`);
    expect(stored && (await text(stored))).toBe('合同正文');
    expect(fs.existsSync(path.join(server.dataDir, 'files'))).toBe(false);
    const down = await team.owner.download(`/v1/files/${id}`);
    expect([down.status, down.bytes.toString('utf8')]).toEqual([200, '合同正文']);
    // Nothing is left in the server's own directory either (the upload's temporary file went).
    expect(fs.readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('keeps avatars in the bucket, both sizes, and removes them on reset', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const dataUrl = `data:image/png;base64,${png}`;
    const up = await team.owner.request('POST', '/v1/user/information/avatarurl', {
      body: { dataUrl, dataUrl2x: dataUrl },
    });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    const url: string = up.json.data.avatarUrl;
    const name = url.split('/').pop() as string;
    const bucket = new S3Store(config);
    expect(await bucket.read(`avatars/${name}`)).not.toBeNull();
    expect(await bucket.read(`avatars/${name.replace('.png', '@2x.png')}`)).not.toBeNull();
    const served = await team.owner.download(url);
    expect([served.status, served.bytes.equals(Buffer.from(png, 'base64'))]).toEqual([200, true]);
    expect(fs.existsSync(path.join(server.dataDir, 'avatars'))).toBe(false);
    await team.owner.request('POST', '/v1/user/information/avatarurl/reset');
    expect(await bucket.read(`avatars/${name}`)).toBeNull();
  });

  it('imports a sheet kept in the bucket, and removes it when the import ends', async () => {
    const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '库存' } })).json.data.code;
    const schema = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '货品' } })
    ).json.data.code;
    const base = `/v1/apps/${appCode}/schemas/${schema}`;
    await team.owner.request('POST', `${base}/fields`, { body: { name: '品名', type: 'text' } });
    const job = (await team.owner.upload(`${base}/imports`, '货品.csv', Buffer.from('品名\n螺丝\n螺母\n'), app)).json
      .data;
    const bucket = new S3Store(config);
    expect(await bucket.read(`imports/${job.id}.csv`)).not.toBeNull();
    const started = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    let state = started.json.data;
    for (let i = 0; i < 200 && state.state === 'running'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await team.owner.request('GET', `${base}/imports/${job.id}`)).json.data;
    }
    expect(state).toMatchObject({ state: 'done', created: 2 });
    expect(await bucket.read(`imports/${job.id}.csv`)).toBeNull();
    const count = (await team.owner.request('POST', `${base}/records/count`, { body: {} })).json.data.count;
    expect(count).toBe(2);
  });
});
