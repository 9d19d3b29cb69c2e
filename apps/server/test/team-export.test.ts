import { type ExportJob, NoticeEndpoints } from '@canopy/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { finishedExport } from './export-helpers.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/** A team's data as one zip (issue 14): contents, who may, a closed team's owner, the link's expiry. */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let admin: { client: TestClient; memberId: string };
let other: TeamFixture;
const web = { 'x-app-name': 'canopy-web' };

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const found = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(found));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function sheets(bytes: Buffer): Promise<Map<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return new Map(
    book.worksheets.map((s) => [
      s.name,
      s
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1)),
    ]),
  );
}

const start = (client: TestClient, engineCode = team.engineCode) =>
  client.request('POST', `/v1/engine/${engineCode}/data-exports`, { headers: { 'x-engine-code': '' } });

async function exported(client: TestClient, engineCode = team.engineCode): Promise<{ job: ExportJob; zip: Buffer }> {
  const res = await start(client, engineCode);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const job = await finishedExport(client, `/v1/engine/${engineCode}/data-exports/${res.json.data.id}`);
  expect(job.state, job.message).toBe('done');
  const file = await client.download(job.downloadUrl);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/zip');
  return { job, zip: file.bytes };
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '星河贸易', '王小明');
  member = await joinTeam(server, team, '李晓华');
  admin = await joinTeam(server, team, '赵管理');
  other = await createTeam(server, '别家公司', '陈别人');
  const role = await team.owner.request('PUT', '/v1/org/member/role', {
    body: { memberId: admin.memberId, role: 'admin' },
  });
  expect(role.status, JSON.stringify(role.json)).toBe(200);
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '销售' } })).json.data.code;
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code;
  const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const field = async (name: string, type: string, settings?: object) => {
    const res = await team.owner.request('POST', `${base}/fields`, {
      body: { name, type, ...(settings ? { settings } : {}) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  const title = await field('标题', 'text');
  const amount = await field('金额', 'number');
  const file = await field('附件', 'attachment');
  const items = await field('明细', 'subTable', {
    fields: [
      { code: 'name', name: '品名', type: 'text' },
      { code: 'cost', name: '费用', type: 'number' },
    ],
  });
  const upload = await team.owner.upload('/v1/files', '合同.txt', Buffer.from('合同正文'), web);
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  const rows = [
    {
      [title]: '=危险公式',
      [amount]: 12,
      [file]: [upload.json.data.id],
      [items]: [
        { name: '螺丝', cost: 2 },
        { name: '螺母', cost: 3 },
      ],
    },
    { [title]: '第二单', [amount]: 5 },
  ];
  const batch = await team.owner.request('POST', `${base}/records/batch`, {
    body: { create: rows.map((data) => ({ data })) },
  });
  expect(batch.status, JSON.stringify(batch.json)).toBe(200);
});
afterAll(async () => server?.close());

describe('team data export', () => {
  let zip: Map<string, Buffer>;
  let job: ExportJob;

  it('holds an xlsx per table with its sub-tables as sheets, the attachments and the app package', async () => {
    const done = await exported(team.owner);
    job = done.job;
    zip = await unzip(done.zip);
    const names = [...zip.keys()];
    expect(names).toContain('销售/订单.xlsx');
    const book = await sheets(zip.get('销售/订单.xlsx') as Buffer);
    expect([...book.keys()]).toEqual(['订单', '明细']);
    const main = book.get('订单') ?? [];
    expect(main[0]).toEqual(expect.arrayContaining(['ID', '标题', '金额', '附件', '明细']));
    const header = main[0] as string[];
    const first = main.find((r) => r[header.indexOf('金额')] === 12) ?? [];
    expect(first[header.indexOf('标题')]).toBe("'=危险公式");
    expect(first[header.indexOf('附件')]).toBe('合同.txt');
    expect(main.length).toBe(3);
    const sub = book.get('明细') ?? [];
    expect(sub[0]).toEqual(['ID', '品名', '费用']);
    expect(sub.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      [first[0], '螺丝', 2],
      [first[0], '螺母', 3],
    ]);
    const attachment = names.find((n) => n.startsWith('销售/附件/订单/') && n.endsWith('-合同.txt'));
    expect(attachment).toBeDefined();
    expect(zip.get(attachment as string)?.toString()).toBe('合同正文');
    const pkg = names.find((n) => n.startsWith('销售/') && n.endsWith('.zip'));
    expect(pkg).toBeDefined();
    const inner = await unzip(zip.get(pkg as string) as Buffer);
    const manifest = JSON.parse(inner.get('manifest.json')?.toString() ?? '{}');
    expect(manifest.app.displayName).toBe('销售');
    expect(job).toMatchObject({ state: 'done', percent: 100 });
    expect(job.fileName).toMatch(/^星河贸易-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  it('writes a letter to the one who asked, and lists the latest', async () => {
    await expect
      .poll(async () => {
        const res = await team.owner.call(NoticeEndpoints.list, { query: { kind: 'teamExport', pageSize: '10' } });
        return res.json.data?.resultList as { content: string }[];
      })
      .toEqual([expect.objectContaining({ content: expect.stringContaining('团队「星河贸易」的数据已打包完成') })]);
    const latest = await team.owner.request('GET', `/v1/engine/${team.engineCode}/data-exports`);
    expect(latest.json.data[0].id).toBe(job.id);
  });

  it('owners and admins only: members 403, other teams 404, another’s link 404', async () => {
    const refused = await start(member.client);
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessage).toBe('仅团队所有者和管理员可以导出团队数据');
    expect((await start(other.owner)).status).toBe(404);
    expect((await other.owner.request('GET', `/v1/engine/${team.engineCode}/data-exports/${job.id}`)).status).toBe(404);
    expect((await admin.client.request('GET', `/v1/engine/${team.engineCode}/data-exports/${job.id}`)).status).toBe(
      404,
    );
    expect((await admin.client.download(job.downloadUrl)).status).toBe(404);
    const byAdmin = await exported(admin.client);
    expect((await unzip(byAdmin.zip)).has('销售/订单.xlsx')).toBe(true);
  });

  it('a closed team’s owner may still export; its link expires into a page in words', async () => {
    const close = await team.owner.request('POST', `/v1/engine/${team.engineCode}/close`, {
      body: { corpName: '星河贸易' },
    });
    expect(close.status, JSON.stringify(close.json)).toBe(200);
    team.owner.headers['x-engine-code'] = '';
    const done = await exported(team.owner);
    expect((await unzip(done.zip)).has('销售/订单.xlsx')).toBe(true);
    expect((await start(member.client)).status).toBe(403);
    const db = server.database.handle.db;
    await db
      .updateTable('export_jobs')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', done.job.id)
      .execute();
    const expired = await team.owner.download(done.job.downloadUrl);
    expect(expired.status).toBe(410);
    expect(expired.bytes.toString()).toContain('下载链接已过期');
  });
});
