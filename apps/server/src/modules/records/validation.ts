import { type DefaultEnv, defaultInput, fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import { sanitizeRichText } from '../apps/sanitize.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { RecordRepository } from './repository.js';
import type { WritePlan } from './write-plan.js';

const parsedSettings = new Map<string, object>();

/**
 * A field's settings, parsed once per distinct JSON text (a list or an import reads them for every
 * value of every row). Field types only read settings; the frozen object keeps it that way.
 */
export function settingsOf(f: FieldsTable): object {
  let settings = parsedSettings.get(f.settings);
  if (!settings) {
    if (parsedSettings.size > 5_000) parsedSettings.clear();
    settings = Object.freeze(JSON.parse(f.settings) as object);
    parsedSettings.set(f.settings, settings);
  }
  return settings;
}

/**
 * The fields not deleted, kept per fields list (the schema context holds one list per table version):
 * the same array each time, so what is compiled for it (row readers, titles) is found again.
 */
const live = new WeakMap<readonly FieldsTable[], FieldsTable[]>();

/**
 * A field's default as the input a new record without the value gets (null: none); a dynamic one
 * (当前用户, 今天 …) worked out for `env` (defaults.ts), nothing without one.
 */
export function fieldDefault(f: FieldsTable, env: DefaultEnv | null): unknown {
  return f.default_value ? defaultInput(JSON.parse(f.default_value) as unknown, f.type, env) : null;
}

export function liveFields(ctx: SchemaContext): FieldsTable[] {
  let fields = live.get(ctx.fields);
  if (!fields) {
    fields = ctx.fields.filter((f) => f.deleted_at === null);
    live.set(ctx.fields, fields);
  }
  return fields;
}

/** The server side of "the same rules in the browser and on the server", plus what only the server can check. */
export class RecordValidator {
  constructor(private readonly repo: RecordRepository) {}

  private live(ctx: SchemaContext): FieldsTable[] {
    return liveFields(ctx);
  }

  /**
   * Checks every value the client sent against its field type and the field's rules; unknown and
   * system fields are refused. All problems come back at once, one per field.
   */
  parse(ctx: SchemaContext, data: Record<string, unknown>, creating: boolean, env: DefaultEnv | null = null) {
    const problems: FieldProblem[] = [];
    const columns: Record<string, unknown> = {};
    const values: Record<string, unknown> = {};
    const fields = this.live(ctx);
    for (const code of Object.keys(data)) {
      const f = fields.find((x) => x.code === code);
      if (!f) problems.push({ field: code, key: 'validate.unknown' });
      else if (fieldType(f.type)?.system) problems.push({ field: code, key: 'record.systemField', label: f.name });
    }
    for (const f of fields) {
      const type = fieldType(f.type);
      if (!type || type.system) continue;
      const given = Object.hasOwn(data, f.code);
      if (!given && !creating) continue;
      // A new record that leaves a field out gets the field's default.
      const input = given ? data[f.code] : fieldDefault(f, env);
      const result = type.parse(input, settingsOf(f));
      if (!result.ok) {
        problems.push({ field: f.code, key: result.key, params: result.params, label: f.name });
        continue;
      }
      if (f.required === 1 && result.value === null) {
        problems.push({ field: f.code, key: 'validate.required', label: f.name });
        continue;
      }
      if (given || creating) {
        const value = type.richText && typeof result.value === 'string' ? sanitizeRichText(result.value) : result.value;
        columns[f.column_name] = type.toStorage(value, settingsOf(f));
        values[f.code] = value;
      }
    }
    if (problems.length) throw new FieldValidationError(problems);
    return { columns, values };
  }

  /**
   * Member, department and related-record values must name things of this team that exist, and a
   * link may only point at a record the member's row rule on the related table reaches (one outside
   * it is refused like an unknown one). Links a record already had (`keep`) stay allowed. One query
   * per kind (and per related table) for all the entries, never one per value.
   */
  async checkReferences(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    plan: WritePlan,
    entries: { values: Record<string, unknown>; keep?: Record<string, unknown> }[],
  ): Promise<void> {
    const engine = ctx.schema.engine_code;
    const groups = new Map<string, { lookup: (ids: string[]) => Promise<string[]>; ids: Set<string> }>();
    const asked: { entry: number; f: FieldsTable; key: string; ids: string[] }[] = [];
    entries.forEach(({ values, keep }, entry) => {
      for (const f of liveFields(ctx)) {
        const kind = fieldType(f.type)?.references;
        const given = values[f.code];
        if (!kind || kind === 'file' || !Array.isArray(given) || !given.length) continue;
        const kept = new Set(Array.isArray(keep?.[f.code]) ? (keep[f.code] as unknown[]).map(String) : []);
        const ids = given.map(String).filter((id) => !kept.has(id));
        if (!ids.length) continue;
        const target = kind === 'record' ? ((settingsOf(f) as { schemaCode?: string }).schemaCode ?? '') : '';
        const key = `${kind}:${target}`;
        if (!groups.has(key))
          groups.set(key, { lookup: (list) => this.existing(trx, engine, kind, target, plan, list), ids: new Set() });
        for (const id of ids) groups.get(key)?.ids.add(id);
        asked.push({ entry, f, key, ids });
      }
    });
    const found = new Map<string, Set<string>>();
    for (const [key, group] of groups) found.set(key, new Set(await group.lookup([...group.ids])));
    throwFirst(
      asked
        .filter(({ key, ids }) => ids.some((id) => !found.get(key)?.has(id)))
        .map(({ entry, f }) => ({
          entry,
          problem: {
            field: f.code,
            key: fieldType(f.type)?.references === 'record' ? 'field.relation.unknown' : 'field.people.unknown',
            label: f.name,
          } as FieldProblem,
        })),
    );
  }

  /**
   * File values name files of this team (images must be images); what the record keeps is the files'
   * facts from our table, never what the client claimed about them. One query for all the entries.
   */
  async attachFiles(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    entries: { values: Record<string, unknown>; columns: Record<string, unknown> }[],
  ): Promise<void> {
    const fileFields = liveFields(ctx).filter((f) => fieldType(f.type)?.references === 'file');
    const ids = [
      ...new Set(
        entries.flatMap(({ values }) =>
          fileFields.flatMap((f) => (Array.isArray(values[f.code]) ? (values[f.code] as string[]) : [])),
        ),
      ),
    ];
    if (!fileFields.length || !ids.length) return;
    const rows = await trx
      .selectFrom('files')
      .selectAll()
      .where('engine_code', '=', ctx.schema.engine_code)
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const problems: { entry: number; problem: FieldProblem }[] = [];
    entries.forEach(({ values, columns }, entry) => {
      for (const f of fileFields) {
        if (!Array.isArray(values[f.code])) continue;
        const refs = (values[f.code] as string[]).map((id) => byId.get(id));
        if (refs.some((r) => !r))
          problems.push({ entry, problem: { field: f.code, key: 'field.file.unknown', label: f.name } });
        else if (f.type === 'image' && refs.some((r) => r?.is_image !== 1))
          problems.push({ entry, problem: { field: f.code, key: 'field.file.notImage', label: f.name } });
        else {
          const facts = refs.map((r) => ({
            id: r?.id ?? '',
            name: r?.name ?? '',
            size: Number(r?.size ?? 0),
            contentType: r?.content_type ?? '',
            isImage: r?.is_image === 1,
            url: `/v1/files/${r?.id ?? ''}`,
          }));
          values[f.code] = facts;
          columns[f.column_name] = JSON.stringify(facts);
        }
      }
    });
    throwFirst(problems);
  }

  private async existing(
    trx: Kysely<Database>,
    engine: string,
    kind: string,
    target: string,
    plan: WritePlan,
    ids: string[],
  ): Promise<string[]> {
    if (kind === 'member') {
      const rows = await trx
        .selectFrom('members')
        .select('member_id')
        .where('engine_code', '=', engine)
        .where('member_id', 'in', ids)
        .execute();
      return rows.map((r) => r.member_id);
    }
    if (kind === 'department') {
      const rows = await trx
        .selectFrom('departments')
        .select('object_id')
        .where('engine_code', '=', engine)
        .where('object_id', 'in', ids)
        .execute();
      return rows.map((r) => r.object_id);
    }
    const to = plan.targets.get(target);
    return to ? this.repo.existingIds(trx, to.table, to.engineCode, ids, to.scope) : [];
  }

  /**
   * Unique fields: a value another record holds now, or another entry of the same write sets, is
   * refused on the field (before the unique index would refuse the statement). One query per unique
   * field for all the entries.
   */
  async checkUnique(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    entries: { columns: Record<string, unknown>; id: string }[],
  ): Promise<void> {
    const problems: { entry: number; problem: FieldProblem }[] = [];
    for (const f of this.live(ctx).filter((x) => x.unique_flag === 1)) {
      const wanted = entries
        .map(({ columns, id }, entry) => ({ entry, id, value: columns[f.column_name] }))
        .filter((w) => w.value !== undefined && w.value !== null);
      if (!wanted.length) continue;
      const holders = await this.repo.holders(
        trx,
        ctx.schema.table_name,
        f.column_name,
        wanted.map((w) => w.value),
      );
      const seen = new Map<string, string>();
      for (const w of wanted) {
        const key = JSON.stringify(w.value);
        const taken = holders.some((h) => h.id !== w.id && JSON.stringify(h.value) === key);
        const twice = seen.has(key) && seen.get(key) !== w.id;
        if (taken || twice)
          problems.push({ entry: w.entry, problem: { field: f.code, key: 'record.unique', label: f.name } });
        seen.set(key, w.id);
      }
    }
    throwFirst(problems);
  }
}

/** The problems of the first entry that has any (a batch answers like its first failing item). */
function throwFirst(problems: { entry: number; problem: FieldProblem }[]): void {
  if (!problems.length) return;
  const first = Math.min(...problems.map((p) => p.entry));
  throw new FieldValidationError(problems.filter((p) => p.entry === first).map((p) => p.problem));
}
