import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness.js';

/**
 * The OpenAPI document at /api/docs/json (issue 17) passes Redocly's recommended rules without an
 * error: every operation has an operationId, tags, a summary, its security (cookie session or
 * bearer token) and its 4xx answers with the error envelope; servers come from PUBLIC_URL.
 */
let server: TestServer;
// biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely
let doc: any;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://canopy.example.net' });
  doc = (await new TestClient(server.baseUrl).request('GET', '/api/docs/json')).json;
});
afterAll(async () => server?.close());

describe('the OpenAPI document', () => {
  it('lints without errors under Redocly’s recommended rules', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    if (process.env.OPENAPI_LINT_DUMP) {
      console.log(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`).join('\n'));
    }
    expect(errors).toEqual([]);
  });

  it('names the public address, an operationId, security and error answers on every operation', () => {
    expect(doc.servers).toEqual([{ url: 'https://canopy.example.net' }]);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(op.operationId, where).toMatch(/^[A-Za-z][\w]*$/);
        expect(ids.has(op.operationId as string), where).toBe(false);
        ids.add(op.operationId as string);
        expect((op.tags as string[]).length, where).toBeGreaterThan(0);
        expect(op.security, where).toBeDefined();
        expect(
          Object.keys(op.responses as object).some((code) => code.startsWith('4')),
          where,
        ).toBe(true);
      }
    }
    const list = doc.paths['/open/v1/apps/{appCode}/tables/{tableCode}/records'].get;
    expect(list.operationId).toBe('listRecords');
    expect(list.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '429']));
    const tokens = doc.paths['/v1/user/api-tokens'].get;
    expect(tokens.security).toEqual([{ session: [] }]);
  });
});
