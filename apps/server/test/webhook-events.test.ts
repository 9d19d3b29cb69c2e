import { InstanceState, NoticeEndpoints, WebhookHeaders, WebhookLimits } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { type Receiver, startReceiver } from './receiver.js';
import { StatementLog } from './statements.js';
import {
  actOk,
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * Webhooks beyond plain record events (issue 17), against a real HTTP receiver started here: a hook's
 * filter (evaluated in the database, in the write's transaction), the table's flow events, the
 * owner's letter when a hook is paused, and imports' records raising "created" in batches.
 */
interface Delivery {
  path: string;
  event: string;
  body: Record<string, unknown>;
}
let receiver: Receiver;
const log = new StatementLog();

let server: TestServer;
let w: FlowWorld;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ webhooksAllowPrivate: true }, { plugins: [log] });
  w = await flowWorld(server);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

let hooks = 0;
/** A hook on the table with its own receiver path; answers its id and that path. */
async function addHook(t: Table, events: string[], filter?: unknown, who: Person = w.owner) {
  hooks += 1;
  const path = `/hook-${hooks}`;
  const res = await who.client.request('POST', `${t.base}/webhooks`, {
    body: { url: `${receiver.base}${path}`, events, ...(filter ? { filter } : {}) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: res.json.data.id as string, path, item: res.json.data };
}

/** Everything due is sent; answers what the receiver got on this path, in order. */
async function got(path: string): Promise<Delivery[]> {
  // The job queue's own drain runs beside this one: wait until no due delivery is left (sent or
  // leased by either), not merely until this drain finds nothing to take. Deliveries of a hook that
  // is off or paused are held, not due.
  const due = async () => {
    while ((await server.app.webhooks.drain()) > 0);
    const row = await server.database.handle.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_deliveries.state', '=', 'pending')
      .where('webhook_deliveries.next_attempt_at', '<=', Date.now())
      .where('webhooks.active', '=', 1)
      .where('webhooks.paused_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  await expect.poll(due, { timeout: 30_000, interval: 50 }).toBe(0);
  return receiver.received
    .filter((r) => r.path === path)
    .map((r) => ({
      path: r.path,
      event: String(r.headers[WebhookHeaders.event]),
      body: JSON.parse(r.body) as Record<string, unknown>,
    }));
}

describe('a hook’s filter', () => {
  it('delivers only records that match: after the write, and a deleted one as it was', async () => {
    const t = await newTable(w);
    const hook = await addHook(t, ['record.created', 'record.updated', 'record.deleted'], {
      op: 'and',
      conditions: [{ field: t.f.amount, operator: 'gt', value: 100 }],
    });
    expect(hook.item.filter).toEqual({ op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 100 }] });
    const create = async (amount: number) =>
      (await w.owner.client.request('POST', `${t.base}/records`, { body: { data: { [t.f.amount]: amount } } })).json
        .data as { id: string; version: number };
    const small = await create(50);
    const big = await create(150);
    // 150 → 20 no longer matches; 50 → 200 now does.
    await w.owner.client.request('PATCH', `${t.base}/records/${big.id}`, {
      body: { version: big.version, data: { [t.f.amount]: 20 } },
    });
    await w.owner.client.request('PATCH', `${t.base}/records/${small.id}`, {
      body: { version: small.version, data: { [t.f.amount]: 200 } },
    });
    await w.owner.client.request('DELETE', `${t.base}/records/${big.id}?version=2`);
    await w.owner.client.request('DELETE', `${t.base}/records/${small.id}?version=2`);
    const list = await got(hook.path);
    expect(
      list.map((r) => `${r.event} ${(r.body.record as { data: Record<string, unknown> }).data[t.f.amount]}`),
    ).toEqual(['record.created 150', 'record.updated 200', 'record.deleted 200']);
  });

  it('can be changed and removed; a hook without one hears every record', async () => {
    const t = await newTable(w);
    const hook = await addHook(t, ['record.created'], {
      op: 'or',
      conditions: [
        { field: t.f.title, operator: 'contains', value: '加急' },
        { op: 'and', conditions: [{ field: t.f.amount, operator: 'gte', value: 1000 }] },
      ],
    });
    const add = (title: string, amount: number) =>
      w.owner.client.request('POST', `${t.base}/records`, {
        body: { data: { [t.f.title]: title, [t.f.amount]: amount } },
      });
    await add('普通', 5);
    await add('加急采购', 5);
    await add('大额', 5000);
    const titles = async () =>
      (await got(hook.path)).map((r) => (r.body.record as { data: Record<string, unknown> }).data[t.f.title]);
    expect(await titles()).toEqual(['加急采购', '大额']);
    const changed = await w.owner.client.request('PATCH', `${t.base}/webhooks/${hook.id}`, {
      body: { filter: { op: 'and', conditions: [{ field: 'createdBy', operator: 'isMe' }] } },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    // "Me" is the hook's owner: a record Dave creates does not match.
    await w.dave.client.request('POST', `${t.base}/records`, { body: { data: { [t.f.title]: '戴夫的' } } });
    await add('老板的', 1);
    expect((await titles()).slice(2)).toEqual(['老板的']);
    const cleared = await w.owner.client.request('PATCH', `${t.base}/webhooks/${hook.id}`, {
      body: { filter: { op: 'and', conditions: [] } },
    });
    expect(cleared.json.data.filter).toBeNull();
    await w.dave.client.request('POST', `${t.base}/records`, { body: { data: { [t.f.title]: '全部' } } });
    expect((await titles()).slice(3)).toEqual(['全部']);
  });

  it('is refused, naming the field, when it names a field the author cannot see or that does not fit', async () => {
    const t = await newTable(w);
    // Dave designs the app (manager) but may not see 内部说明.
    const current = (await w.owner.client.request('GET', t.base)).json.data.permissions;
    const perms = await w.owner.client.request('PUT', t.base, {
      body: { permissions: { roles: { manager: { ...current.roles.manager, fields: { [t.f.secret]: 'hidden' } } } } },
    });
    expect(perms.status, JSON.stringify(perms.json)).toBe(200);
    const save = (who: Person, filter: unknown) =>
      who.client.request('POST', `${t.base}/webhooks`, {
        body: { url: `${receiver.base}/refused`, events: ['record.created'], filter },
      });
    const hidden = await save(w.dave, { op: 'and', conditions: [{ field: t.f.secret, operator: 'eq', value: 'x' }] });
    expect([hidden.status, hidden.json.fieldErrors?.[0]?.field]).toEqual([400, 'filter']);
    expect(hidden.json.fieldErrors[0].message).toContain(t.f.secret);
    const unknown = await save(w.owner, { op: 'and', conditions: [{ field: 'nope', operator: 'eq', value: 1 }] });
    expect([unknown.status, unknown.json.fieldErrors?.[0]?.field]).toEqual([400, 'filter']);
    expect(unknown.json.fieldErrors[0].message).toContain('nope');
    const badValue = await save(w.owner, {
      op: 'and',
      conditions: [{ field: t.f.amount, operator: 'gt', value: 'many' }],
    });
    expect([badValue.status, badValue.json.fieldErrors?.[0]?.message]).toEqual([400, '筛选条件不正确：金额']);
    const badOperator = await save(w.owner, {
      op: 'and',
      conditions: [{ field: t.f.amount, operator: 'contains', value: '1' }],
    });
    expect(badOperator.json.fieldErrors?.[0]?.message).toContain('金额');
    // The owner sees it, so may filter by it.
    expect(
      (await save(w.owner, { op: 'and', conditions: [{ field: t.f.secret, operator: 'eq', value: 'x' }] })).status,
    ).toBe(200);
  });
});

describe('flow events', () => {
  it('tells submitted, approved, rejected and finished with instance, record, flow, action, actor and result', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a'), approveNode('a', members(w.dave))]);
    const all = await addHook(t, ['flow.submitted', 'flow.approved', 'flow.rejected', 'flow.finished']);
    const big = await addHook(t, ['flow.finished'], {
      op: 'and',
      conditions: [{ field: t.f.amount, operator: 'gte', value: 100 }],
    });
    const records = await addHook(t, ['record.created']);
    const flowCode = (await w.owner.client.request('GET', `${t.base}/workflow`)).json.data.workflowCode as string;

    const approved = await startFlow(w, t, w.alice, { [t.f.title]: '出差', [t.f.amount]: 500 });
    const id1 = approved.instance.instanceId;
    await actOk(w.dave, id1, 'approval', { comment: '同意' });
    const rejected = await startFlow(w, t, w.alice, { [t.f.title]: '小额', [t.f.amount]: 10 });
    const id2 = rejected.instance.instanceId;
    await actOk(w.dave, id2, 'disapproval', { comment: '不行' });

    const flows = (await got(all.path)).map((r) => ({ event: r.event, ...(r.body.flow as object) }));
    expect(
      flows.map((f) => `${f.event} ${(f as unknown as { instanceId: string }).instanceId === id1 ? 1 : 2}`),
    ).toEqual([
      'flow.submitted 1',
      'flow.approved 1',
      'flow.finished 1',
      'flow.submitted 2',
      'flow.rejected 2',
      'flow.finished 2',
    ]);
    expect(flows[0]).toMatchObject({
      instanceId: id1,
      recordId: approved.record.id,
      flowCode,
      action: 'submit',
      actor: w.alice.memberId,
      result: '',
      state: InstanceState.Running,
    });
    expect(flows[2]).toMatchObject({
      action: 'approve',
      actor: w.dave.memberId,
      node: '审批a',
      result: 'approved',
      state: InstanceState.Finished,
    });
    expect(flows[5]).toMatchObject({ recordId: rejected.record.id, action: 'reject', result: 'rejected' });
    const sample = (await got(all.path))[0]?.body;
    expect(sample).toMatchObject({ event: 'flow.submitted', appCode: w.appCode, tableCode: t.schemaCode });
    // The filter reads the instance's record: only the 500 one finished for this hook.
    expect((await got(big.path)).map((r) => (r.body.flow as { instanceId: string }).instanceId)).toEqual([id1]);
    // A record hook is told of the records, not of the flow.
    expect((await got(records.path)).map((r) => r.event)).toEqual(['record.created', 'record.created']);
  });

  it('writes nothing when the action is refused', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a'), approveNode('a', members(w.dave))]);
    const hook = await addHook(t, ['flow.approved', 'flow.finished']);
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '单' });
    // Bob is no participant: refused, nothing queued.
    const refused = await w.bob.client.request('POST', '/v1/workflow/approval', {
      body: { workItem: { workItemId: 'not-his' } },
    });
    expect(refused.status).toBe(404);
    expect(await got(hook.path)).toEqual([]);
    await actOk(w.dave, started.instance.instanceId, 'approval');
    expect((await got(hook.path)).map((r) => r.event)).toEqual(['flow.approved', 'flow.finished']);
  });
});

