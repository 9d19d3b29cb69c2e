import { CommentEndpoints, type Endpoint } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createAppTable, createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { exportPackage, finishedTask, installPackage } from './package-helpers.js';

/**
 * Record comments carried where records go (issue 31): each write of a comment is an entry of the
 * application log, and an app package with its data takes the comments along — an install writes
 * them on the records' new ids, people of another team left out the way records' people are.
 */
let server: TestServer;
let teamA: TeamFixture;
let teamB: TeamFixture;
let alice: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let base: string;
let title: string;

const ok = async <T extends { status: number; json: unknown }>(p: Promise<T>): Promise<T> => {
  const res = await p;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
};

/** A contract endpoint called with its path's parameters filled in. */
function call(client: TestClient, e: Endpoint, p: Record<string, string>, body?: unknown) {
  const path = e.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(p[k] ?? ''));
  return client.request(e.method, path, body === undefined ? {} : { body });
}

async function record(name: string): Promise<string> {
  const res = await ok(teamA.owner.request('POST', `${base}/records`, { body: { data: { [title]: name } } }));
  return res.json.data.id;
}

async function comment(id: string, body: string, mentions: string[] = []): Promise<string> {
  const res = await ok(call(teamA.owner, CommentEndpoints.create, { appCode, schemaCode, id }, { body, mentions }));
  return res.json.data.comment.id;
}

interface ThreadItem {
  id: string;
  authorId: string;
  body: string;
  mentions: { memberId: string }[];
  editedAt: number | null;
  createdAt: number;
}

async function threadOf(client: TestClient, p: { appCode: string; schemaCode: string; id: string }) {
  return (await ok(call(client, CommentEndpoints.list, p))).json.data.comments as ThreadItem[];
}

interface Entry {
  id: string;
  action: string;
  kind: string;
  recordId: string;
  recordTitle: string;
  targetType: string;
  targetId: string;
  memberId: string;
  schemaCode: string;
  appCode: string;
}

beforeAll(async () => {
  server = await startTestServer();
  teamA = await createTeam(server, '评论团队');
  teamB = await createTeam(server, '另一团队');
  alice = await joinTeam(server, teamA, '艾丽');
  await ok(
    teamA.owner.request('PUT', '/v1/corp/features', { body: { featureList: ['Applog', 'TemplateInstallByUpload'] } }),
  );
  ({ appCode, schemaCode, base } = await createAppTable(teamA, '客服', '工单'));
  title = (await ok(teamA.owner.request('POST', `${base}/fields`, { body: { name: '标题', type: 'text' } }))).json.data
    .code;
  await ok(teamA.owner.request('PUT', base, { body: { titleFieldCode: title } }));
}, 120_000);
afterAll(async () => server?.close());

describe('the application log', { timeout: 120_000 }, () => {
  it('has an entry for a comment written, edited and deleted, on the record, with the text before and after', async () => {
    const id = await record('打印机坏了');
    const first = await comment(id, '已派人');
    const p = { appCode, schemaCode, id, commentId: first };
    await ok(call(teamA.owner, CommentEndpoints.update, p, { body: '已派人，明天到', mentions: [] }));
    await ok(call(teamA.owner, CommentEndpoints.remove, p));
    const res = await ok(teamA.owner.request('GET', `/v1/applog?kind=record&schemaCode=${schemaCode}&limit=100`));
    const list = (res.json.data.resultList as Entry[]).filter((e) => e.recordId === id && e.targetType === 'comment');
    expect(list.map((e) => e.action)).toEqual(['record.commentDelete', 'record.commentEdit', 'record.comment']);
    for (const e of list)
      expect(e).toMatchObject({
        kind: 'record',
        appCode,
        schemaCode,
        recordTitle: '打印机坏了',
        targetId: first,
        memberId: teamA.memberId,
      });
    const detail = async (e: Entry | undefined) =>
      (await ok(teamA.owner.request('GET', `/v1/applog/entries/${e?.id}`))).json.data.changes;
    expect(await detail(list[2])).toEqual([{ field: 'comment', name: 'comment', from: null, to: '已派人' }]);
    expect(await detail(list[1])).toEqual([
      { field: 'comment', name: 'comment', from: '已派人', to: '已派人，明天到' },
    ]);
    expect(await detail(list[0])).toEqual([{ field: 'comment', name: 'comment', from: '已派人，明天到', to: null }]);
  });

  it('writes no entry for a comment refused', async () => {
    const id = await record('无评论');
    const res = await call(teamA.owner, CommentEndpoints.create, { appCode, schemaCode, id }, { body: '  ' });
    expect(res.status).toBe(400);
    const log = await ok(teamA.owner.request('GET', `/v1/applog?schemaCode=${schemaCode}&limit=100`));
    expect(
      (log.json.data.resultList as Entry[]).filter((e) => e.recordId === id && e.targetType === 'comment'),
    ).toEqual([]);
  });
});

