import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEarly, tableRoute, takeEarly } from './early-requests';

describe('the table route the entry recognises', () => {
  it.each([
    ['/app/a1/s1/v1', { appCode: 'a1', schemaCode: 's1', viewCode: 'v1' }],
    ['/app/a1/s1', { appCode: 'a1', schemaCode: 's1', viewCode: undefined }],
    ['/app/a1/', { appCode: 'a1', schemaCode: undefined, viewCode: undefined }],
    ['/app/a%20b/s1', { appCode: 'a b', schemaCode: 's1', viewCode: undefined }],
    ['/app/a1/s1/v1/more', null],
    ['/home', null],
    ['/workflow/a1', null],
    ['/app/%E0%A4%A/s1', null],
  ])('%s', (path, expected) => {
    expect(tableRoute(path)).toEqual(expected);
  });
});

describe('early answers', () => {
  afterEach(() => vi.unstubAllGlobals());
  const headers = { accept: 'application/json', 'x-engine-code': 'e1' };

  it('are used once, and only by the identical request', async () => {
    const fetch = vi.fn(async () => new Response('{"data":1}'));
    vi.stubGlobal('fetch', fetch);
    fireEarly('GET', '/v1/x', headers);
    fireEarly('POST', '/v1/q', headers, '{"limit":50}');
    expect(fetch).toHaveBeenCalledTimes(2);
    // Another team, another body: not this answer (and the early one is dropped).
    expect(takeEarly('GET', '/v1/x', { ...headers, 'x-engine-code': 'e2' }, null)).toBeUndefined();
    expect(takeEarly('GET', '/v1/x', headers, null)).toBeUndefined();
    expect(takeEarly('POST', '/v1/q', headers, '{"limit":20}')).toBeUndefined();
    // Header order does not matter; the answer is handed over once.
    const early = takeEarly('POST', '/v1/q', { 'x-engine-code': 'e1', accept: 'application/json' }, '{"limit":50}');
    expect(await (await early)?.json()).toEqual({ data: 1 });
    expect(takeEarly('POST', '/v1/q', headers, '{"limit":50}')).toBeUndefined();
  });

  it('are not sent for a request the page has already made', () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    expect(takeEarly('GET', '/v1/late', headers, null)).toBeUndefined();
    fireEarly('GET', '/v1/late', headers);
    expect(fetch).not.toHaveBeenCalled();
  });
});
