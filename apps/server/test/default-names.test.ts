import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';

/**
 * Names the product writes as data (issue 29): a table's first view, a new flow and its nodes are
 * stored in the language of the member who makes them, so an English or Japanese team reads them in
 * its own language, and they stay as written whoever reads them later.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function newTable(language: string) {
  const team = await createTeam(server, `Team ${language}`, 'Owner');
  const owner = team.owner;
  owner.headers['x-language'] = language;
  const app = (await owner.request('POST', '/v1/apps', { body: { displayName: 'Expenses' } })).json.data;
  const table = (
    await owner.request('POST', `/v1/apps/${app.code}/nodes`, { body: { type: 'Schema', displayName: 'Claims' } })
  ).json.data;
  return { owner, base: `/v1/apps/${app.code}/schemas/${table.code}` };
}

const cases = [
  ['zh', '全部数据', '审批流程', ['发起', '审批']],
  ['en', 'All records', 'Approval flow', ['Submit', 'Approval']],
  ['jp', 'すべてのデータ', '承認フロー', ['申請', '承認']],
] as const;

describe('default names in the creator’s language', () => {
  it.each(cases)('%s: the first view and a new flow', async (language, viewName, flowName, nodeNames) => {
    const { owner, base } = await newTable(language);
    const views = await owner.request('GET', `${base}/views`);
    expect(views.status, JSON.stringify(views.json)).toBe(200);
    expect(views.json.data.map((v: { name: string }) => v.name)).toEqual([viewName]);

    const flow = (await owner.request('GET', `${base}/workflow`)).json.data;
    expect(flow.name).toBe(flowName);
    expect(flow.draft.nodes.map((n: { name: string }) => n.name)).toEqual(nodeNames);
    // Saved as shown, and kept as written: a Chinese reader later sees the same stored names.
    const saved = await owner.request('PUT', `${base}/workflow`, { body: { definition: flow.draft } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    owner.headers['x-language'] = 'zh';
    const again = (await owner.request('GET', `${base}/workflow`)).json.data;
    expect(again.name).toBe(flowName);
    expect(again.draft.nodes.map((n: { name: string }) => n.name)).toEqual(nodeNames);
    expect((await owner.request('GET', `${base}/views`)).json.data.map((v: { name: string }) => v.name)).toEqual([
      viewName,
    ]);
  });
});
