import type {
  FieldRules,
  FormLayout,
  Language,
  RecordItem,
  TodoAbout,
  TodoSummaryEntry,
  WorkflowDefinition,
  WorkflowNode,
} from '@canopy/contract';
import { WorkItemState } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { valueText } from '../print/document.js';
import type { RecordQueryService } from '../records/query-service.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { NameBook } from '../transfer/cells.js';
import type { WorkflowContexts } from '../workflow/contexts.js';
import { effectiveRules, presentForNode } from '../workflow/field-rules.js';
import type { WorkflowRepository } from '../workflow/repository.js';
import type { TodoRepository, TodoRow } from './repository.js';

/** Fields whose value reads badly in one line: never a default summary field. */
const LONG_TYPES = new Set(['subTable', 'attachment', 'image', 'richText', 'textarea', 'location']);
const MEMBER_TYPES = new Set(['member', 'createdBy', 'modifiedBy']);

export interface AboutDeps {
  repo: TodoRepository;
  workflows: WorkflowRepository;
  contexts: Pick<WorkflowContexts, 'forMemberMany'>;
  records: Pick<RecordQueryService, 'findItems' | 'relationTitles'>;
  /** The table's form as it is filled (the schemas module's), for the default summary's order. */
  layoutOf: (ctx: SchemaContext) => FormLayout;
}

/** The flow versions of a page of rows, parsed: `code@version` → definition. */
export type Definitions = Map<string, WorkflowDefinition>;
export const versionKey = (code: string, version: number) => `${code}@${version}`;

/** The node a row's reader looks at the record from: their item's, or the start node for what they started. */
function nodeOf(row: TodoRow, defs: Definitions): WorkflowNode | undefined {
  const nodes = defs.get(versionKey(row.workflow_code, row.workflow_version))?.nodes ?? [];
  return row.node_id ? nodes.find((n) => n.id === row.node_id) : nodes.find((n) => n.type === 'start');
}

/** The fields the record's title is made of (title.ts's rule): the summary need not repeat them. */
function titleCodes(ctx: SchemaContext): Set<string> {
  const live = ctx.fields.filter((f) => f.deleted_at === null);
  const format = ctx.schema.title_format;
  if (format) return new Set(live.filter((f) => format.includes(`{${f.name}}`)).map((f) => f.code));
  const field = live.find((f) => f.code === ctx.schema.title_field_code) ?? live.find((f) => f.type === 'text');
  return new Set(field ? [field.code] : []);
}

/** The summary's fields in order: the flow's choice, else the first three of the form; only those shown at the node. */
function summaryFields(ctx: SchemaContext, rules: FieldRules, chosen: string[] | undefined, form: FormLayout) {
  const shown = (f: FieldsTable | undefined): f is FieldsTable =>
    f !== undefined && f.deleted_at === null && rules[f.code] !== undefined && rules[f.code] !== 'hidden';
  const byCode = new Map(ctx.fields.map((f) => [f.code, f]));
  if (chosen) return chosen.map((code) => byCode.get(code)).filter(shown);
  const inTitle = titleCodes(ctx);
  return form.sections
    .flatMap((s) => s.fields.filter((f) => !f.hidden).map((f) => byCode.get(f.code)))
    .filter(shown)
    .filter((f) => !LONG_TYPES.has(f.type) && !fieldType(f.type)?.system && !inTitle.has(f.code))
    .slice(0, 3);
}

/**
 * What each row of a to-do page is about, read for the whole page at once: the tables' contexts in
 * four queries, each table's records in one, the names and departments the summaries show in one
 * each, the deadlines in one, plus one per related table a summary shows a link or a lookup of —
 * never a query per item. Each record is seen as the reader sees it at the row's node
 * (`effectiveRules` / `presentForNode`, the approval page's rules): a hidden field is in neither the
 * title nor the summary.
 */
export async function aboutRows(
  deps: AboutDeps,
  tenant: TenantContext,
  lang: Language,
  rows: TodoRow[],
  defs: Definitions,
): Promise<Map<string, TodoAbout | null>> {
  const out = new Map<string, TodoAbout | null>();
  if (!rows.length) return out;
  const tables = [...new Map(rows.map((r) => [r.schema_code, { appCode: r.app_code, schemaCode: r.schema_code }]))];
  const [contexts, settings, deadlines] = await Promise.all([
    deps.contexts.forMemberMany(
      tenant,
      tables.map(([, t]) => t),
    ),
    deps.repo.publishedSettings(tenant.engineCode, [...new Set(rows.map((r) => r.workflow_code))]),
    deps.repo.deadlines(
      tenant.engineCode,
      rows.filter((r) => r.node_id && r.item_state === WorkItemState.Todo).map((r) => r.item_id),
    ),
  ]);

  // Each row's record as its reader sees it at its node, and the fields its summary shows.
  const picked: { row: TodoRow; ctx: SchemaContext; item: RecordItem; fields: FieldsTable[] }[] = [];
  const relationTitles = new Map<string, string>();
  for (const [schemaCode, ctx] of contexts) {
    const mine = rows.filter((r) => r.schema_code === schemaCode);
    const items = new Map(
      (
        await deps.records.findItems(
          ctx,
          mine.map((r) => r.record_id),
        )
      ).map((i) => [i.id, i]),
    );
    const form = deps.layoutOf(ctx);
    const shownHere: RecordItem[] = [];
    for (const row of mine) {
      const raw = items.get(row.record_id);
      if (!raw) continue;
      const rules = effectiveRules(ctx, nodeOf(row, defs));
      const item = presentForNode(ctx, rules, raw);
      const fields = summaryFields(ctx, rules, settings.get(row.workflow_code)?.summaryFields, form);
      picked.push({ row, ctx, item, fields });
      shownHere.push(item);
    }
    // Links are shown by their titles, within the reader's rules in the linked table.
    const linkFields = new Set(
      picked.filter((p) => p.ctx === ctx).flatMap((p) => p.fields.filter((f) => f.type === 'relation')),
    );
    if (linkFields.size)
      for (const [id, title] of await deps.records.relationTitles(ctx, shownHere)) relationTitles.set(id, title);
  }

  const ids = (types: Set<string>) =>
    picked.flatMap(({ item, fields }) =>
      fields.filter((f) => types.has(f.type)).flatMap((f) => [item.data[f.code] ?? []].flat().map(String)),
    );
  const [members, departments] = await Promise.all([
    deps.workflows.memberNames(tenant.engineCode, ids(MEMBER_TYPES)),
    deps.repo.departmentNames(tenant.engineCode, ids(new Set(['department']))),
  ]);
  const names: NameBook = { members, departments, memberByName: new Map(), departmentByName: new Map() };
  const sources = { names, relationTitles, timelines: new Map(), linkOf: () => '', lang };

  for (const row of rows) out.set(row.item_id, null);
  for (const { row, item, fields } of picked) {
    const summary: TodoSummaryEntry[] = fields
      .map((f) => ({ code: f.code, label: f.name, text: valueText(f, item.data[f.code], sources) }))
      .filter((e) => e.text !== '');
    out.set(row.item_id, {
      // A record without a title the reader may see is titled by its id: say nothing rather than that.
      title: item.title === item.id ? '' : item.title,
      summary,
      deadline: deadlines.get(row.item_id) ?? null,
    });
  }
  return out;
}
