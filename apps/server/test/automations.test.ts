import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automation, createRecord, ended, ledgerStep, lettersOf, recordsOf, runs } from './automation-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { type Received, type Receiver, startReceiver } from './receiver.js';
import {
  actOk,
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * Automations (issue 28): designing and publishing, every trigger (record created / updated /
 * deleted, schedule, incoming webhook, approval events) and every step (condition, find + loop,
 * create / update / delete, letter, HTTP, delay), each run through the job queue as the server runs it.
 */
let server: TestServer;
let w: FlowWorld;
let receiver: Receiver;
let received: Received[];

beforeAll(async () => {
  receiver = await startReceiver();
  received = receiver.received;
  // The receiver is on loopback: this instance allows private targets (as webhooks do).
  server = await startTestServer({ webhooksAllowPrivate: true });
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const create = (t: Table, data: Record<string, unknown>) => createRecord(w, t, data);

describe('design', { timeout: 180_000 }, () => {
  it('checks a draft against the app, keeps versions, and is for designers only', async () => {
    const t = await newTable(w);
    const base = `/v1/apps/${w.appCode}/automations`;
    const bad = await w.team.owner.request('POST', base, {
      body: {
        name: '坏的',
        definition: {
          trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
          steps: [{ id: 'a', kind: 'createRecord', schemaCode: 'nope', values: {} }],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.fieldErrors)).toContain('definition.steps.0.values.schemaCode');
    const badCron = await w.team.owner.request('POST', base, {
      body: { name: '坏的', definition: { trigger: { kind: 'schedule', cron: 'every day at 9' }, steps: [] } },
    });
    expect(badCron.status).toBe(400);
    expect(badCron.json.fieldErrors[0].field).toBe('definition.trigger.cron');
    expect(await runs(w, await automation(w, '空的', { trigger: { kind: 'webhook' }, steps: [] }, false))).toEqual([]);

    const made = await automation(w, '草稿', { trigger: { kind: 'webhook' }, steps: [] }, false);
    const early = await w.team.owner.request('PUT', `${made.base}/enabled`, { body: { enabled: true } });
    expect(early.status).toBe(409);
    const first = await w.team.owner.request('POST', `${made.base}/publish`);
    expect(first.json.data).toMatchObject({ version: 1, draftChanged: false, publishedBy: w.owner.memberId });
    await w.team.owner.request('PATCH', made.base, {
      body: { definition: { trigger: { kind: 'webhook' }, steps: [{ id: 'd', kind: 'delay', ms: 10 }] } },
    });
    expect((await w.team.owner.request('GET', made.base)).json.data.draftChanged).toBe(true);
    expect((await w.team.owner.request('POST', `${made.base}/publish`)).json.data.version).toBe(2);
    // A member without the app's design right sees none of it.
    expect((await w.alice.client.request('GET', base)).status).toBe(403);
    expect((await w.alice.client.request('POST', `${made.base}/publish`)).status).toBe(403);
    const gone = await w.team.owner.request('DELETE', made.base);
    expect(gone.status).toBe(200);
    expect((await w.team.owner.request('GET', made.base)).status).toBe(404);
  });
});

describe('record triggers', { timeout: 180_000 }, () => {
  it('created with a condition on the new values: a row in another table and a letter', async () => {
    const t = await newTable(w);
    const a = await automation(w, '大额报销', {
      trigger: {
        kind: 'record',
        schemaCode: t.schemaCode,
        events: ['created'],
        filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 5000 }] },
      },
      steps: [
        {
          id: 'log',
          kind: 'createRecord',
          schemaCode: w.ledger.schemaCode,
          values: {
            [w.ledger.subject]: `大额：{{trigger.record.data.${t.f.title}}}`,
            [w.ledger.amount]: `{{trigger.record.data.${t.f.amount}}}`,
          },
        },
        {
          id: 'tell',
          kind: 'sendLetter',
          members: [w.erin.memberId],
          memberField: t.f.handler,
          subject: `大额报销 {{steps.log.record.data.${w.ledger.subject}}}`,
          content: '请关注',
        },
      ],
    });
    await create(t, { [t.f.title]: '小额', [t.f.amount]: 10 });
    const big = await create(t, { [t.f.title]: '出差', [t.f.amount]: 8000, [t.f.handler]: [w.dave.memberId] });
    const [run] = await ended(w, a, 1);
    expect(run?.status).toBe('done');
    expect(run?.trigger).toMatchObject({ event: 'created', record: { id: big.id } });
    expect(run?.steps?.map((s) => [s.stepId, s.status])).toEqual([
      ['log', 'done'],
      ['tell', 'done'],
    ]);
    const ledger = await recordsOf(w, w.ledger.base);
    expect(ledger.filter((r) => r.data[w.ledger.subject] === '大额：出差').map((r) => r.data[w.ledger.amount])).toEqual(
      [8000],
    );
    expect(await lettersOf(server, w.erin.memberId)).toContain('大额报销 大额：出差');
    expect(await lettersOf(server, w.dave.memberId)).toContain('大额报销 大额：出差');
    // The run acted as the publisher: the row's creator is the owner, not the member who wrote.
    expect(run?.actorMemberId).toBe(w.owner.memberId);
  });

  it('updated: only when one of the chosen fields changed; deleted: the record as it was', async () => {
    const t = await newTable(w);
    const up = await automation(w, '备注变了', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['updated'], fields: [t.f.note] },
      steps: [ledgerStep(w, 'x', `改为 {{trigger.record.data.${t.f.note}}}`)],
    });
    const del = await automation(w, '删除了', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['deleted'] },
      steps: [ledgerStep(w, 'x', `删除 {{trigger.record.data.${t.f.title}}}`)],
    });
    const r = await create(t, { [t.f.title]: '会删', [t.f.note]: '一' });
    const patch = (version: number, data: Record<string, unknown>) =>
      w.team.owner.request('PATCH', `${t.base}/records/${r.id}`, { body: { version, data } });
    expect((await patch(1, { [t.f.title]: '只改标题' })).status).toBe(200);
    expect((await patch(2, { [t.f.note]: '二' })).status).toBe(200);
    const [run] = await ended(w, up, 1);
    expect(run?.trigger).toMatchObject({ event: 'updated', changed: [t.f.note] });
    expect((await w.team.owner.request('DELETE', `${t.base}/records/${r.id}`)).status).toBe(200);
    const [gone] = await ended(w, del, 1);
    expect(gone?.trigger).toMatchObject({ event: 'deleted', record: { id: r.id } });
    const subjects = (await recordsOf(w, w.ledger.base)).map((x) => x.data[w.ledger.subject]);
    expect(subjects).toContain('改为 二');
    expect(subjects).toContain('删除 只改标题');
    expect(await runs(w, up)).toHaveLength(1);
  });
});

