import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness.js';
import { bearer, createToken, type OpenApiFixture, openApiFixture } from './open-api-helpers.js';

/**
 * Integrators upload files for attachment and image fields with a token (issue 17):
 * `POST /open/v1/apps/:appCode/files` takes a read-write token naming the app, and the file's id then
 * goes into a record's attachment field through the records API.
 */
let server: TestServer;
let fx: OpenApiFixture;
let attachment: string;
let writeToken: string;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  server = await startTestServer();
  fx = await openApiFixture(server);
  const res = await fx.team.owner.request('POST', `${fx.base}/fields`, { body: { name: '附件', type: 'attachment' } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  attachment = res.json.data.code;
  writeToken = (await createToken(fx.alice.client, { appCodes: [fx.appCode] })).token;
});
afterAll(async () => server?.close());

const anonymous = () => new TestClient(server.baseUrl);
const filesOf = (app: string) => `/open/v1/apps/${app}/files`;

describe('token uploads', () => {
  it('a read-write token uploads a file and sets it on a record through the records API', async () => {
    const up = await anonymous().upload(
      filesOf(fx.appCode),
      '合同.pdf',
      Buffer.from('%PDF-1.4 合同'),
      bearer(writeToken),
    );
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.data).toMatchObject({ name: '合同.pdf', isImage: false, size: Buffer.byteLength('%PDF-1.4 合同') });
    const created = await anonymous().request('POST', `${fx.open}/records`, {
      headers: bearer(writeToken),
      body: { data: { [fx.f.name]: '带附件', [attachment]: [up.json.data.id] } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.data.data[attachment]).toEqual([
      expect.objectContaining({ id: up.json.data.id, name: '合同.pdf' }),
    ]);
    // The owner of the token reads the file in the web app like any attachment.
    const bytes = await fx.alice.client.download(`/v1/files/${up.json.data.id}`);
    expect([bytes.status, bytes.bytes.toString()]).toEqual([200, '%PDF-1.4 合同']);
  });

  it('images are checked as images', async () => {
    const png = await anonymous().upload(`${filesOf(fx.appCode)}?kind=image`, 'a.png', PNG, bearer(writeToken));
    expect([png.status, png.json.data?.isImage]).toEqual([200, true]);
    const fake = await anonymous().upload(
      `${filesOf(fx.appCode)}?kind=image`,
      'a.png',
      Buffer.from('x'),
      bearer(writeToken),
    );
    expect(fake.status).toBe(400);
  });

  it('refuses a read-only token, a token of other apps, a bad token and a session without the app header', async () => {
    const readOnly = (await createToken(fx.alice.client, { appCodes: [fx.appCode], readOnly: true })).token;
    const ro = await anonymous().upload(filesOf(fx.appCode), 'a.txt', Buffer.from('a'), bearer(readOnly));
    expect([ro.status, ro.json.errorCode]).toEqual([403, expect.any(String)]);
    expect(ro.json.errorMessage).toMatch(/只读|read/i);
    const other = await anonymous().upload(filesOf(fx.otherApp), 'a.txt', Buffer.from('a'), bearer(writeToken));
    expect(other.status).toBe(403);
    const bad = await anonymous().upload(filesOf(fx.appCode), 'a.txt', Buffer.from('a'), bearer('cnp_nope'));
    expect(bad.status).toBe(401);
    // The web app's own files call stays session only.
    const plain = await anonymous().upload('/v1/files', 'a.txt', Buffer.from('a'), {
      ...bearer(writeToken),
      'x-app-name': 'canopy-web',
    });
    expect(plain.status).toBe(403);
    // A session may call it from the web app's client (its header), not from a bare form post.
    const session = await fx.alice.client.upload(filesOf(fx.appCode), 'a.txt', Buffer.from('a'));
    expect(session.status).toBe(403);
    const web = await fx.alice.client.upload(filesOf(fx.appCode), 'a.txt', Buffer.from('a'), {
      'x-app-name': 'canopy-web',
    });
    expect(web.status).toBe(200);
  });
});