describe('app packages with data', { timeout: 180_000 }, () => {
  it('carry the comments: installed on the new records, authors and mentions of another team dropped', async () => {
    const a = await record('带评论的工单');
    const b = await record('没有评论的工单');
    const kept = await comment(a, '第一条\n第二行', [alice.memberId]);
    await comment(a, '第二条');
    const gone = await comment(a, '删掉的');
    await ok(
      call(
        teamA.owner,
        CommentEndpoints.update,
        { appCode, schemaCode, id: a, commentId: kept },
        {
          body: '第一条（改过）\n第二行 @艾丽',
          mentions: [alice.memberId],
        },
      ),
    );
    await ok(call(teamA.owner, CommentEndpoints.remove, { appCode, schemaCode, id: a, commentId: gone }));
    const source = await threadOf(teamA.owner, { appCode, schemaCode, id: a });
    const bytes = await exportPackage(teamA.owner, appCode);

    // Into its own team: the same people, the records' new ids.
    const own = await installPackage(teamA.owner, bytes);
    expect((await finishedTask(teamA.owner, own.taskId)).state).toBe('done');
    const ownCopy = await copyOf(teamA.owner, own.appCode);
    const [copyA, copyB] = [ownCopy.byTitle.get('带评论的工单'), ownCopy.byTitle.get('没有评论的工单')];
    expect(copyA).toBeTruthy();
    expect(copyA).not.toBe(a);
    expect(copyB).not.toBe(b);
    const ownThread = await threadOf(teamA.owner, {
      appCode: own.appCode,
      schemaCode: ownCopy.schemaCode,
      id: copyA ?? '',
    });
    expect(ownThread.map((c) => c.body)).toEqual(['第一条（改过）\n第二行 @艾丽', '第二条']);
    expect(ownThread.map((c) => c.id)).not.toContain(kept);
    expect(ownThread[0]).toMatchObject({
      authorId: teamA.memberId,
      mentions: [{ memberId: alice.memberId }],
      createdAt: source[0]?.createdAt,
      editedAt: source[0]?.editedAt,
    });
    expect(ownThread[0]?.editedAt).not.toBeNull();
    expect(
      await threadOf(teamA.owner, { appCode: own.appCode, schemaCode: ownCopy.schemaCode, id: copyB ?? '' }),
    ).toEqual([]);
    // The source's thread is untouched by the copy.
    expect((await threadOf(teamA.owner, { appCode, schemaCode, id: a })).map((c) => c.id)).toEqual(
      source.map((c) => c.id),
    );

    // Into another team: its installer writes what team A's people wrote; team A's mentions are dropped.
    const other = await installPackage(teamB.owner, bytes);
    expect((await finishedTask(teamB.owner, other.taskId)).state).toBe('done');
    const otherCopy = await copyOf(teamB.owner, other.appCode);
    const otherA = otherCopy.byTitle.get('带评论的工单') ?? '';
    const otherThread = await threadOf(teamB.owner, {
      appCode: other.appCode,
      schemaCode: otherCopy.schemaCode,
      id: otherA,
    });
    expect(otherThread.map((c) => [c.body, c.authorId, c.mentions])).toEqual([
      ['第一条（改过）\n第二行 @艾丽', teamB.memberId, []],
      ['第二条', teamB.memberId, []],
    ]);
    const counts = await ok(
      call(
        teamB.owner,
        CommentEndpoints.counts,
        { appCode: other.appCode, schemaCode: otherCopy.schemaCode },
        { ids: [otherA, otherCopy.byTitle.get('没有评论的工单') ?? ''] },
      ),
    );
    expect(counts.json.data).toEqual({ [otherA]: 2 });
  });

  it('leave the comments out of a package without data', async () => {
    const bytes = await exportPackage(teamA.owner, appCode, false);
    expect(bytes.toString('latin1')).not.toContain('data/t0.jsonl');
  });
});

/** An installed copy's only table and its records' ids by title (codes read where the install wrote them). */
async function copyOf(client: TestClient, installed: string) {
  const db = server.database.handle.db;
  const table = await db
    .selectFrom('function_nodes')
    .select('code')
    .where('app_code', '=', installed)
    .where('type', '=', 'Schema')
    .executeTakeFirstOrThrow();
  const titleField = await db
    .selectFrom('fields')
    .select('code')
    .where('schema_code', '=', table.code)
    .where('name', '=', '标题')
    .executeTakeFirstOrThrow();
  const res = await ok(
    client.request('POST', `/v1/apps/${installed}/schemas/${table.code}/records/query`, { body: { limit: 100 } }),
  );
  const byTitle = new Map<string, string>(
    (res.json.data.resultList as { id: string; data: Record<string, string> }[]).map((r) => [
      r.data[titleField.code] as string,
      r.id,
    ]),
  );
  return { schemaCode: table.code, byTitle };
}
