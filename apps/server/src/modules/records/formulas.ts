import {
  evaluateFormula,
  type FileRef,
  formulaReferences,
  type Location,
  parseFormula,
  type SelectOption,
  type SubRow,
} from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import { settingsOf } from './validation.js';

/** What a field's value looks like inside a formula: option labels, file names, an address. */
function formulaInput(field: FieldsTable, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const settings = settingsOf(field) as { options?: SelectOption[] };
  const label = (id: unknown) => settings.options?.find((o) => o.id === id)?.label ?? id;
  switch (field.type) {
    case 'singleSelect':
      return label(value);
    case 'multiSelect':
      return (value as unknown[]).map(label);
    case 'attachment':
    case 'image':
      return (value as FileRef[]).map((f) => f.name);
    case 'location':
      return (value as Location).address;
    case 'subTable':
      return (value as SubRow[]).length;
    default:
      return value;
  }
}

/** Formula fields ordered so that each comes after the formulas it uses. */
export function formulaOrder(fields: FieldsTable[]): FieldsTable[] {
  const formulas = fields.filter((f) => f.type === 'formula');
  const byName = new Map(formulas.map((f) => [f.name, f]));
  const ordered: FieldsTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (f: FieldsTable): boolean => {
    if (state.get(f.code) === 'done') return true;
    if (state.get(f.code) === 'visiting') return false;
    state.set(f.code, 'visiting');
    const expression = (JSON.parse(f.settings) as { expression: string }).expression;
    for (const name of formulaReferences(expression)) {
      const dep = byName.get(name);
      if (dep && !visit(dep)) return false;
    }
    state.set(f.code, 'done');
    ordered.push(f);
    return true;
  };
  for (const f of formulas) if (!visit(f)) throw new Error('formula cycle');
  return ordered;
}

/** Computes a record's formulas from its values (by field code): column → stored value. */
export type FormulaComputer = (values: Record<string, unknown>, now: Date) => Record<string, unknown>;

/**
 * Prepares a table's formulas once — dependency order, parsed expressions — for computing many
 * records (a batch write, a recomputation job walks the whole table with one). Each formula sees the
 * values computed before it; one that fails to evaluate is stored empty rather than failing the save.
 */
export function compileFormulas(fields: FieldsTable[]): FormulaComputer {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const plan = formulaOrder(fields).map((f) => ({
    field: f,
    parsed: parseFormula((JSON.parse(f.settings) as { expression: string }).expression),
  }));
  if (!plan.length) return () => ({});
  return (values, now) => {
    const current = { ...values };
    const columns: Record<string, unknown> = {};
    for (const { field, parsed } of plan) {
      let result: unknown = null;
      if (parsed.ok) {
        const evaluated = evaluateFormula(parsed.ast, {
          now: () => now,
          field: (name) => {
            const ref = byName.get(name);
            return ref ? formulaInput(ref, current[ref.code] ?? null) : undefined;
          },
        });
        result = evaluated.ok ? evaluated.value : null;
      }
      current[field.code] = result;
      columns[field.column_name] = result === null ? null : JSON.stringify(result);
    }
    return columns;
  };
}

/** Every formula of one record (see compileFormulas). */
export function computeFormulas(
  fields: FieldsTable[],
  values: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  return compileFormulas(fields)(values, now);
}
