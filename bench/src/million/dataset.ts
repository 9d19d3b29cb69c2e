/**
 * The million-row table: its 20 fields (as a designer would add them) and a seeded row generator.
 * Values are made the way a client sends them and then run through each field type's own `parse`
 * and `toStorage` (packages/fields), so what lands in the physical columns is exactly what the
 * product itself would store. The same seed gives the same rows on SQLite and PostgreSQL.
 */
import { fieldType } from '@canopy/fields';

/** A field to create through `POST …/fields`: `key` is the bench's own handle for it. */
export interface FieldSpec {
  key: string;
  name: string;
  type: string;
  settings?: Record<string, unknown>;
}

export interface SelectOption {
  id: string;
  label: string;
  color: string;
}

const option = (id: string, label: string, color: string): SelectOption => ({ id, label, color });

export const STATUS = [
  option('draft', '草稿', 'default'),
  option('open', '待处理', 'blue'),
  option('doing', '进行中', 'orange'),
  option('done', '已完成', 'green'),
  option('cancelled', '已取消', 'red'),
];
const STATUS_WEIGHTS = [10, 30, 25, 30, 5];
const PRIORITY = [option('high', '高', 'red'), option('mid', '中', 'orange'), option('low', '低', 'blue')];
const TAGS = [
  option('vip', '重要客户', 'gold'),
  option('rush', '加急', 'red'),
  option('export', '外贸', 'blue'),
  option('retail', '零售', 'green'),
  option('online', '线上', 'cyan'),
  option('renewal', '续约', 'purple'),
];

export const FIELDS: FieldSpec[] = [
  { key: 'name', name: '订单名称', type: 'text' },
  { key: 'code', name: '订单编号', type: 'text' },
  { key: 'description', name: '订单说明', type: 'textarea' },
  { key: 'quantity', name: '数量', type: 'number', settings: { precision: 0 } },
  { key: 'amount', name: '金额', type: 'money', settings: { precision: 2, currency: 'CNY' } },
  { key: 'discount', name: '折扣', type: 'percent', settings: { precision: 4 } },
  { key: 'orderDate', name: '下单日期', type: 'date' },
  { key: 'dueAt', name: '截止时间', type: 'datetime' },
  { key: 'status', name: '状态', type: 'singleSelect', settings: { options: STATUS } },
  { key: 'priority', name: '优先级', type: 'singleSelect', settings: { options: PRIORITY } },
  { key: 'tags', name: '标签', type: 'multiSelect', settings: { options: TAGS } },
  { key: 'paid', name: '已付款', type: 'checkbox' },
  { key: 'owner', name: '负责人', type: 'member', settings: { multiple: false } },
  { key: 'helpers', name: '协作人', type: 'member', settings: { multiple: true } },
  { key: 'phone', name: '联系电话', type: 'phone' },
  { key: 'email', name: '联系邮箱', type: 'email' },
  { key: 'url', name: '订单链接', type: 'url' },
  { key: 'department', name: '所属部门', type: 'department', settings: { multiple: false } },
  { key: 'remark', name: '备注', type: 'text' },
  { key: 'score', name: '评分', type: 'number', settings: { precision: 1, min: 0, max: 5 } },
];

/** mulberry32: small, fast, and the same sequence everywhere for the same seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REGIONS = ['华东', '华南', '华北', '西南', '东北', '西北', 'North', 'Pacific'];
const THINGS = ['采购订单', '服务合同', '设备维护', '软件授权', '年度框架', 'Consulting', 'Hardware', '物流配送'];
const WORDS = ['客户', '需要', '尽快', '交付', '确认', '价格', '包含', '安装', '培训', 'and', 'the', '发票', '合同'];

/** The people the rows belong to: who created them, owners, helpers, departments. */
export interface Population {
  /** memberIds that create rows, with their share (weights need not sum to 1). */
  creators: { memberId: string; weight: number }[];
  memberIds: string[];
  departmentIds: string[];
}

