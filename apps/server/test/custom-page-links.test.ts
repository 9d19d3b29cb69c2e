import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * A custom page's links block (issue 30): a link a browser would open on another site is not a path
 * of this product — `/\evil.example` included — and is refused when the page is saved, naming it.
 */
let server: TestServer;
let team: TeamFixture;
let pageUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '链接团队');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '门户' } })).json.data.code;
  const page = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'UserModule', displayName: '页' } })
  ).json.data.code;
  pageUrl = `/v1/apps/${appCode}/pages/${page}`;
});
afterAll(async () => server?.close());

const linksBlock = (urls: string[]) => ({
  id: 'b1',
  kind: 'links',
  title: '链接',
  place: { x: 0, y: 0, w: 6, h: 3 },
  roles: [],
  links: urls.map((url, i) => ({ title: `链接${i}`, url })),
});

describe('custom page links', () => {
  it('refuses links that leave the site through backslashes, naming each', async () => {
    const bad = ['/\\evil.example', '\\\\evil.example', '/\t/evil.example', '//evil.example'];
    const res = await team.owner.request('PUT', pageUrl, {
      body: { roles: [], blocks: [linksBlock(['/todos/todo', ...bad])] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.fieldErrors.map((f: { field: string }) => f.field)).toEqual(
      bad.map((_, i) => `blocks[0].links[${i + 1}].url`),
    );
  });

  it('keeps paths of this site and http(s) addresses', async () => {
    const res = await team.owner.request('PUT', pageUrl, {
      body: { roles: [], blocks: [linksBlock(['/todos/todo', 'https://example.com/a'])] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });
});
