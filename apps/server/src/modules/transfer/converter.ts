import { type DefaultEnv, fieldType } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import { sanitizeRichText } from '../apps/sanitize.js';
import { guardWrite } from '../records/field-guard.js';
import { compileFormulas } from '../records/formulas.js';
import { fieldDefault, liveFields, settingsOf } from '../records/validation.js';
import type { SchemaContext } from '../schema-context/context.js';
import { compileImportCell, type NameBook, UNKNOWN_NAME } from './cells.js';
import { fastDay, fastMoment, fastNumber, MISS } from './fast-cells.js';

/** A sheet column mapped to a field. */
export interface ColumnPlan {
  index: number;
  field: FieldsTable;
}

/** One sheet row as the physical columns of a new record, or the problems of its fields. */
export type Converted = { ok: true; values: unknown[] } | { ok: false; problems: FieldProblem[] };

export interface RowConverter {
  /** The physical columns every converted row fills, in `values` order: fields, then formulas. */
  columns: string[];
  convert(row: unknown[]): Converted;
}

/** What one cell comes to: its stored and parsed value, its field's problem, or an unknown name. */
type Outcome =
  | { kind: 'ok'; stored: unknown; value: unknown }
  | { kind: 'bad'; problem: FieldProblem }
  | { kind: 'unknown' };
const UNKNOWN: Outcome = { kind: 'unknown' };

/** Distinct cells a column remembers the outcome of (selects, people, checkboxes, dates repeat a lot). */
const MEMO_LIMIT = 4096;
/** Field types whose cells repeat and whose outcome depends only on the cell's text. */
const MEMO_TYPES = new Set(['singleSelect', 'multiSelect', 'member', 'department', 'checkbox', 'date']);

/** What one field does to every row, worked out once. */
type FieldStep =
  | { kind: 'constant'; code: string; value: unknown; stored: unknown; problem: FieldProblem | null }
  | {
      kind: 'cell';
      field: FieldsTable;
      index: number;
      /** The common shapes read from their characters (fast-cells.ts): the stored value, or MISS. */
      fast: ((cell: unknown) => unknown) | null;
      /** A fast-read stored value as the parsed value (formulas and field guards read those). */
      fastValue: (stored: unknown) => unknown;
      /** The general path: the cell reader, the type's parse and toStorage (remembered per text for MEMO_TYPES). */
      general: (cell: unknown) => Outcome;
      /** What the field gets when its cell names an unknown person (as if it was not given). */
      fallback: { value: unknown; stored: unknown; problem: FieldProblem | null };
    };

/**
 * Converts an import's rows exactly as `RecordValidator.parse(ctx, data, true)` + `guardWrite` +
 * the formulas would (issue 15: "a converter compiled once per import"): per field its type, parsed
 * settings, option lookup and default are looked up once here, not per cell. A field the sheet does
 * not fill gets its default, parsed once. Problems come back in the order the row-by-row path gave
 * them: unknown people first, then the fields' own checks in field order.
 */