describe('steps', { timeout: 180_000 }, () => {
  it('finds records and loops over them, branches on a condition, updates and deletes', async () => {
    const t = await newTable(w);
    const keep = await create(t, { [t.f.title]: '留', [t.f.amount]: 1 });
    const drop = await create(t, { [t.f.title]: '删', [t.f.amount]: 2 });
    const a = await automation(w, '整理', {
      trigger: { kind: 'webhook' },
      steps: [
        {
          id: 'all',
          kind: 'findRecords',
          schemaCode: t.schemaCode,
          filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'lt', value: 100 }] },
          sorts: [{ field: t.f.amount, direction: 'asc' }],
          limit: 10,
          each: [
            {
              id: 'big',
              kind: 'condition',
              schemaCode: t.schemaCode,
              recordId: '{{item.id}}',
              filter: { op: 'and', conditions: [{ field: t.f.title, operator: 'eq', value: '删' }] },
              whenTrue: [{ id: 'rm', kind: 'deleteRecord', schemaCode: t.schemaCode, recordId: '{{item.id}}' }],
              whenFalse: [
                {
                  id: 'mark',
                  kind: 'updateRecord',
                  schemaCode: t.schemaCode,
                  recordId: '{{item.id}}',
                  values: { [t.f.note]: '{{trigger.body.note}}' },
                },
              ],
            },
          ],
        },
      ],
    });
    const res = await fetch(`${server.baseUrl}${a.webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: '已检查' }),
    });
    expect(res.status).toBe(202);
    const [run] = await ended(w, a, 1);
    expect(run?.status, JSON.stringify(run)).toBe('done');
    expect(run?.steps?.map((s) => s.path)).toEqual(['all', 'all.0.big', 'all.0.big.mark', 'all.1.big', 'all.1.big.rm']);
    const left = await recordsOf(w, t.base);
    expect(left.map((r) => r.id)).toEqual([keep.id]);
    expect(left[0]?.data[t.f.note]).toBe('已检查');
    expect(left.some((r) => r.id === drop.id)).toBe(false);
  });

  it('HTTP: the answer is available to later steps; private-only targets are refused', async () => {
    const a = await automation(w, '调用', {
      trigger: { kind: 'webhook' },
      steps: [
        {
          id: 'call',
          kind: 'http',
          method: 'POST',
          url: `${receiver.base}/erp`,
          headers: { 'x-from': 'canopy' },
          body: { order: '{{trigger.body.order}}' },
        },
        ledgerStep(w, 'keep', 'ERP 答复 {{steps.call.status}} {{steps.call.body}}'),
      ],
    });
    received.length = 0;
    await fetch(`${server.baseUrl}${a.webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order: 'A-7' }),
    });
    const [run] = await ended(w, a, 1);
    expect(run?.status, JSON.stringify(run)).toBe('done');
    expect(received[0]?.path).toBe('/erp');
    expect(received[0]?.headers['x-from']).toBe('canopy');
    expect(JSON.parse(received[0]?.body ?? '{}')).toEqual({ order: 'A-7' });
    expect((await recordsOf(w, w.ledger.base)).map((r) => r.data[w.ledger.subject])).toContain('ERP 答复 200 thanks');

    // Link-local (cloud metadata) is never reached, even where private targets are allowed.
    const meta = await automation(w, '元数据', {
      trigger: { kind: 'webhook' },
      steps: [{ id: 'call', kind: 'http', method: 'GET', url: 'http://169.254.169.254/latest/meta-data' }],
    });
    await fetch(`${server.baseUrl}${meta.webhookPath}`, { method: 'POST' });
    const [refused] = await ended(w, meta, 1);
    expect(refused?.status).toBe('failed');
    expect(refused?.error).toBe('不能请求内网、本机或链路本地地址');
  });

  it('a delay ends the job and the run carries on at its time', async () => {
    const a = await automation(w, '稍后', {
      trigger: { kind: 'webhook' },
      steps: [{ id: 'wait', kind: 'delay', ms: 1500 }, ledgerStep(w, 'after', '等待之后')],
    });
    const started = Date.now();
    await fetch(`${server.baseUrl}${a.webhookPath}`, { method: 'POST' });
    await expect.poll(async () => (await runs(w, a))[0]?.status, { timeout: 10_000, interval: 50 }).toBe('waiting');
    const [run] = await ended(w, a, 1);
    expect(run?.status).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(run?.steps?.map((s) => s.stepId)).toEqual(['wait', 'after']);
  });
});