describe('a paused hook', () => {
  it('sends its owner one letter, linking to the table, in the pause’s transaction', async () => {
    const t = await newTable(w);
    const hook = await addHook(t, ['record.created'], undefined, w.dave);
    const db = server.database.handle.db;
    await db
      .updateTable('webhooks')
      .set({ failing_since: Date.now() - WebhookLimits.pauseAfterMs - 1000 })
      .where('id', '=', hook.id)
      .execute();
    const letters = async () =>
      (await w.dave.client.call(NoticeEndpoints.list, { query: { kind: 'webhookPaused', pageSize: '10' } })).json.data
        .resultList as { subject: string; content: string }[];
    expect(await letters()).toEqual([]);
    receiver.answers.push(500, 500);
    await w.owner.client.request('POST', `${t.base}/records`, { body: { data: { [t.f.title]: '一' } } });
    await w.owner.client.request('POST', `${t.base}/records`, { body: { data: { [t.f.title]: '二' } } });
    await got(hook.path);
    const list = await letters();
    expect(list.length).toBe(1);
    const tableName = (await w.owner.client.request('GET', `${t.base}`)).json.data.displayName as string;
    expect(list[0]?.subject).toBe(`Webhook 已暂停：${tableName}`);
    expect(list[0]?.content).toContain(`href="/app/${w.appCode}/${t.schemaCode}"`);
    expect(list[0]?.content).toContain(hook.path);
    const en = await w.dave.client.call(NoticeEndpoints.list, {
      query: { kind: 'webhookPaused', pageSize: '10' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.json.data.resultList[0].subject).toBe(`Webhook paused: ${tableName}`);
    const item = (await w.dave.client.request('GET', `${t.base}/webhooks`)).json.data[0];
    expect(item.pausedAt).toBeGreaterThan(0);
    // Switched on again, it is unpaused with a clean slate (and no letter is written for that).
    const on = await w.dave.client.request('PATCH', `${t.base}/webhooks/${hook.id}`, { body: { active: true } });
    expect(on.json.data.pausedAt).toBeNull();
    expect((await letters()).length).toBe(1);
    receiver.answers.length = 0;
  });
});

describe('imports', () => {
  it('raise "created" for every imported record, in batches rather than a query per row', async () => {
    const t = await newTable(w);
    const every = await addHook(t, ['record.created']);
    const big = await addHook(t, ['record.created'], {
      op: 'and',
      conditions: [{ field: t.f.amount, operator: 'gt', value: 250 }],
    });
    const rows = 300;
    const csv = ['标题,金额', ...Array.from({ length: rows }, (_, i) => `导入${i + 1},${i + 1}`)].join('\n');
    const job = (await w.owner.client.upload(`${t.base}/imports`, '单.csv', Buffer.from(csv), APP)).json.data;
    const tableName = (
      await server.database.handle.db
        .selectFrom('schemas')
        .select('table_name')
        .where('code', '=', t.schemaCode)
        .executeTakeFirstOrThrow()
    ).table_name;
    log.clear();
    const started = await w.owner.client.request('POST', `${t.base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    await expect
      .poll(async () => (await w.owner.client.request('GET', `${t.base}/imports/${job.id}`)).json.data.state, {
        timeout: 60_000,
      })
      .toBe('done');
    expect(log.count('insert', 'webhook_deliveries')).toBeLessThanOrEqual(2);
    // The filter: one select over the batch's ids (beside the import's own reads), not one per row.
    expect(log.count('select', tableName)).toBeLessThanOrEqual(3);
    const all = await got(every.path);
    expect(all.length).toBe(rows);
    expect(new Set(all.map((r) => (r.body.record as { id: string }).id)).size).toBe(rows);
    const filtered = await got(big.path);
    expect(filtered.map((r) => (r.body.record as { data: Record<string, number> }).data[t.f.amount])).toEqual(
      expect.arrayContaining([251, 300]),
    );
    expect(filtered.length).toBe(50);
    // As long as the poll above may wait: on a loaded machine the deliveries take their time.
  }, 60_000);
});

const APP = { 'x-app-name': 'canopy-web' };

describe('row-by-row writes', () => {
  it('an import checked row by row (a unique field) and a batch call tell their creations once', async () => {
    const t = await newTable(w);
    const code = await w.owner.client.request('POST', `${t.base}/fields`, {
      body: { name: '编号', type: 'text', unique: true },
    });
    expect(code.status, JSON.stringify(code.json)).toBe(200);
    const hook = await addHook(t, ['record.created'], {
      op: 'and',
      conditions: [{ field: t.f.amount, operator: 'gte', value: 10 }],
    });
    const rows = 40;
    const csv = ['标题,金额,编号', ...Array.from({ length: rows }, (_, i) => `逐行${i + 1},${i + 1},N${i + 1}`)].join(
      '\n',
    );
    const job = (await w.owner.client.upload(`${t.base}/imports`, '逐行.csv', Buffer.from(csv), APP)).json.data;
    log.clear();
    await w.owner.client.request('POST', `${t.base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    await expect
      .poll(async () => (await w.owner.client.request('GET', `${t.base}/imports/${job.id}`)).json.data.state, {
        timeout: 60_000,
      })
      .toBe('done');
    // One read of the table's hooks for the whole import; the job queue's drain may have read the
    // hooks of the deliveries it sends meanwhile (one statement for a batch) — never one a row.
    expect(log.count('select', 'webhooks')).toBeLessThanOrEqual(2);
    expect(log.count('insert', 'webhook_deliveries')).toBe(1);
    expect((await got(hook.path)).length).toBe(rows - 9);

    log.clear();
    const batch = await w.owner.client.request(
      'POST',
      `/open/v1/apps/${w.appCode}/tables/${t.schemaCode}/records/batch`,
      {
        body: {
          create: Array.from({ length: 30 }, (_, i) => ({ data: { [t.f.amount]: i, [code.json.data.code]: `B${i}` } })),
        },
      },
    );
    expect(batch.status, JSON.stringify(batch.json)).toBe(200);
    expect(log.count('select', 'webhooks')).toBeLessThanOrEqual(2);
    expect(log.count('insert', 'webhook_deliveries')).toBe(1);
    expect((await got(hook.path)).length).toBe(rows - 9 + 20);
  });
});
