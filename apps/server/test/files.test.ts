import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

let server: TestServer;
let team: TeamFixture;
let other: TeamFixture;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const app = { 'x-app-name': 'canopy-web' };

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '文件团队');
  other = await createTeam(server, '外人团队');
});
afterAll(async () => server?.close());

describe('files', () => {
  it('uploads an image (typed by its bytes) and serves it inline to team members only', async () => {
    const res = await team.owner.upload('/v1/files?kind=image', '../../etc/passwd.png', PNG, app);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      name: 'passwd.png',
      size: PNG.length,
      contentType: 'image/png',
      isImage: true,
    });
    const file = await team.owner.request('GET', res.json.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await other.owner.request('GET', res.json.data.url)).status).toBe(404);
  });

  it('downloads anything else as bytes in a sandbox, whatever its name says', async () => {
    const res = await team.owner.upload('/v1/files', 'evil.html', Buffer.from('<script>alert(1)</script>'), app);
    expect(res.json.data).toMatchObject({ contentType: 'application/octet-stream', isImage: false });
    const file = await team.owner.request('GET', res.json.data.url);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses non-images as images, oversized files, and uploads without the app header', async () => {
    const notImage = await team.owner.upload('/v1/files?kind=image', 'a.png', Buffer.from('plain text'), app);
    expect(notImage.json.errorMessage).toBe('图片须为 PNG、JPEG、GIF 或 WebP 格式');
    const big = await team.owner.upload('/v1/files?kind=image', 'big.png', new Uint8Array(10 * 1024 * 1024 + 10), app);
    expect(big.json.errorMessage).toBe('文件不能超过10MB');
    expect((await team.owner.upload('/v1/files', 'a.txt', Buffer.from('x'))).status).toBe(403);
  });

  it('attaches files to records by id, keeping their facts, and refuses files of another team', async () => {
    const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '档案' } })).json.data.code;
    const schema = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '员工' } })
    ).json.data.code;
    const base = `/v1/apps/${appCode}/schemas/${schema}`;
    const photo = (await team.owner.request('POST', `${base}/fields`, { body: { name: '照片', type: 'image' } })).json
      .data.code;
    const docs = (
      await team.owner.request('POST', `${base}/fields`, { body: { name: '合同附件', type: 'attachment' } })
    ).json.data.code;
    const img = (await team.owner.upload('/v1/files?kind=image', 'me.png', PNG, app)).json.data;
    const pdf = (await team.owner.upload('/v1/files', '合同.pdf', Buffer.from('%PDF-1.4'), app)).json.data;
    const foreign = (await other.owner.upload('/v1/files', 'x.pdf', Buffer.from('%PDF'), app)).json.data;
    const rec = await team.owner.request('POST', `${base}/records`, {
      body: { data: { [photo]: [img.id], [docs]: [{ id: pdf.id, name: '改名.exe', size: 1 }] } },
    });
    expect(rec.status, JSON.stringify(rec.json)).toBe(200);
    expect(rec.json.data.data[docs]).toEqual([
      {
        id: pdf.id,
        name: '合同.pdf',
        size: 8,
        contentType: 'application/octet-stream',
        isImage: false,
        url: `/v1/files/${pdf.id}`,
      },
    ]);
    const bad = await team.owner.request('POST', `${base}/records`, {
      body: { data: { [photo]: [pdf.id], [docs]: [foreign.id] } },
    });
    const messages = Object.fromEntries(
      bad.json.fieldErrors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(messages).toEqual({ [photo]: '照片只能上传图片', [docs]: '合同附件中有不存在的文件' });
  });
});