describe('other triggers', { timeout: 180_000 }, () => {
  it('schedule: the next time in the team time zone, one run per time however often it is looked at', async () => {
    const a = await automation(w, '每天早上', {
      trigger: { kind: 'schedule', cron: '0 9 * * *' },
      steps: [ledgerStep(w, 'x', '早报 {{trigger.firedAt}}')],
    });
    const item = (await w.team.owner.request('GET', a.base)).json.data;
    // 9:00 in Asia/Shanghai (the team's default zone) is 01:00 UTC.
    expect(new Date(item.nextFireAt).getUTCHours()).toBe(1);
    expect(item.nextFireAt).toBeGreaterThan(Date.now());
    expect(await server.app.automations.events.fireDue(item.nextFireAt)).toBeGreaterThanOrEqual(1);
    expect(await server.app.automations.events.fireDue(item.nextFireAt)).toBe(0);
    const [run] = await ended(w, a, 1);
    expect(run?.trigger).toEqual({ firedAt: item.nextFireAt });
    const moved = (await w.team.owner.request('GET', a.base)).json.data.nextFireAt;
    expect(moved - item.nextFireAt).toBe(24 * 60 * 60 * 1000);
  });

  it('incoming webhook: 202 and a queued run; a wrong secret or a switched-off automation is 404 and queues nothing', async () => {
    const a = await automation(w, '外部调用', {
      trigger: { kind: 'webhook' },
      steps: [ledgerStep(w, 'x', '{{trigger.body.name}}')],
    });
    const path = a.webhookPath as string;
    const wrong = `${path.slice(0, path.lastIndexOf('/'))}/${'0'.repeat(48)}`;
    const bad = await fetch(`${server.baseUrl}${wrong}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(bad.status).toBe(404);
    const good = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k1' },
      body: '{"name":"外部来的"}',
    });
    expect(good.status).toBe(202);
    // The caller's retry with the same key starts no second run.
    const again = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k1' },
      body: '{"name":"外部来的"}',
    });
    expect(again.status).toBe(202);
    const [run] = await ended(w, a, 1);
    expect(run?.trigger).toEqual({ body: { name: '外部来的' } });
    await w.team.owner.request('PUT', `${a.base}/enabled`, { body: { enabled: false } });
    expect((await fetch(`${server.baseUrl}${path}`, { method: 'POST' })).status).toBe(404);
    const all = await server.database.handle.db
      .selectFrom('automation_runs')
      .select('id')
      .where('automation_id', '=', a.id)
      .execute();
    expect(all).toHaveLength(1);
  });

  it('approval events: submitted, returned, approved, rejected and finished', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob))]);
    const a = await automation(w, '审批事件', {
      trigger: {
        kind: 'flow',
        schemaCode: t.schemaCode,
        events: ['submitted', 'approved', 'rejected', 'returned', 'finished'],
      },
      steps: [ledgerStep(w, 'x', `流程 {{trigger.event}} {{trigger.record.data.${t.f.title}}}`)],
    });
    const first = (await startFlow(w, t, w.alice, { [t.f.title]: '差旅', [t.f.amount]: 5 })).instance.instanceId;
    await actOk(w.bob, first, 'revert', { targetActivityCode: 'start', resubmit: 'rerun' });
    await actOk(w.alice, first, 'submit');
    await actOk(w.bob, first, 'approval');
    const events = (list: { trigger: unknown }[]) => list.map((r) => (r.trigger as { event: string }).event).sort();
    expect(events(await ended(w, a, 5))).toEqual(['approved', 'finished', 'returned', 'submitted', 'submitted']);
    const subjects = (await recordsOf(w, w.ledger.base)).map((r) => r.data[w.ledger.subject]);
    expect(subjects).toEqual(
      expect.arrayContaining(['流程 returned 差旅', '流程 approved 差旅', '流程 finished 差旅']),
    );

    const second = (await startFlow(w, t, w.alice, { [t.f.title]: '驳回的', [t.f.amount]: 5 })).instance.instanceId;
    await actOk(w.bob, second, 'disapproval');
    await expect
      .poll(async () => events(await runs(w, a)).filter((e) => e === 'rejected').length, { timeout: 30_000 })
      .toBe(1);
  });
});

describe('test runs', { timeout: 180_000 }, () => {
  it('shows what would be written and sent against a chosen record, and commits nothing', async () => {
    const t = await newTable(w);
    const r = await create(t, { [t.f.title]: '试一下', [t.f.amount]: 9000 });
    const a = await automation(
      w,
      '试运行',
      {
        trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
        steps: [
          ledgerStep(w, 'log', `试 {{trigger.record.data.${t.f.title}}}`),
          {
            id: 'call',
            kind: 'http',
            method: 'POST',
            url: `${receiver.base}/never`,
            body: { id: '{{steps.log.record.id}}' },
          },
        ],
      },
      false,
    );
    // Only this test's rows: other tests' automations (a schedule) may write the ledger meanwhile.
    const tried = async () =>
      (await recordsOf(w, w.ledger.base)).filter((r) => r.data[w.ledger.subject] === '试 试一下').length;
    received.length = 0;
    const res = await w.team.owner.request('POST', `${a.base}/test`, { body: { recordId: r.id } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.status).toBe('done');
    const [log, call] = res.json.data.steps;
    expect(log.output.record.data[w.ledger.subject]).toBe('试 试一下');
    expect(call.input).toMatchObject({ method: 'POST', body: { id: log.output.record.id } });
    expect(call.output).toEqual({ sent: false });
    expect(await tried()).toBe(0);
    expect(received).toHaveLength(0);
    const missing = await w.team.owner.request('POST', `${a.base}/test`, { body: {} });
    expect(missing.status).toBe(400);
  });
});
