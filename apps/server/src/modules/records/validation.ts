import { fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import { sanitizeRichText } from '../apps/sanitize.js';
import type { SchemaContext } from '../schemas/service.js';
import type { RecordRepository } from './repository.js';

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

export function liveFields(ctx: SchemaContext): FieldsTable[] {
  return ctx.fields.filter((f) => f.deleted_at === null);
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
  parse(ctx: SchemaContext, data: Record<string, unknown>, creating: boolean) {
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
      const input = !given && f.default_value ? (JSON.parse(f.default_value) as unknown) : data[f.code];
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
   * Member, department and related-record values must name things of this team that exist: one
   * query per kind (and per related table), never one per value.
   */
  async checkReferences(ctx: SchemaContext, trx: Kysely<Database>, values: Record<string, unknown>): Promise<void> {
    const engine = ctx.schema.engine_code;
    const problems: FieldProblem[] = [];
    const groups = new Map<
      string,
      { lookup: (ids: string[]) => Promise<string[]>; fields: { f: FieldsTable; ids: string[] }[] }
    >();
    for (const f of liveFields(ctx)) {
      const kind = fieldType(f.type)?.references;
      const ids = values[f.code];
      if (!kind || kind === 'file' || !Array.isArray(ids) || !ids.length) continue;
      const target = kind === 'record' ? ((settingsOf(f) as { schemaCode?: string }).schemaCode ?? '') : '';
      const key = `${kind}:${target}`;
      if (!groups.has(key))
        groups.set(key, { lookup: (list) => this.existing(trx, engine, kind, target, list), fields: [] });
      groups.get(key)?.fields.push({ f, ids: ids.map(String) });
    }
    for (const group of groups.values()) {
      const found = new Set(await group.lookup([...new Set(group.fields.flatMap((x) => x.ids))]));
      for (const { f, ids } of group.fields) {
        if (ids.some((id) => !found.has(id))) {
          const key = fieldType(f.type)?.references === 'record' ? 'field.relation.unknown' : 'field.people.unknown';
          problems.push({ field: f.code, key, label: f.name });
        }
      }
    }
    if (problems.length) throw new FieldValidationError(problems);
  }

  /**
   * File values name files of this team (images must be images); what the record keeps is the files'
   * facts from our table, never what the client claimed about them.
   */
  async attachFiles(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    values: Record<string, unknown>,
    columns: Record<string, unknown>,
  ): Promise<void> {
    const fileFields = liveFields(ctx).filter(
      (f) => fieldType(f.type)?.references === 'file' && Array.isArray(values[f.code]),
    );
    if (!fileFields.length) return;
    const ids = [...new Set(fileFields.flatMap((f) => values[f.code] as string[]))];
    const rows = ids.length
      ? await trx
          .selectFrom('files')
          .selectAll()
          .where('engine_code', '=', ctx.schema.engine_code)
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const problems: FieldProblem[] = [];
    for (const f of fileFields) {
      const refs = (values[f.code] as string[]).map((id) => byId.get(id));
      if (refs.some((r) => !r)) problems.push({ field: f.code, key: 'field.file.unknown', label: f.name });
      else if (f.type === 'image' && refs.some((r) => r?.is_image !== 1))
        problems.push({ field: f.code, key: 'field.file.notImage', label: f.name });
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
    if (problems.length) throw new FieldValidationError(problems);
  }

  private async existing(
    trx: Kysely<Database>,
    engine: string,
    kind: string,
    target: string,
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
    const schema = await trx
      .selectFrom('schemas')
      .select('table_name')
      .where('engine_code', '=', engine)
      .where('code', '=', target)
      .executeTakeFirst();
    return schema ? this.repo.existingIds(trx, schema.table_name, engine, ids) : [];
  }

  async checkUnique(ctx: SchemaContext, trx: Kysely<Database>, columns: Record<string, unknown>, id: string) {
    const problems: FieldProblem[] = [];
    for (const f of this.live(ctx)) {
      const value = columns[f.column_name];
      if (f.unique_flag === 1 && value !== undefined && value !== null) {
        if (await this.repo.valueTaken(trx, ctx.schema.table_name, f.column_name, value, id)) {
          problems.push({ field: f.code, key: 'record.unique', label: f.name });
        }
      }
    }
    if (problems.length) throw new FieldValidationError(problems);
  }
}
