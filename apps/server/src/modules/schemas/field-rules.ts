import { formulaReferences } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import { formulaOrder } from '../records/formulas.js';
import type { SchemaContext } from '../schema-context/context.js';

/** Design-time rules of fields that point at other fields or tables. */
export class FieldRules {
  constructor(private readonly db: Kysely<Database>) {}

  /** A formula names fields that exist and never ends up depending on itself. */
  checkFormula(ctx: SchemaContext, formula: { code: string; name: string; settings: object }): void {
    const expression = (formula.settings as { expression: string }).expression;
    const live = ctx.fields.filter((f) => f.deleted_at === null && f.code !== formula.code);
    const names = new Set([...live.map((f) => f.name), formula.name]);
    const unknown = formulaReferences(expression).find((n) => !names.has(n));
    if (unknown)
      throw new FieldValidationError([
        { field: 'settings', key: 'field.formula.unknownField', params: { name: unknown } },
      ]);
    const candidate = {
      ...(ctx.fields.find((f) => f.code === formula.code) ?? ({} as FieldsTable)),
      code: formula.code,
      name: formula.name,
      type: 'formula',
      settings: JSON.stringify(formula.settings),
    };
    try {
      formulaOrder([...live, candidate]);
    } catch {
      throw new FieldValidationError([{ field: 'settings', key: 'field.formula.cycle' }]);
    }
  }

  /** A relation points at a data table of the same team. */
  async checkRelationTarget(ctx: SchemaContext, settings: object): Promise<void> {
    const target = (settings as { schemaCode?: string }).schemaCode ?? '';
    const row = await this.db
      .selectFrom('schemas')
      .select('code')
      .where('engine_code', '=', ctx.schema.engine_code)
      .where('code', '=', target)
      .executeTakeFirst();
    if (!row) throw new FieldValidationError([{ field: 'settings', key: 'field.relation.target' }]);
  }

  /** A lookup reads a live field of the table its relation (of this table) points at. */
  async checkLookup(ctx: SchemaContext, settings: object): Promise<void> {
    const { relationFieldCode, targetFieldCode } = settings as { relationFieldCode: string; targetFieldCode: string };
    const relation = ctx.fields.find(
      (f) => f.code === relationFieldCode && f.deleted_at === null && f.type === 'relation',
    );
    const target = relation ? (JSON.parse(relation.settings) as { schemaCode: string }).schemaCode : '';
    const field = target
      ? await this.db
          .selectFrom('fields')
          .select('code')
          .where('schema_code', '=', target)
          .where('code', '=', targetFieldCode)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!field) throw new FieldValidationError([{ field: 'settings', key: 'field.lookup.invalid' }]);
  }
}
