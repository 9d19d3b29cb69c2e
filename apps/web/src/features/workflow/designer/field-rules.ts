import type { FieldInfo, FieldRuleLevel, FieldRules } from '@canopy/contract';
import { FieldWebs } from '@canopy/fields/web';

/** A row of the field rules grid: a field, or a column of a sub-table (`<field>.<column>`). */
export interface RuleRow {
  key: string;
  name: string;
  /** Sub-table columns sit under their table. */
  parent?: string;
  /** Levels this row may take: system and computed fields are never editable. */
  levels: FieldRuleLevel[];
}

const ALL: FieldRuleLevel[] = ['hidden', 'readonly', 'editable', 'required'];
const VIEW_ONLY: FieldRuleLevel[] = ['hidden', 'readonly'];

interface SubColumn {
  code: string;
  name: string;
}
const subColumns = (f: FieldInfo): SubColumn[] => {
  const list = (f.settings as { fields?: unknown }).fields;
  return Array.isArray(list)
    ? list.filter((c): c is SubColumn => typeof c?.code === 'string' && typeof c?.name === 'string')
    : [];
};

/** The rows for a node: copies (cc) only see or do not see fields. */
export function ruleRows(fields: FieldInfo[], viewOnly: boolean): RuleRow[] {
  const rows: RuleRow[] = [];
  for (const f of fields) {
    if (f.deleted) continue;
    const writable = !f.system && Boolean(FieldWebs[f.type]?.Input);
    const levels = viewOnly || !writable ? VIEW_ONLY : ALL;
    rows.push({ key: f.code, name: f.name, levels });
    if (f.type === 'subTable')
      for (const c of subColumns(f)) rows.push({ key: `${f.code}.${c.code}`, name: c.name, parent: f.code, levels });
  }
  return rows;
}

/** A field not named takes the node's default: editable at the start node, read-only elsewhere. */
export const defaultLevel = (isStart: boolean): FieldRuleLevel => (isStart ? 'editable' : 'readonly');

export function levelOf(rules: FieldRules, row: RuleRow, isStart: boolean): FieldRuleLevel {
  const level = rules[row.key] ?? (row.parent ? rules[row.parent] : undefined) ?? defaultLevel(isStart);
  return row.levels.includes(level) ? level : (row.levels[row.levels.length - 1] as FieldRuleLevel);
}

/**
 * Sets one row; a sub-table's own level goes to its columns too (a hidden table hides them all).
 * Rules that say what the default already says are dropped, so the saved rules stay short; a
 * column is named whenever its table is, so nothing depends on how columns inherit.
 */
export function setLevel(
  rules: FieldRules,
  rows: RuleRow[],
  key: string,
  level: FieldRuleLevel,
  isStart: boolean,
): FieldRules {
  const next: FieldRules = { ...rules };
  const targets = [key, ...rows.filter((r) => r.parent === key).map((r) => r.key)];
  for (const k of targets) {
    const row = rows.find((r) => r.key === k);
    if (!row) continue;
    const fitting = row.levels.includes(level) ? level : (row.levels[row.levels.length - 1] as FieldRuleLevel);
    const fallback = defaultLevel(isStart);
    const inherited = row.parent ? (next[row.parent] ?? fallback) : fallback;
    if (fitting === fallback && inherited === fallback) delete next[k];
    else next[k] = fitting;
  }
  return next;
}

/** Sets every row to one level (as far as each row allows it). */
export function setAllLevels(rows: RuleRow[], level: FieldRuleLevel, isStart: boolean): FieldRules {
  let rules: FieldRules = {};
  for (const row of rows) if (!row.parent) rules = setLevel(rules, rows, row.key, level, isStart);
  return rules;
}
