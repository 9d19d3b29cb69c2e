import type { FieldRuleLevel, FieldRules, RecordItem, WorkflowNode } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { FieldProblem } from '../../http/app-error.js';
import { presentRecord } from '../records/field-guard.js';
import { settingsOf } from '../records/validation.js';
import type { SchemaContext } from '../schema-context/context.js';
import { derivedHidden } from '../schema-context/permissions.js';

interface SubColumn {
  code: string;
  name: string;
}

function subColumns(f: FieldsTable): SubColumn[] {
  if (f.type !== 'subTable') return [];
  return ((settingsOf(f) as { fields?: SubColumn[] }).fields ?? []).map((c) => ({ code: c.code, name: c.name }));
}

/** A node's own rules and the level a field it does not name gets there. */
export function nodeRules(node: WorkflowNode | undefined): { rules: FieldRules; fallback: FieldRuleLevel } {
  if (!node || !('fieldRules' in node.settings)) return { rules: {}, fallback: 'readonly' };
  return { rules: node.settings.fieldRules, fallback: node.type === 'start' ? 'editable' : 'readonly' };
}

const order: FieldRuleLevel[] = ['hidden', 'readonly', 'editable', 'required'];
/** The stricter of two levels (the table's rules always win over a node's more generous one). */
const stricter = (a: FieldRuleLevel, b: FieldRuleLevel) => (order.indexOf(a) <= order.indexOf(b) ? a : b);

/**
 * Every live field's (and sub-table column's) level at this node for this member: the node's rule
 * (or its default), never more than the table's own field rules allow, read-only for fields only the
 * system writes. Rules naming deleted fields are simply absent.
 */
export function effectiveRules(ctx: SchemaContext, node: WorkflowNode | undefined): FieldRules {
  const { rules, fallback } = nodeRules(node);
  const out: FieldRules = {};
  for (const f of ctx.fields) {
    if (f.deleted_at !== null) continue;
    let level: FieldRuleLevel = rules[f.code] ?? fallback;
    if (ctx.rights.hidden.has(f.code)) level = 'hidden';
    else if (ctx.rights.readonly.has(f.code) || fieldType(f.type)?.system) level = stricter(level, 'readonly');
    out[f.code] = level;
    // A sub-table column follows its field unless named itself; it can never be more open than it.
    for (const c of subColumns(f)) {
      const key = `${f.code}.${c.code}`;
      let column: FieldRuleLevel =
        level === 'hidden' ? 'hidden' : (rules[key] ?? (level === 'required' ? 'editable' : level));
      if (level === 'readonly') column = stricter(column, 'readonly');
      out[key] = column;
    }
  }
  // A formula or lookup reading a field hidden at this node would show it: hidden too.
  const hidden = new Set(Object.keys(out).filter((code) => out[code] === 'hidden' && !code.includes('.')));
  for (const code of derivedHidden(ctx.fields, hidden)) if (out[code]) out[code] = 'hidden';
  return out;
}

/**
 * The table as the member sees it at this node: hidden fields are the table's and the node's;
 * everything not editable there is read-only; the node reaches its record whatever the row rule.
 * Record writes through this context get the records service's validation and history.
 */
export function nodeContext(ctx: SchemaContext, rules: FieldRules): SchemaContext {
  const hidden = new Set<string>();
  const readonly = new Set<string>();
  for (const [code, level] of Object.entries(rules)) {
    if (code.includes('.')) continue;
    if (level === 'hidden') hidden.add(code);
    else if (level === 'readonly') readonly.add(code);
  }
  const all = { scope: 'all' } as const;
  return { ...ctx, rights: { ...ctx.rights, hidden, readonly, rows: all, editRows: all, deleteRows: all } };
}

/** The record as the node shows it: hidden fields gone, hidden sub-table columns gone from every row. */
export function presentForNode(ctx: SchemaContext, rules: FieldRules, item: RecordItem): RecordItem {
  const shown = presentRecord(nodeContext(ctx, rules), item);
  const data = { ...shown.data };
  for (const f of ctx.fields) {
    const hiddenColumns = subColumns(f)
      .map((c) => c.code)
      .filter((c) => rules[`${f.code}.${c}`] === 'hidden');
    const rows = data[f.code];
    if (!hiddenColumns.length || !Array.isArray(rows)) continue;
    data[f.code] = rows.map((row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).filter(([k]) => !hiddenColumns.includes(k))),
    );
  }
  return { ...shown, data };
}

/**
 * Sub-table rows sent at a node keep the values of columns the node hides or locks: those are
 * taken from the stored row of the same id (a new row gets them empty).
 */
export function protectSubTables(
  ctx: SchemaContext,
  rules: FieldRules,
  data: Record<string, unknown>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...data };
  for (const f of ctx.fields) {
    const rows = out[f.code];
    if (!Array.isArray(rows)) continue;
    const locked = subColumns(f)
      .map((c) => c.code)
      .filter((c) => ['hidden', 'readonly'].includes(rules[`${f.code}.${c}`] ?? ''));
    if (!locked.length) continue;
    const before = new Map(
      ((current[f.code] as Record<string, unknown>[] | null) ?? []).map((r) => [String(r.id), r] as const),
    );
    out[f.code] = rows.map((row: unknown) => {
      if (typeof row !== 'object' || row === null) return row;
      const r = { ...(row as Record<string, unknown>) };
      const old = before.get(String(r.id));
      for (const c of locked) r[c] = old ? (old[c] ?? null) : null;
      return r;
    });
  }
  return out;
}

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Fields (and sub-table columns) the node requires that are empty in the record's values. */
export function missingRequired(
  ctx: SchemaContext,
  rules: FieldRules,
  values: Record<string, unknown>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const f of ctx.fields) {
    if (f.deleted_at !== null) continue;
    if (rules[f.code] === 'required' && empty(values[f.code])) {
      problems.push({ field: f.code, key: 'validate.required', label: f.name });
      continue;
    }
    const rows = values[f.code];
    if (!Array.isArray(rows)) continue;
    for (const c of subColumns(f)) {
      if (rules[`${f.code}.${c.code}`] !== 'required') continue;
      if (rows.some((r: Record<string, unknown>) => empty(r[c.code])))
        problems.push({ field: f.code, key: 'validate.required', label: `${f.name}.${c.name}` });
    }
  }
  return problems;
}
