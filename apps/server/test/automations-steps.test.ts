import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automation, createRecord, ended, lettersOf, runs } from './automation-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { type ReceivedMail, startSmtpServer, waitForMail } from './smtp.js';
import {
  approveNode,
  type FlowWorld,
  flowWorld,
  hasItem,
  members,
  newTable,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * Automations' steps that reach past the tables (issue 28): starting an approval through the
 * workflow's own start path, a mail through the mail queue to a real SMTP server, and JavaScript
 * in the sandbox, each run through the job queue as the server runs it.
 */
let server: TestServer;
let w: FlowWorld;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mails: ReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  mails = smtp.mails;
  server = await startTestServer({ smtpUrl: smtp.url });
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const create = (t: Table, data: Record<string, unknown>) => createRecord(w, t, data);

const drainMail = async (to: string) => {
  await expect
    .poll(
      async () => {
        await server.app.mailQueue.drain();
        return mails.some((m) => m.to.includes(to));
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  return waitForMail(mails, to);
};

describe('start an approval', { timeout: 180_000 }, () => {
  it("starts the table's flow for the record as the publisher; a record already in its flow fails the step", async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.alice))]);
    const a = await automation(w, '大额自动送审', {
      trigger: {
        kind: 'record',
        schemaCode: t.schemaCode,
        events: ['created'],
        filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 5000 }] },
      },
      steps: [{ id: 'flow', kind: 'startApproval', schemaCode: t.schemaCode, recordId: '{{trigger.record.id}}' }],
    });
    const rec = await create(t, { [t.f.title]: '设备', [t.f.amount]: 8000 });
    const [run] = await ended(w, a, 1);
    expect(run?.status, JSON.stringify(run)).toBe('done');
    const instanceId = (run?.steps?.[0]?.output as { instanceId?: string } | undefined)?.instanceId ?? '';
    const inst = await server.database.handle.db
      .selectFrom('workflow_instances')
      .selectAll()
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(inst.record_id).toBe(rec.id);
    expect(inst.originator_member_id).toBe(w.owner.memberId);
    // The approver has the to-do, as if the publisher had submitted the record.
    expect(await hasItem(w.alice, instanceId)).toBe(true);

    // A record started by hand first: the step fails, saying why, and starts nothing more.
    const b = await automation(w, '提交时再送审', {
      trigger: { kind: 'form', schemaCode: t.schemaCode },
      steps: [{ id: 'flow', kind: 'startApproval', schemaCode: t.schemaCode, recordId: '{{trigger.record.id}}' }],
    });
    await startFlow(w, t, w.bob, { [t.f.title]: '已在流程', [t.f.amount]: 1 });
    const [again] = await ended(w, b, 1);
    expect(again?.status).toBe('failed');
    expect(again?.steps?.[0]?.status).toBe('failed');
    const count = await server.database.handle.db
      .selectFrom('workflow_instances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('schema_code', '=', t.schemaCode)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});

describe('send a mail', { timeout: 180_000 }, () => {
  it('queues the mail with the step (once) and the mail queue delivers it over SMTP', async () => {
    const t = await newTable(w);
    const a = await automation(w, '通知财务', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
      steps: [
        {
          id: 'mail',
          kind: 'sendMail',
          to: ['finance@example.com', `{{trigger.record.data.${t.f.note}}}`],
          subject: `新报销：{{trigger.record.data.${t.f.title}}}`,
          content: `金额 {{trigger.record.data.${t.f.amount}}} 元`,
        },
      ],
    });
    await create(t, { [t.f.title]: '差旅费', [t.f.amount]: 320, [t.f.note]: 'boss@example.com' });
    const [run] = await ended(w, a, 1);
    expect(run?.status).toBe('done');
    expect(run?.steps?.[0]?.output).toEqual({ sentTo: ['finance@example.com', 'boss@example.com'] });
    const mail = await drainMail('finance@example.com');
    expect(mail.subject).toBe('新报销：差旅费');
    expect(mail.text.trim()).toBe('金额 320 元');
    await drainMail('boss@example.com');
    expect(mails.filter((m) => m.subject === '新报销：差旅费')).toHaveLength(2);

    // A bad address from the record fails the step, naming it; nothing is queued.
    await create(t, { [t.f.title]: '坏地址', [t.f.note]: 'not-an-address' });
    const list = await ended(w, a, 2);
    const failed = list.find((r) => r.status === 'failed');
    expect(failed?.error).toContain('not-an-address');
    const queued = await server.database.handle.db
      .selectFrom('mail_queue')
      .select('subject')
      .where('subject', '=', '新报销：坏地址')
      .execute();
    expect(queued).toEqual([]);
    // A mail step with nobody to send to is refused at design time, naming the step.
    const bad = await w.team.owner.request('POST', `/v1/apps/${w.appCode}/automations`, {
      body: {
        name: '无收件人',
        definition: {
          trigger: { kind: 'webhook' },
          steps: [{ id: 'm', kind: 'sendMail', subject: 'x', content: 'y' }],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.fieldErrors)).toContain('definition.steps.0');
  });
});

describe('letters and mails to roles and departments', { timeout: 180_000 }, () => {
  it("reaches an app role's holders through its grants and a department's members with those below it", async () => {
    const roles = `/v1/apps/${w.appCode}/roles`;
    const made = await w.team.owner.request('POST', roles, { body: { name: '财务' } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const finance = made.json.data.key as string;
    // Carol holds 财务 by name; the grant is read when the step runs.
    const granted = await w.team.owner.request('PUT', `${roles}/${finance}/grants`, {
      body: { grants: [{ kind: 'member', target: w.carol.memberId }] },
    });
    expect(granted.status, JSON.stringify(granted.json)).toBe(200);
    // Members registered by phone: give the three an address (Bob too, who must not get the mail).
    for (const p of [w.carol, w.alice, w.dave, w.bob])
      await server.database.handle.db
        .updateTable('users')
        .set({ email: `${p.userId}@example.com` })
        .where('id', '=', p.userId)
        .execute();
    const a = await automation(w, '通知财务和销售', {
      trigger: { kind: 'webhook' },
      steps: [
        {
          id: 'tell',
          kind: 'sendLetter',
          roles: [finance],
          departments: [w.departments.sales],
          subject: '月结提醒',
          content: '',
        },
        {
          id: 'mail',
          kind: 'sendMail',
          roles: [finance],
          departments: [w.departments.sales],
          subject: '月结邮件',
          content: '请月结',
        },
      ],
    });
    expect((await w.team.owner.request('POST', a.webhookPath ?? '', { body: {} })).status).toBe(202);
    const [run] = await ended(w, a, 1);
    expect(run?.status, JSON.stringify(run)).toBe('done');
    const reached = [w.carol, w.alice, w.dave].map((p) => p.memberId);
    expect(new Set((run?.steps?.[0]?.output as { memberIds: string[] } | undefined)?.memberIds)).toEqual(
      new Set(reached),
    );
    for (const p of [w.carol, w.alice, w.dave]) expect(await lettersOf(server, p.memberId)).toContain('月结提醒');
    for (const p of [w.bob, w.erin, w.frank]) expect(await lettersOf(server, p.memberId)).not.toContain('月结提醒');
    // The mail goes to the same people's account addresses.
    const sentTo = (run?.steps?.[1]?.output as { sentTo: string[] } | undefined)?.sentTo;
    expect(new Set(sentTo)).toEqual(new Set([w.carol, w.alice, w.dave].map((p) => `${p.userId}@example.com`)));
    expect((await drainMail(`${w.carol.userId}@example.com`)).subject).toBe('月结邮件');

    // A role the app does not have, or a department the team does not have, is refused by name.
    const bad = await w.team.owner.request('POST', `/v1/apps/${w.appCode}/automations`, {
      body: {
        name: '错的收件人',
        definition: {
          trigger: { kind: 'webhook' },
          steps: [
            { id: 'l', kind: 'sendLetter', roles: ['no_such_role'], subject: 'x', content: '' },
            { id: 'm', kind: 'sendMail', departments: ['no-such-department'], subject: 'x', content: '' },
          ],
        },
      },
    });
    expect(bad.status).toBe(400);
    const fields = (bad.json.fieldErrors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['definition.steps.0.roles', 'definition.steps.1.departments']));
  });
});

describe('code step', { timeout: 180_000 }, () => {
  it("gives the code the step's input and later steps its output; an endless loop fails at its CPU limit", async () => {
    const t = await newTable(w);
    const a = await automation(w, '计算', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
      steps: [
        {
          id: 'calc',
          kind: 'code',
          input: { amount: `{{trigger.record.data.${t.f.amount}}}`, title: `{{trigger.record.data.${t.f.title}}}` },
          code: 'const tax = Math.round(input.amount * 0.06 * 100) / 100;\nreturn { tax, label: input.title + "（含税）" };',
        },
        {
          id: 'save',
          kind: 'updateRecord',
          schemaCode: t.schemaCode,
          recordId: '{{trigger.record.id}}',
          values: { [t.f.note]: '{{steps.calc.label}} {{steps.calc.tax}}' },
        },
      ],
    });
    const rec = await create(t, { [t.f.title]: '咨询', [t.f.amount]: 1000 });
    const [run] = await ended(w, a, 1);
    expect(run?.status, JSON.stringify(run)).toBe('done');
    expect(run?.steps?.[0]?.output).toEqual({ tax: 60, label: '咨询（含税）' });
    const after = await w.team.owner.request('GET', `${t.base}/records/${rec.id}`);
    expect(after.json.data.data[t.f.note]).toBe('咨询（含税） 60');

    const loop = await automation(w, '死循环', {
      trigger: { kind: 'webhook' },
      steps: [{ id: 'spin', kind: 'code', code: 'for (;;) {}', cpuMs: 200 }],
    });
    const hook = await w.team.owner.request('POST', loop.webhookPath ?? '', { body: {} });
    expect(hook.status).toBe(202);
    const [stopped] = await ended(w, loop, 1);
    expect(stopped?.status).toBe('failed');
    expect(stopped?.error).toContain('200');
    expect(stopped?.steps?.[0]?.status).toBe('failed');
    expect(await runs(w, loop, 'failed')).toHaveLength(1);
  });

  it('loops on a thread of its own: the server answers requests while a script spins', async () => {
    const loop = await automation(w, '长循环', {
      trigger: { kind: 'webhook' },
      steps: [{ id: 'spin', kind: 'code', code: 'for (;;) {}', cpuMs: 5000 }],
    });
    expect((await w.team.owner.request('POST', loop.webhookPath ?? '', { body: {} })).status).toBe(202);
    await expect.poll(async () => (await runs(w, loop))[0]?.status, { timeout: 60_000, interval: 50 }).toBe('running');
    // A request answered while the run is still spinning: the loop holds no request up.
    const listed = await w.team.owner.request('GET', `/v1/apps/${w.appCode}/automations`);
    expect(listed.status).toBe(200);
    expect((await runs(w, loop))[0]?.status).toBe('running');
    const [stopped] = await ended(w, loop, 1);
    expect(stopped?.status).toBe('failed');
    expect(stopped?.error).toContain('5000');
  });
});