export function compileConverter(
  ctx: SchemaContext,
  plan: ColumnPlan[],
  names: NameBook,
  now: Date,
  /** The importer and the import's moment: the dynamic defaults (当前用户, 今天 …) of left-out fields. */
  env: DefaultEnv,
): RowConverter {
  const live = liveFields(ctx);
  const mapped = new Map(plan.map((p) => [p.field.code, p]));
  const steps: FieldStep[] = [];
  const columns: string[] = [];
  /** The field left out of a new record: its default, checked once. */
  const absent = (f: FieldsTable, type: NonNullable<ReturnType<typeof fieldType>>) => {
    const settings = settingsOf(f);
    const input = fieldDefault(f, env) ?? undefined;
    const result = type.parse(input, settings);
    if (!result.ok)
      return {
        value: null,
        stored: null,
        problem: { field: f.code, key: result.key, params: result.params, label: f.name } as FieldProblem,
      };
    if (f.required === 1 && result.value === null)
      return {
        value: null,
        stored: null,
        problem: { field: f.code, key: 'validate.required', label: f.name } as const,
      };
    const value =
      type.richText && typeof result.value === 'string' ? sanitizeRichText(result.value) : (result.value as unknown);
    return { value, stored: type.toStorage(value, settings), problem: null };
  };
  for (const f of live) {
    const type = fieldType(f.type);
    if (!type || type.system) continue;
    columns.push(f.column_name);
    const column = mapped.get(f.code);
    if (!column) {
      steps.push({ kind: 'constant', code: f.code, ...absent(f, type) });
      continue;
    }
    const settings = settingsOf(f);
    const read = compileImportCell(f, names);
    const rich = Boolean(type.richText);
    const required = f.required === 1;
    let general = (cell: unknown): Outcome => {
      const input = read(cell);
      if (input === UNKNOWN_NAME) return UNKNOWN;
      const result = type.parse(input, settings);
      if (!result.ok)
        return { kind: 'bad', problem: { field: f.code, key: result.key, params: result.params, label: f.name } };
      if (required && result.value === null)
        return { kind: 'bad', problem: { field: f.code, key: 'validate.required', label: f.name } };
      const value = rich && typeof result.value === 'string' ? sanitizeRichText(result.value) : result.value;
      return { kind: 'ok', stored: type.toStorage(value, settings), value };
    };
    if (MEMO_TYPES.has(f.type)) general = memo(general);
    const fast =
      f.type === 'date'
        ? fastDay
        : f.type === 'datetime'
          ? fastMoment
          : f.type === 'number' || f.type === 'money' || f.type === 'percent'
            ? fastNumber(settings as { precision: number; min: number | null; max: number | null })
            : null;
    steps.push({
      kind: 'cell',
      field: f,
      index: column.index,
      fast,
      fastValue: f.type === 'datetime' ? (stored) => new Date(stored as number).toISOString() : (stored) => stored,
      general,
      fallback: absent(f, type),
    });
  }
  const formulaFields = live.filter((f) => f.type === 'formula' && f.column_name);
  const formulas = formulaFields.length ? compileFormulas(live) : null;
  for (const f of formulaFields) columns.push(f.column_name);
  const guarded = ctx.rights.hidden.size > 0 || ctx.rights.readonly.size > 0;
  const needValues = guarded || formulas !== null;

  return {
    columns,
    convert(row) {
      const out: unknown[] = new Array(columns.length);
      // Allocated only for a row that has problems or needs its parsed values (most rows need neither).
      let unknown: FieldProblem[] | null = null;
      let problems: FieldProblem[] | null = null;
      const values: Record<string, unknown> | null = needValues ? {} : null;
      const given: string[] | null = guarded ? [] : null;
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i] as FieldStep;
        if (step.kind === 'constant') {
          if (step.problem) problems = add(problems, step.problem);
          out[i] = step.stored;
          if (values) values[step.code] = step.value;
          continue;
        }
        const f = step.field;
        const cell = row[step.index];
        if (step.fast) {
          const stored = step.fast(cell);
          if (stored !== MISS) {
            given?.push(f.code);
            out[i] = stored;
            if (values) values[f.code] = step.fastValue(stored);
            continue;
          }
        }
        const outcome = step.general(cell);
        if (outcome.kind === 'unknown') {
          unknown = add(unknown, { field: f.code, key: 'field.people.unknown' });
          if (step.fallback.problem) problems = add(problems, step.fallback.problem);
          out[i] = step.fallback.stored;
          if (values) values[f.code] = step.fallback.value;
          continue;
        }
        given?.push(f.code);
        if (outcome.kind === 'bad') {
          problems = add(problems, outcome.problem);
          continue;
        }
        out[i] = outcome.stored;
        if (values) values[f.code] = outcome.value;
      }
      if (problems || unknown) return { ok: false, problems: [...(unknown ?? []), ...(problems ?? [])] };
      if (guarded && values && given) {
        try {
          guardWrite(ctx, given, values, null, env);
        } catch (error) {
          if (error instanceof FieldValidationError) return { ok: false, problems: error.problems };
          throw error;
        }
      }
      if (formulas && values) {
        const computed = formulas(values, now);
        let at = steps.length;
        for (const f of formulaFields) out[at++] = computed[f.column_name] ?? null;
      }
      return { ok: true, values: out };
    },
  };
}

/** `list` with `item` added; a list is only made for the first item. */
function add<T>(list: T[] | null, item: T): T[] {
  if (!list) return [item];
  list.push(item);
  return list;
}

/**
 * A column's general path remembered per cell text, up to MEMO_LIMIT texts (then only looked up):
 * a select's labels, people's names, checkbox words and dates come back again and again. Only for
 * types whose outcome depends on nothing but the text (MEMO_TYPES); outcomes are never changed
 * after they are made, so rows may share one.
 */
function memo(general: (cell: unknown) => Outcome): (cell: unknown) => Outcome {
  const seen = new Map<string, Outcome>();
  return (cell) => {
    if (typeof cell !== 'string') return general(cell);
    let outcome = seen.get(cell);
    if (outcome === undefined) {
      outcome = general(cell);
      if (seen.size < MEMO_LIMIT) seen.set(cell, outcome);
    }
    return outcome;
  };
}
