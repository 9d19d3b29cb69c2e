import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
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
 * Print: templates per table (designers save them, refusals name the block), and printing records to
 * a document and a PDF whose text is real text — within the viewer's field and row rules.
 */
let server: TestServer;
let w: FlowWorld;
let t: Table;
let status: string;
let day: string;
const ids: Record<string, string> = {};
let imageId: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const templatesUrl = () => `${t.base}/print-templates`;

function template(blocks: unknown[], extra: Record<string, unknown> = {}) {
  return {
    name: '报销单',
    page: { size: 'A4', orientation: 'portrait', margins: { top: 15, right: 12, bottom: 15, left: 12 } },
    header: '{title} 打印于 {date}',
    footer: '第 {page} 页 / 共 {pages} 页',
    blocks,
    ...extra,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  t = await newTable(w);
  const owner = w.team.owner;
  const field = async (name: string, type: string, settings?: Record<string, unknown>) => {
    const res = await owner.request('POST', `${t.base}/fields`, {
      body: { name, type, ...(settings ? { settings } : {}) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  status = await field('状态', 'singleSelect', {
    options: [
      { id: 'ok', label: '已核对', color: 'green' },
      { id: 'wait', label: '待核对', color: 'blue' },
    ],
  });
  day = await field('报销日期', 'date');
  // Members see the 公开 rows only, and never 内部说明.
  const all = ['manager', 'member'];
  const permissions = {
    add: all,
    view: all,
    edit: all,
    delete: all,
    fields: { [t.f.secret]: { member: 'hidden' } },
    rows: {
      member: {
        scope: 'filter',
        filter: { op: 'and', conditions: [{ field: t.f.note, operator: 'eq', value: '公开' }] },
      },
    },
  };
  const put = await owner.request('PUT', t.base, { body: { permissions } });
  expect(put.status, JSON.stringify(put.json)).toBe(200);

  await publish(w, t, [startNode('a'), approveNode('a', members(w.dave))]);
  const started = await startFlow(w, t, w.owner, {
    [t.f.title]: '差旅报销',
    [t.f.amount]: 1234,
    [t.f.note]: '公开',
    [t.f.secret]: '机密内容甲',
    [t.f.handler]: [w.alice.memberId],
    [t.f.items]: [
      { name: '机票', cost: 1200 },
      { name: '出租车', cost: 34 },
    ],
    [status]: 'ok',
    [day]: '2026-11-20',
  });
  ids.travel = started.record.id;
  await actOk(w.dave, started.instance.instanceId, 'approval', { comment: '同意报销' });
  const create = async (data: Record<string, unknown>) => {
    const res = await owner.request('POST', `${t.base}/records`, { body: { data } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.id as string;
  };
  ids.office = await create({
    [t.f.title]: '办公采购',
    [t.f.amount]: 560,
    [t.f.note]: '公开',
    [t.f.secret]: '机密内容乙',
  });
  ids.hidden = await create({ [t.f.title]: '保密项目', [t.f.amount]: 9, [t.f.note]: '保密' });
  const upload = await owner.upload('/v1/files?kind=image', 'logo.png', PNG, { 'x-app-name': 'canopy-web' });
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  imageId = upload.json.data.id;
});
afterAll(async () => server?.close());

describe('print templates', () => {
  it('only the app designers save templates; refusals name the block or setting', async () => {
    const owner = w.team.owner;
    const denied = await w.alice.client.request('POST', templatesUrl(), { body: template([]) });
    expect(denied.status).toBe(403);

    const bad = await owner.request('POST', templatesUrl(), {
      body: template([
        { kind: 'text', text: '报销单', style: 'title', align: 'center' },
        { kind: 'field', field: 'nope', width: 'full' },
        { kind: 'subTable', field: t.f.title },
        { kind: 'image', fileId: 'missing', width: 30, align: 'left' },
      ]),
    });
    expect(bad.status).toBe(400);
    const errors = bad.json.fieldErrors as { field: string; message: string }[];
    expect(errors).toEqual([
      { field: 'blocks[1].field', message: '第 2 个内容块的字段不存在或已删除' },
      { field: 'blocks[2].field', message: '第 3 个内容块要选择子表单字段，“标题”不是子表单' },
      { field: 'blocks[3].fileId', message: '第 4 个内容块的图片不存在，请重新上传' },
    ]);

    const unnamed = await owner.request('POST', templatesUrl(), { body: template([], { name: '  ' }) });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.fieldErrors).toEqual([{ field: 'name', message: '请输入模板名称' }]);

    const custom = await owner.request('POST', templatesUrl(), {
      body: template([], {
        page: { size: 'custom', orientation: 'portrait', margins: { top: 40, right: 10, bottom: 40, left: 10 } },
      }),
    });
    expect(custom.status).toBe(400);
    expect(custom.json.fieldErrors).toEqual([{ field: 'page.width', message: '自定义纸张请填写宽度和高度' }]);

    const margins = await owner.request('POST', templatesUrl(), {
      body: template([], {
        page: {
          size: 'custom',
          width: 60,
          height: 90,
          orientation: 'portrait',
          margins: { top: 10, right: 25, bottom: 10, left: 25 },
        },
      }),
    });
    expect(margins.status).toBe(400);
    expect(margins.json.fieldErrors).toEqual([{ field: 'page.margins', message: '页边距太大，纸张上放不下内容' }]);

    const shape = await owner.request('POST', templatesUrl(), {
      body: template([{ kind: 'qr', size: 500, align: 'left' }]),
    });
    expect(shape.status).toBe(400);
    expect((shape.json.fieldErrors as { field: string }[])[0]?.field).toMatch(/^blocks\.0/);
  });

  it('saves, lists, changes and deletes templates', async () => {
    const owner = w.team.owner;
    const created = await owner.request('POST', templatesUrl(), {
      body: template([{ kind: 'field', field: t.f.title, width: 'full' }], { name: '临时模板' }),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.id as string;

    const changed = await owner.request('PUT', `${templatesUrl()}/${id}`, {
      body: template([{ kind: 'timeline' }], { name: '改过的模板' }),
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data.name).toBe('改过的模板');
    expect(changed.json.data.blocks).toEqual([{ kind: 'timeline' }]);

    const asMember = await w.alice.client.request('GET', templatesUrl());
    expect(asMember.status).toBe(200);
    expect(asMember.json.data.canDesign).toBe(false);
    expect(asMember.json.data.templates.map((x: { name: string }) => x.name)).toContain('改过的模板');
    expect((await owner.request('GET', templatesUrl())).json.data.canDesign).toBe(true);

    expect((await w.alice.client.request('PUT', `${templatesUrl()}/${id}`, { body: template([]) })).status).toBe(403);
    expect((await w.alice.client.request('DELETE', `${templatesUrl()}/${id}`)).status).toBe(403);
    expect((await owner.request('DELETE', `${templatesUrl()}/${id}`)).status).toBe(200);
    const gone = await owner.request('GET', `${templatesUrl()}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.errorMessage).toBe('打印模板不存在');
  });
});

describe('printing', () => {
  let templateId: string;

  beforeAll(async () => {
    const res = await w.team.owner.request('POST', templatesUrl(), {
      body: template([
        { kind: 'text', text: '费用报销单', style: 'title', align: 'center' },
        { kind: 'image', fileId: imageId, width: 20, align: 'right' },
        { kind: 'field', field: t.f.title, width: 'full' },
        { kind: 'field', field: t.f.amount, width: 'half' },
        { kind: 'field', field: status, width: 'half' },
        { kind: 'field', field: t.f.secret, width: 'half' },
        { kind: 'field', field: day, width: 'half' },
        { kind: 'field', field: t.f.handler, width: 'full' },
        { kind: 'subTable', field: t.f.items },
        { kind: 'timeline' },
        { kind: 'qr', size: 25, align: 'left' },
      ]),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    templateId = res.json.data.id;
  });

  const pdfUrl = () => `${t.base}/print/pdf`;

  it('prints two records to a PDF whose text holds the Chinese labels and values', async () => {
    const res = await w.team.owner.downloadPost(pdfUrl(), { templateId, ids: [ids.travel, ids.office] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.bytes);
    for (const words of [
      '费用报销单',
      '标题',
      '差旅报销',
      '办公采购',
      '金额',
      '1,234',
      '已核对',
      '报销日期',
      '2026-11-20',
      '内部说明',
      '机密内容甲',
      '经办人',
      '艾丽',
      '明细',
      '机票',
      '1,200',
      '审批记录',
      '审批a',
      '戴夫',
      '同意报销',
      '第 1 页 / 共 2 页',
      '第 2 页 / 共 2 页',
    ])
      expect(text, words).toContain(words);
  });

  it('resolves the document: QR link of each record, timeline only where a flow ran', async () => {
    const res = await w.team.owner.request('POST', `${t.base}/print/document`, {
      body: { templateId, ids: [ids.travel, ids.office] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [travel, office] = res.json.data.records as { id: string; items: { kind: string; url?: string }[] }[];
    expect(travel?.items.find((i) => i.kind === 'qr')?.url).toMatch(
      new RegExp(`/app/${w.appCode}/${t.schemaCode}\\?record=${ids.travel}$`),
    );
    expect(travel?.items.some((i) => i.kind === 'timeline')).toBe(true);
    expect(office?.items.some((i) => i.kind === 'timeline')).toBe(false);
  });

  it("leaves out the fields hidden from the viewer and refuses records outside the viewer's rows", async () => {
    const alice = w.alice.client;
    const res = await alice.downloadPost(pdfUrl(), { templateId, ids: [ids.travel, ids.office] });
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain('差旅报销');
    expect(text).toContain('办公采购');
    expect(text).not.toContain('内部说明');
    expect(text).not.toContain('机密内容');

    const doc = await alice.request('POST', `${t.base}/print/document`, { body: { templateId, ids: [ids.travel] } });
    expect(doc.status).toBe(200);
    expect(JSON.stringify(doc.json.data)).not.toContain('机密');

    for (const path of ['document', 'pdf']) {
      const refused = await alice.request('POST', `${t.base}/print/${path}`, {
        body: { templateId, ids: [ids.office, ids.hidden] },
      });
      expect(refused.status, path).toBe(403);
      expect(refused.json.errorMessage).toBe('无查看数据权限');
    }
  });

  it('prints at most 200 records at a time', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `r${i}`);
    for (const path of ['document', 'pdf']) {
      const res = await w.team.owner.request('POST', `${t.base}/print/${path}`, { body: { ids: many } });
      expect(res.status, path).toBe(400);
      expect(res.json.errorMessage).toBe('一次最多打印 200 条数据，当前选择了 201 条');
      const none = await w.team.owner.request('POST', `${t.base}/print/${path}`, { body: { ids: [] } });
      expect(none.status, path).toBe(400);
      expect((none.json.fieldErrors as { field: string }[])[0]?.field, path).toBe('ids');
    }
  });

  it('prints exactly 200 records, one page each', async () => {
    const create = Array.from({ length: 200 }, (_, i) => ({
      data: { [t.f.title]: `批量报销${i + 1}`, [t.f.amount]: i },
    }));
    const batch = await w.team.owner.request('POST', `${t.base}/records/batch`, { body: { create } });
    expect(batch.status, JSON.stringify(batch.json)).toBe(200);
    const many = (batch.json.data.created as { id: string }[]).map((r) => r.id);
    const res = await w.team.owner.downloadPost(`${t.base}/print/pdf`, { ids: many });
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain('批量报销1\n');
    expect(text).toContain('批量报销200');
    expect(text).toContain('第 200 页 / 共 200 页');
  });

  it('without a template prints the form in a default layout', async () => {
    const res = await w.team.owner.downloadPost(pdfUrl(), { ids: [ids.office] });
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    for (const words of ['报销', '标题', '办公采购', '金额', '560', '备注', '公开', '第 1 页 / 共 1 页'])
      expect(text, words).toContain(words);
  });

  it('prints an amount in Chinese capitals (人民币大写) where the template asks, only for numbers', async () => {
    const owner = w.team.owner;
    const zh = { 'accept-language': 'zh-CN' };
    const refused = await owner.request('POST', templatesUrl(), {
      body: template([{ kind: 'field', field: t.f.title, width: 'full', amountInWords: true }], { name: '大写' }),
      headers: zh,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors).toEqual([
      { field: 'blocks[0].amountInWords', message: expect.stringContaining('人民币大写') },
    ]);
    const tpl = await owner.request('POST', templatesUrl(), {
      body: template(
        [
          { kind: 'field', field: t.f.amount, width: 'full' },
          { kind: 'field', field: t.f.amount, width: 'full', amountInWords: true },
        ],
        { name: '大写金额' },
      ),
    });
    expect(tpl.status, JSON.stringify(tpl.json)).toBe(200);
    expect(tpl.json.data.blocks[1]).toMatchObject({ amountInWords: true });
    const body = { templateId: tpl.json.data.id, ids: [ids.travel, ids.office] };
    const doc = await owner.request('POST', `${t.base}/print/document`, { body });
    expect(doc.status, JSON.stringify(doc.json)).toBe(200);
    const texts = (doc.json.data.records as { items: { text: string }[] }[]).map((r) => r.items.map((i) => i.text));
    expect(texts.map((r) => r[1])).toEqual(['壹仟贰佰叁拾肆元整', '伍佰陆拾元整']);
    expect(texts[0]?.[0]).toContain('1,234');
    const pdf = await owner.downloadPost(`${t.base}/print/pdf`, body);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    for (const words of ['壹仟贰佰叁拾肆元整', '伍佰陆拾元整']) expect(text, words).toContain(words);
  });

  it('prints relation titles, departments, and files by name with images on the page', async () => {
    const owner = w.team.owner;
    const field = async (name: string, type: string, settings?: Record<string, unknown>) => {
      const res = await owner.request('POST', `${t.base}/fields`, {
        body: { name, type, ...(settings ? { settings } : {}) },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.code as string;
    };
    const link = await field('关联台账', 'relation', { schemaCode: w.ledger.schemaCode, multiple: false });
    const dept = await field('费用部门', 'department', { multiple: false });
    const photo = await field('票据照片', 'image');
    const attachment = await field('合同附件', 'attachment');
    const ledger = await owner.request('POST', `${w.ledger.base}/records`, {
      body: { data: { [w.ledger.subject]: '办公室租金' } },
    });
    expect(ledger.status, JSON.stringify(ledger.json)).toBe(200);
    const web = { 'x-app-name': 'canopy-web' };
    const picture = (await owner.upload('/v1/files?kind=image', '发票.png', PNG, web)).json.data;
    const contract = (await owner.upload('/v1/files', '租赁合同.pdf', Buffer.from('%PDF-1.4'), web)).json.data;
    const record = await owner.request('POST', `${t.base}/records`, {
      body: {
        data: {
          [t.f.title]: '房租报销',
          [link]: [ledger.json.data.id],
          [dept]: [w.departments.sales],
          [photo]: [picture],
          [attachment]: [contract],
        },
      },
    });
    expect(record.status, JSON.stringify(record.json)).toBe(200);
    const tpl = await owner.request('POST', templatesUrl(), {
      body: template(
        [link, dept, photo, attachment].map((code) => ({ kind: 'field', field: code, width: 'full' })),
        { name: '附件模板' },
      ),
    });
    expect(tpl.status, JSON.stringify(tpl.json)).toBe(200);
    const body = { templateId: tpl.json.data.id, ids: [record.json.data.id] };
    const doc = await owner.request('POST', `${t.base}/print/document`, { body });
    const items = doc.json.data.records[0].items as {
      label: string;
      text: string;
      files?: { isImage: boolean; url: string }[];
    }[];
    expect(items.find((i) => i.label === '票据照片')?.files).toEqual([
      { name: '发票.png', url: `/v1/files/${picture.id}`, isImage: true },
    ]);
    // A picture shows as itself, with no line of its name above it; other files are named.
    expect(items.find((i) => i.label === '票据照片')?.text).toBe('');
    expect(items.find((i) => i.label === '合同附件')?.text).toBe('租赁合同.pdf');
    const res = await owner.downloadPost(`${t.base}/print/pdf`, body);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    for (const words of ['关联台账', '办公室租金', '费用部门', '销售部', '票据照片', '合同附件', '租赁合同.pdf'])
      expect(text, words).toContain(words);
    // The picture itself is on the page (an image XObject), not only its name.
    expect(res.bytes.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });
});