/** A generated record: system columns and the value of every field by its `key`, as a client sends it. */
export interface GeneratedRow {
  id: string;
  createdBy: string;
  createdAt: number;
  values: Record<string, unknown>;
}

const START = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

/**
 * `compact`: shorter free text and links (the CSV for the import: the product takes at most 200 MiB
 * per sheet, and 1,000,000 rows of the table's usual text run to ~330 MiB).
 */
export function rowGenerator(seed: number, people: Population, compact = false) {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const weighted = <T>(list: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = rnd() * total;
    for (let i = 0; i < list.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return list[i] as T;
    }
    return list[list.length - 1] as T;
  };
  const creatorWeights = people.creators.map((c) => c.weight);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const some = <T>(list: readonly T[], max: number): T[] => {
    const n = Math.floor(rnd() * (max + 1));
    const out = new Set<T>();
    for (let i = 0; i < n; i++) out.add(pick(list));
    return [...out];
  };
  const words = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(rnd() * (max - min + 1)) }, () => pick(WORDS)).join(' ');

  return (i: number): GeneratedRow => {
    const createdAt = START + Math.floor(i * 60_000 + rnd() * 50_000);
    const orderDay = new Date(START - 365 * DAY + Math.floor(rnd() * 900) * DAY).toISOString().slice(0, 10);
    const due = START + Math.floor(rnd() * 1000) * DAY + Math.floor(rnd() * 1440) * 60_000;
    const paid = rnd();
    return {
      id: `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
      createdBy: weighted(people.creators, creatorWeights).memberId,
      createdAt,
      values: {
        name: `${pick(REGIONS)}${pick(THINGS)} ${i + 1}`,
        code: `SO-${String(i + 1).padStart(7, '0')}`,
        description: rnd() < (compact ? 0.3 : 0.1) ? null : compact ? words(1, 2) : words(4, 30),
        quantity: 1 + Math.floor(rnd() * 1000),
        amount: Math.round(rnd() * 10_000_000) / 100,
        discount: Math.round(rnd() * 5000) / 10_000,
        orderDate: orderDay,
        dueAt: new Date(due).toISOString(),
        status: weighted(STATUS, STATUS_WEIGHTS).id,
        priority: pick(PRIORITY).id,
        tags: some(TAGS, 3).map((t) => t.id),
        paid: paid < 0.05 ? null : paid < 0.55,
        owner: [pick(people.memberIds)],
        helpers: some(people.memberIds, 3),
        phone: `1${3 + Math.floor(rnd() * 7)}${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`,
        email: compact ? `c${Math.floor(rnd() * 200_000)}@ex.cn` : `customer${Math.floor(rnd() * 200_000)}@example.com`,
        url: compact ? `http://s.cn/${i + 1}` : `https://shop.example.com/orders/${i + 1}`,
        department: [pick(people.departmentIds)],
        remark: rnd() < (compact ? 0.8 : 0.5) ? null : compact ? words(1, 1) : words(1, 6),
        score: rnd() < 0.2 ? null : Math.round(rnd() * 50) / 10,
      },
    };
  };
}

/** A field as the product created it (from its metadata): code, physical column and cleaned settings. */
export interface CreatedField extends FieldSpec {
  code: string;
  column: string;
  settings: Record<string, unknown>;
}

/**
 * Turns a generated row into column values, through each field type's own parse and toStorage:
 * a value the product would refuse stops the generator rather than landing in the table.
 */
export function storageConverter(fields: CreatedField[]) {
  const types = fields.map((f) => {
    const type = fieldType(f.type);
    if (!type) throw new Error(`unknown field type ${f.type}`);
    return { f, type };
  });
  return (row: GeneratedRow): unknown[] =>
    types.map(({ f, type }) => {
      const parsed = type.parse(row.values[f.key], f.settings);
      if (!parsed.ok) throw new Error(`row ${row.id}: ${f.key} = ${JSON.stringify(row.values[f.key])}: ${parsed.key}`);
      return type.toStorage(parsed.value, f.settings);
    });
}
