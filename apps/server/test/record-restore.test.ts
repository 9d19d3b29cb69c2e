import { RecordEndpoints } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automation, ended } from './automation-helpers.js';
import type { TestServer } from './harness.js';
import { startTestServer } from './harness.js';
import { type Receiver, startReceiver } from './receiver.js';
import {
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
 * Restore from a record's history (issue 31): one field or the whole record back to a version, as a
 * new write — a history entry of its own, the edit right and the member's field rules, a running
 * flow's rule, the 409 of a record changed since, and webhooks and automations as for any edit.
 */
let server: TestServer;
let w: FlowWorld;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ webhooksAllowPrivate: true });
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const FULL = {
  add: ['manager', 'member'],
  view: ['manager', 'member'],
  edit: ['manager', 'member'],
  delete: ['manager', 'member'],
};

async function setPermissions(t: Table, permissions: Record<string, unknown>) {
  const res = await w.team.owner.request('PUT', t.base, { body: { permissions } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

interface Item {
  id: string;
  version: number;
  data: Record<string, unknown>;
}
interface Entry {
  id?: string;
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
}

async function create(t: Table, p: Person, data: Record<string, unknown>): Promise<Item> {
  const res = await p.client.request('POST', `${t.base}/records`, { body: { data } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

async function update(t: Table, p: Person, r: Item, data: Record<string, unknown>): Promise<Item> {
  const res = await p.client.request('PATCH', `${t.base}/records/${r.id}`, { body: { version: r.version, data } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

async function history(t: Table, p: Person, id: string): Promise<Entry[]> {
  const res = await p.client.request('GET', `${t.base}/records/${id}/history`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

function restore(t: Table, p: Person, id: string, body: Record<string, unknown>) {
  const path = RecordEndpoints.restore.path
    .replace(':appCode', w.appCode)
    .replace(':schemaCode', t.schemaCode)
    .replace(':id', id);
  return p.client.request(RecordEndpoints.restore.method, path, { body });
}

describe('restoring one field', { timeout: 120_000 }, () => {
  it('writes that field’s value of the version as a new edit with its own history entry', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const r1 = await create(t, w.alice, { [t.f.title]: '差旅', [t.f.amount]: 100, [t.f.note]: '初稿' });
    const r2 = await update(t, w.alice, r1, { [t.f.amount]: 250, [t.f.note]: '改过' });
    const r3 = await update(t, w.bob, r2, { [t.f.amount]: 300 });
    const [created, firstEdit] = await history(t, w.alice, r1.id);
    expect(created?.id).toMatch(/^\d+$/);
    // The amount as the first edit left it (250), the note untouched.
    const res = await restore(t, w.alice, r1.id, { historyId: firstEdit?.id, field: t.f.amount, version: r3.version });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ version: r3.version + 1, data: { [t.f.amount]: 250, [t.f.note]: '改过' } });
    const after = await history(t, w.alice, r1.id);
    expect(after).toHaveLength(4);
    expect(after.at(-1)).toMatchObject({ action: 'update', changes: [{ field: t.f.amount, from: 300, to: 250 }] });
    // From the create: its value then (100).
    const back = await restore(t, w.alice, r1.id, {
      historyId: created?.id,
      field: t.f.amount,
      version: r3.version + 1,
    });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json.data.data[t.f.amount]).toBe(100);
  });

  it('refuses a field the version did not change, an unknown version, and a stale record (409, nothing written)', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const r1 = await create(t, w.alice, { [t.f.title]: '办公', [t.f.amount]: 10 });
    const r2 = await update(t, w.alice, r1, { [t.f.amount]: 20 });
    const [, edit] = await history(t, w.alice, r1.id);
    const untouched = await restore(t, w.alice, r1.id, { historyId: edit?.id, field: t.f.title, version: r2.version });
    expect(untouched.status).toBe(400);
    expect(untouched.json.fieldErrors).toEqual([
      { field: 'field', message: expect.stringContaining('该字段在此版本中没有变更') },
    ]);
    const unknown = await restore(t, w.alice, r1.id, { historyId: '999999999', version: r2.version });
    expect(unknown.status).toBe(404);
    // Another record's version is not this record's.
    const other = await create(t, w.alice, { [t.f.title]: '别的', [t.f.amount]: 1 });
    const [otherCreated] = await history(t, w.alice, other.id);
    expect((await restore(t, w.alice, r1.id, { historyId: otherCreated?.id, version: r2.version })).status).toBe(404);
    // Bob changed it since Alice looked: hers is refused, his change stays.
    await update(t, w.bob, r2, { [t.f.amount]: 30 });
    const stale = await restore(t, w.alice, r1.id, { historyId: edit?.id, field: t.f.amount, version: r2.version });
    expect(stale.status).toBe(409);
    const now = (await w.alice.client.request('GET', `${t.base}/records/${r1.id}`)).json.data;
    expect(now.data[t.f.amount]).toBe(30);
    expect(await history(t, w.alice, r1.id)).toHaveLength(3);
  });
});

describe('restoring the whole record', { timeout: 120_000 }, () => {
  it('brings every field back to how the record was right after the version, in one edit', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const r1 = await create(t, w.alice, { [t.f.title]: '采购', [t.f.amount]: 5, [t.f.note]: '甲' });
    const r2 = await update(t, w.alice, r1, { [t.f.title]: '采购单', [t.f.amount]: 6 });
    const r3 = await update(t, w.bob, r2, { [t.f.note]: '乙', [t.f.handler]: [w.bob.memberId] });
    const r4 = await update(t, w.alice, r3, { [t.f.amount]: 7 });
    const [, second] = await history(t, w.alice, r1.id);
    const res = await restore(t, w.alice, r1.id, { historyId: second?.id, version: r4.version });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.data).toMatchObject({
      [t.f.title]: '采购单',
      [t.f.amount]: 6,
      [t.f.note]: '甲',
      [t.f.handler]: null,
    });
    const entries = await history(t, w.alice, r1.id);
    expect(entries).toHaveLength(5);
    const last = entries.at(-1);
    expect(last?.action).toBe('update');
    expect(new Set(last?.changes.map((c) => c.field))).toEqual(new Set([t.f.amount, t.f.note, t.f.handler]));
    // Restoring the version it is already at writes nothing.
    const again = await restore(t, w.alice, r1.id, { historyId: second?.id, version: r4.version + 1 });
    expect(again.status).toBe(200);
    expect(again.json.data.version).toBe(r4.version + 1);
    expect(await history(t, w.alice, r1.id)).toHaveLength(5);
  });
});

describe('rights and rules', { timeout: 180_000 }, () => {
  it('needs the edit right; a read-only field is refused by name; a hidden field is left as it is', async () => {
    const t = await newTable(w);
    await setPermissions(t, {
      ...FULL,
      fields: { [t.f.amount]: { member: 'readonly' }, [t.f.secret]: { member: 'hidden' } },
    });
    const r1 = await create(t, w.dave, { [t.f.title]: '招待', [t.f.amount]: 80, [t.f.note]: '一', [t.f.secret]: '甲' });
    const r2 = await update(t, w.dave, r1, { [t.f.amount]: 90, [t.f.secret]: '乙' });
    const r3 = await update(t, w.dave, r2, { [t.f.note]: '二' });
    const entries = await history(t, w.alice, r1.id);
    const [created, amountEdit] = entries;
    // The amount is read-only for members: neither the field nor a version that differs in it.
    const field = await restore(t, w.alice, r1.id, { historyId: created?.id, field: t.f.amount, version: r3.version });
    expect(field.status).toBe(400);
    expect(field.json.fieldErrors).toEqual([{ field: t.f.amount, message: '金额为只读字段，不能修改' }]);
    const whole = await restore(t, w.alice, r1.id, { historyId: created?.id, version: r3.version });
    expect(whole.status).toBe(400);
    expect(JSON.stringify(whole.json)).toContain('金额为只读字段');
    // The hidden field is not hers to restore, by name or with the record.
    const hidden = await restore(t, w.alice, r1.id, {
      historyId: amountEdit?.id,
      field: t.f.secret,
      version: r3.version,
    });
    expect(hidden.status).toBe(400);
    const ok = await restore(t, w.alice, r1.id, { historyId: amountEdit?.id, version: r3.version });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const seenByDave = (await w.dave.client.request('GET', `${t.base}/records/${r1.id}`)).json.data;
    expect(seenByDave.data).toMatchObject({ [t.f.note]: '一', [t.f.amount]: 90, [t.f.secret]: '乙' });
    // The manager restores the amount and the hidden field alike.
    const manager = await restore(t, w.dave, r1.id, { historyId: created?.id, version: seenByDave.version });
    expect(manager.status, JSON.stringify(manager.json)).toBe(200);
    expect(manager.json.data.data).toMatchObject({ [t.f.amount]: 80, [t.f.secret]: '甲' });
    // Without the edit right, nothing.
    await setPermissions(t, { ...FULL, edit: ['manager'] });
    const denied = await restore(t, w.alice, r1.id, { historyId: created?.id, version: manager.json.data.version });
    expect(denied.status).toBe(403);
  });

  it('leaves a record in a running flow to the flow', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob))]);
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '流程中', [t.f.amount]: 1 });
    const id = started.record.id;
    const [first] = await history(t, w.alice, id);
    const item = (await w.alice.client.request('GET', `${t.base}/records/${id}`)).json.data;
    const res = await restore(t, w.alice, id, { historyId: first?.id, field: t.f.amount, version: item.version });
    // Nothing differs yet: answered as it is, nothing written.
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.version).toBe(item.version);
    const edited = await w.team.owner.request('PATCH', `${t.base}/records/${id}`, {
      body: { version: item.version, data: { [t.f.amount]: 2 } },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const refused = await restore(t, w.alice, id, {
      historyId: first?.id,
      field: t.f.amount,
      version: edited.json.data.version,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.errorMessage).toBeTruthy();
  });
});

