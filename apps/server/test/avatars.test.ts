import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, type TestClient, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Two different 1×1 PNGs (a red and a blue pixel) and a 1×1 GIF. */
const RED_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const BLUE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
const dataUrl = (type: string, base64: string) => `data:${type};base64,${base64}`;
const retina = (url: string) => url.replace(/\.(\w+)$/, '@2x.$1');

/** An avatar file's bytes as base64 (the test client reads bodies as text). */
async function fileBase64(client: TestClient, path: string): Promise<string> {
  const res = await fetch(server.baseUrl + path, { headers: { cookie: `canopy_sid=${client.sessionCookie}` } });
  return Buffer.from(await res.arrayBuffer()).toString('base64');
}

describe('avatars in two resolutions (spec §9 retina)', () => {
  it('stores the 2x variant beside the avatar and serves it under the @2x name', async () => {
    const { client } = await registeredClient(server);
    const up = await client.request('POST', '/v1/user/information/avatarurl', {
      body: { dataUrl: dataUrl('image/png', RED_PNG), dataUrl2x: dataUrl('image/png', BLUE_PNG) },
    });
    expect(up.status).toBe(200);
    const url: string = up.json.data.avatarUrl;
    expect(url).toMatch(/^\/v1\/files\/avatars\/[0-9a-f-]+\.png$/);
    const two = await client.request('GET', retina(url));
    expect(two.status).toBe(200);
    expect(two.headers.get('content-type')).toBe('image/png');
    expect(await fileBase64(client, retina(url))).toBe(BLUE_PNG);
    expect(await fileBase64(client, url)).toBe(RED_PNG);

    // Resetting removes both sizes.
    await client.request('POST', '/v1/user/information/avatarurl/reset');
    expect((await client.request('GET', retina(url))).status).toBe(404);
  });

  it('answers the one size there is for an avatar uploaded without a 2x variant', async () => {
    const { client } = await registeredClient(server);
    const up = await client.request('POST', '/v1/user/information/avatarurl', {
      body: { dataUrl: dataUrl('image/png', RED_PNG) },
    });
    const two = await client.request('GET', retina(up.json.data.avatarUrl));
    expect(two.status).toBe(200);
    expect(await fileBase64(client, retina(up.json.data.avatarUrl))).toBe(RED_PNG);
  });

  it('refuses a 2x variant of another image type, naming the field, and stores nothing', async () => {
    const { client } = await registeredClient(server);
    const res = await client.request('POST', '/v1/user/information/avatarurl', {
      body: { dataUrl: dataUrl('image/png', RED_PNG), dataUrl2x: dataUrl('image/gif', GIF) },
    });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors[0].field).toBe('dataUrl2x');
    expect((await client.request('GET', '/v1/user/information/basic')).json.data.avatarUrl).toBe('');
  });
});
