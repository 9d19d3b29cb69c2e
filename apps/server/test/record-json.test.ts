import { endpoint, RecordPage } from '@canopy/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { route } from '../src/http/route.js';
import { recordPageJson } from '../src/modules/records/record-json.js';

/**
 * Record pages are written by hand (record-json.ts) for speed; they must say exactly what the
 * response schema's own serializer says — the same keys, the same values, nothing outside the contract.
 */
const pageEndpoint = endpoint({
  method: 'GET',
  path: '/page',
  summary: 'a page',
  tags: ['test'],
  auth: 'none',
  response: RecordPage,
});

const base = {
  id: 'r1',
  title: '订单 "一" \\ 二',
  version: 3,
  createdBy: 'm1',
  createdAt: 1_764_000_000_000,
  modifiedBy: 'm2',
  modifiedAt: 1_764_000_000_500,
};

const pages: unknown[] = [
  { resultList: [], nextCursor: '' },
  {
    resultList: [
      {
        ...base,
        data: { a: '文本\n换行', b: 12.5, c: null, d: ['x', 'y'], e: { name: '张三', id: 'u1' }, f: true },
        flowState: null,
        flowNode: '',
      },
      { ...base, id: 'r2', data: {}, flowState: 4, flowNode: '审批', flowResult: 'approved' },
      // Keys outside the contract are dropped by both.
      { ...base, id: 'r3', data: { z: 1 }, secret: 'never sent', passwordHash: 'x' },
    ],
    nextCursor: 'eyJrIjoxfQ',
  },
];

let written = 0;
const serialize: typeof recordPageJson = (page) => {
  written++;
  return recordPageJson(page);
};

async function answer(page: unknown, byHand: boolean): Promise<string> {
  const app = Fastify({ logger: false });
  route(app, pageEndpoint, async () => page as never, byHand ? { serialize } : {});
  try {
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(res.statusCode).toBe(200);
    return res.body;
  } finally {
    await app.close();
  }
}

describe('record pages written by hand', () => {
  it.each(pages.map((p, i) => [i, p]))('page %i reads the same as the schema serializer', async (_, page) => {
    const bySchema = await answer(page, false);
    const before = written;
    const byHand = await answer(page, true);
    expect(written).toBe(before + 1);
    expect(JSON.parse(byHand)).toEqual(JSON.parse(bySchema));
    expect(byHand).not.toContain('never sent');
  });
});