describe('what follows a restore', { timeout: 120_000 }, () => {
  it('is what follows any edit: the webhook’s record.updated and the automation’s updated trigger', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const hook = await w.team.owner.request('POST', `${t.base}/webhooks`, {
      body: { url: `${receiver.base}/restored`, events: ['record.updated'] },
    });
    expect(hook.status, JSON.stringify(hook.json)).toBe(200);
    const r1 = await create(t, w.alice, { [t.f.title]: '会恢复', [t.f.note]: '原样' });
    const r2 = await update(t, w.alice, r1, { [t.f.note]: '改坏了' });
    const made = await automation(w, '备注恢复了', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['updated'], fields: [t.f.note] },
      steps: [],
    });
    const [created] = await history(t, w.alice, r1.id);
    const res = await restore(t, w.alice, r1.id, { historyId: created?.id, field: t.f.note, version: r2.version });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [run] = await ended(w, made, 1);
    expect(run?.trigger).toMatchObject({ event: 'updated', changed: [t.f.note] });
    const got = () => receiver.received.filter((r) => r.path === '/restored');
    await expect
      .poll(
        async () => {
          await server.app.webhooks.drain();
          return got().length;
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    const last = JSON.parse(got().at(-1)?.body ?? '{}');
    expect(last.event).toBe('record.updated');
    expect(JSON.stringify(last)).toContain(r1.id);
    expect(JSON.stringify(last)).toContain('原样');
  });
});
