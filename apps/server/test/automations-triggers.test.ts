import type { ButtonRunResult } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStart } from '../src/modules/records/time-zone.js';
import { automation, createRecord, ended, ledgerStep, recordsOf, runs } from './automation-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { type FlowWorld, flowWorld, newTable, type Table } from './workflow-helpers.js';

/**
 * Automations' date-relative, button and form triggers (issue 28): planned times that follow the
 * record's value, buttons only the right members see and press on records they see, and records
 * created through a form.
 */
let server: TestServer;
let w: FlowWorld;

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const create = (t: Table, data: Record<string, unknown>) => createRecord(w, t, data);

const field = async (t: Table, name: string, type: string) => {
  const res = await w.team.owner.request('POST', `${t.base}/fields`, { body: { name, type } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code as string;
};

const db = () => server.database.handle.db;
const plans = (automationId: string) =>
  db().selectFrom('automation_date_plans').selectAll().where('automation_id', '=', automationId).execute();
const jobExists = async (id: string) =>
  !!(await db().selectFrom('jobs').select('id').where('id', '=', id).where('state', '=', 'pending').executeTakeFirst());

describe('date-relative trigger', { timeout: 180_000 }, () => {
  it('fires at the shifted time, follows a changed value, and is cancelled with the record', async () => {
    const t = await newTable(w);
    const due = await field(t, '合同到期', 'datetime');
    const a = await automation(w, '到期前提醒', {
      trigger: { kind: 'date', schemaCode: t.schemaCode, field: due, amount: 1, unit: 'minutes', direction: 'before' },
      steps: [ledgerStep(w, 'log', `到期提醒 {{trigger.record.data.${t.f.title}}}`)],
    });
    // Due in 61 s: the run is due in about 1 s.
    const soon = await create(t, { [t.f.title]: '甲合同', [due]: new Date(Date.now() + 61_000).toISOString() });
    const far = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const later = await create(t, { [t.f.title]: '乙合同', [due]: far });
    const planned = await plans(a.id);
    expect(planned.map((p) => p.record_id).sort()).toEqual([soon.id, later.id].sort());
    const laterPlan = planned.find((p) => p.record_id === later.id);
    expect(Number(laterPlan?.fire_at)).toBe(Date.parse(far) - 60_000);

    const [run] = await ended(w, a, 1);
    expect(run?.status).toBe('done');
    expect((run?.trigger as { record?: { id: string } } | undefined)?.record?.id).toBe(soon.id);
    expect((await recordsOf(w, w.ledger.base)).some((r) => r.data[w.ledger.subject] === '到期提醒 甲合同')).toBe(true);
    // The fired plan is gone; the other one waits.
    expect((await plans(a.id)).map((p) => p.record_id)).toEqual([later.id]);

    // A changed value plans again: the old job goes, one plan row with the new time stays.
    const moved = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const res = await w.team.owner.request('PATCH', `${t.base}/records/${later.id}`, {
      body: { data: { [due]: moved }, version: later.version },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [replanned] = await plans(a.id);
    expect(Number(replanned?.fire_at)).toBe(Date.parse(moved) - 60_000);
    expect(await jobExists(laterPlan?.job_id ?? '')).toBe(false);
    expect(await jobExists(replanned?.job_id ?? '')).toBe(true);
    // Another field's change leaves the plan as it was.
    const again = await w.team.owner.request('PATCH', `${t.base}/records/${later.id}`, {
      body: { data: { [t.f.note]: '改备注' }, version: res.json.data.version },
    });
    expect(again.status).toBe(200);
    expect((await plans(a.id))[0]?.job_id).toBe(replanned?.job_id);

    // Deleting the record cancels its plan and its job.
    const del = await w.team.owner.request('DELETE', `${t.base}/records/${later.id}`);
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect(await plans(a.id)).toEqual([]);
    expect(await jobExists(replanned?.job_id ?? '')).toBe(false);
    expect(await runs(w, a)).toHaveLength(1);
  });

  it('a date field at its time of day in the team time zone; records already there are planned on publish', async () => {
    const t = await newTable(w);
    const end = await field(t, '合同到期', 'date');
    const existing = await create(t, { [t.f.title]: '老合同', [end]: '2099-03-10' });
    await create(t, { [t.f.title]: '无日期' });
    const a = await automation(w, '到期前三天', {
      trigger: {
        kind: 'date',
        schemaCode: t.schemaCode,
        field: end,
        amount: 3,
        unit: 'days',
        direction: 'before',
        time: '10:30',
      },
      steps: [ledgerStep(w, 'log', '三天后到期')],
    });
    const zone =
      (await db().selectFrom('engines').select('time_zone').executeTakeFirst())?.time_zone ?? 'Asia/Shanghai';
    const expected = dayStart(zone, '2099-03-10') + 10.5 * 3_600_000 - 3 * 86_400_000;
    // Planned by a background job once published and switched on.
    await expect
      .poll(async () => (await plans(a.id)).map((p) => [p.record_id, Number(p.fire_at)]), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual([[existing.id, expected]]);
    // Switched off: nothing stays planned.
    const off = await w.team.owner.request('PUT', `${a.base}/enabled`, { body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(await plans(a.id)).toEqual([]);
    // A non-date field is refused, naming the field.
    const bad = await w.team.owner.request('PATCH', a.base, {
      body: {
        definition: {
          trigger: {
            kind: 'date',
            schemaCode: t.schemaCode,
            field: t.f.title,
            amount: 1,
            unit: 'days',
            direction: 'after',
          },
          steps: [],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.fieldErrors)).toContain('definition.trigger.field');
  });
});

describe('button trigger', { timeout: 180_000 }, () => {
  it('shows the button to the roles named, runs on a record the presser sees, and answers its result', async () => {
    const t = await newTable(w);
    const role = await w.team.owner.request('POST', `/v1/apps/${w.appCode}/roles`, { body: { name: '财务' } });
    expect(role.status, JSON.stringify(role.json)).toBe(200);
    const roleKey = role.json.data.key as string;
    const grant = await w.team.owner.request('PUT', `/v1/apps/${w.appCode}/roles/${roleKey}/grants`, {
      body: { grants: [{ kind: 'member', target: w.bob.memberId }] },
    });
    expect(grant.status, JSON.stringify(grant.json)).toBe(200);
    const a = await automation(w, '标记已付款', {
      trigger: {
        kind: 'button',
        schemaCode: t.schemaCode,
        label: '标记已付款',
        confirm: '确定标记为已付款吗？',
        roles: [roleKey],
      },
      steps: [
        {
          id: 'mark',
          kind: 'updateRecord',
          schemaCode: t.schemaCode,
          recordId: '{{trigger.record.id}}',
          values: { [t.f.note]: '已付款' },
        },
        {
          id: 'sum',
          kind: 'code',
          input: { amount: `{{trigger.record.data.${t.f.amount}}}`, by: '{{trigger.pressedBy}}' },
          code: 'return { doubled: input.amount * 2, by: input.by };',
        },
      ],
    });
    const open = await automation(w, '人人可见', {
      trigger: { kind: 'button', schemaCode: t.schemaCode, label: '复制' },
      steps: [],
    });
    const rec = await create(t, { [t.f.title]: '差旅', [t.f.amount]: 21 });
    const list = async (who: FlowWorld['bob']) =>
      (await who.client.request('GET', `${t.base}/automation-buttons`)).json.data as { automationId: string }[];
    expect((await list(w.bob)).map((b) => b.automationId)).toEqual([a.id, open.id]);
    expect((await list(w.alice)).map((b) => b.automationId)).toEqual([open.id]);
    const seen = (await w.bob.client.request('GET', `${t.base}/automation-buttons`)).json.data[0];
    expect(seen).toEqual({ automationId: a.id, label: '标记已付款', confirm: '确定标记为已付款吗？' });
    // Someone outside the app sees no table, and presses nothing.
    expect((await w.frank.client.request('GET', `${t.base}/automation-buttons`)).status).toBe(404);

    const press = (who: FlowWorld['bob'], recordId: string, id = a.id) =>
      who.client.request('POST', `/v1/apps/${w.appCode}/automations/${id}/press`, { body: { recordId } });
    // Alice does not hold the role; Frank is not in the app; a record that is not there: nothing runs.
    expect((await press(w.alice, rec.id)).status).toBe(404);
    expect((await press(w.frank, rec.id)).status).toBe(404);
    expect((await press(w.bob, 'no-such-record')).status).toBe(404);
    expect(await runs(w, a)).toEqual([]);

    const pressed = await press(w.bob, rec.id);
    expect(pressed.status, JSON.stringify(pressed.json)).toBe(200);
    const result = pressed.json.data as ButtonRunResult;
    expect(result.status).toBe('done');
    expect(result.error).toBeNull();
    expect(result.output).toEqual({ doubled: 42, by: w.bob.memberId });
    const after = await w.team.owner.request('GET', `${t.base}/records/${rec.id}`);
    expect(after.json.data.data[t.f.note]).toBe('已付款');
    // The presser can look at it again; another member cannot.
    const mine = await w.bob.client.request('GET', `/v1/apps/${w.appCode}/automations/${a.id}/presses/${result.runId}`);
    expect(mine.json.data).toEqual(result);
    const theirs = await w.alice.client.request(
      'GET',
      `/v1/apps/${w.appCode}/automations/${a.id}/presses/${result.runId}`,
    );
    expect(theirs.status).toBe(404);
    // A failing run answers its error in the presser's language.
    const gone = await create(t, { [t.f.title]: '将删除' });
    const fail = await automation(w, '删两次', {
      trigger: { kind: 'button', schemaCode: t.schemaCode, label: '删除两次' },
      steps: [
        { id: 'd1', kind: 'deleteRecord', schemaCode: t.schemaCode, recordId: '{{trigger.record.id}}' },
        { id: 'd2', kind: 'deleteRecord', schemaCode: t.schemaCode, recordId: '{{trigger.record.id}}' },
      ],
    });
    const failed = await press(w.bob, gone.id, fail.id);
    expect(failed.json.data.status).toBe('failed');
    expect(failed.json.data.error).toContain(gone.id);
  });
});

describe('form trigger', { timeout: 180_000 }, () => {
  it('runs for records created through the form, not for other writes', async () => {
    const t = await newTable(w);
    const a = await automation(w, '表单提交', {
      trigger: { kind: 'form', schemaCode: t.schemaCode },
      steps: [ledgerStep(w, 'log', `表单 {{trigger.record.data.${t.f.title}}}`)],
    });
    await create(t, { [t.f.title]: '从表单来' });
    // A batch write (not the form) starts nothing.
    const batch = await w.team.owner.request('POST', `${t.base}/records/batch`, {
      body: { create: [{ data: { [t.f.title]: '批量' } }] },
    });
    expect(batch.status, JSON.stringify(batch.json)).toBe(200);
    const [run] = await ended(w, a, 1);
    expect(run?.status).toBe('done');
    const trigger = run?.trigger as { record?: { data: Record<string, unknown> } } | undefined;
    expect(trigger?.record?.data[t.f.title]).toBe('从表单来');
    expect(await runs(w, a)).toHaveLength(1);
  });
});
