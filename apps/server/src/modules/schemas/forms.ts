import type { FormLayout } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import { requireEdit } from '../apps/access.js';
import { recordAudit, tableEntry } from '../audit/record.js';
import type { SchemaContext } from '../schema-context/context.js';

type FormField = FormLayout['sections'][number]['fields'][number];

const plain = (code: string): FormField => ({ code, hidden: false, readOnly: false, helpText: '', wide: false });

/**
 * The form a table is filled through. Until someone arranges it, it is every field in order; after,
 * deleted fields drop out and new fields appear at the end, so the form never hides a new column.
 */
export class FormService {
  constructor(private readonly db: Kysely<Database>) {}

  layout(ctx: SchemaContext): FormLayout {
    const live = ctx.fields.filter((f) => f.deleted_at === null).map((f) => f.code);
    if (!ctx.schema.form_layout) return { columns: 1, sections: [{ id: 'main', title: '', fields: live.map(plain) }] };
    const stored = JSON.parse(ctx.schema.form_layout) as FormLayout;
    const placed = new Set<string>();
    const sections = stored.sections.map((s) => {
      const fields: FormField[] = [];
      for (const f of s.fields) {
        if (!live.includes(f.code) || placed.has(f.code)) continue;
        placed.add(f.code);
        fields.push(f);
      }
      return { ...s, fields };
    });
    const missing = live.filter((code) => !placed.has(code)).map(plain);
    const last = sections.at(-1);
    if (last) last.fields.push(...missing);
    else sections.push({ id: 'main', title: '', fields: missing });
    return { columns: stored.columns, sections };
  }

  async save(ctx: SchemaContext, layout: FormLayout): Promise<FormLayout> {
    requireEdit(ctx.access);
    const live = new Set(ctx.fields.filter((f) => f.deleted_at === null).map((f) => f.code));
    const seen = new Set<string>();
    for (const section of layout.sections) {
      for (const f of section.fields) {
        if (!live.has(f.code) || seen.has(f.code))
          throw new FieldValidationError([{ field: f.code, key: 'field.notFound' }]);
        seen.add(f.code);
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('schemas')
        .set({ form_layout: JSON.stringify(layout) })
        .where('code', '=', ctx.schema.code)
        .execute();
      const detail = { sections: layout.sections.length, columns: layout.columns };
      await recordAudit(
        trx,
        tableEntry(ctx, 'form.update', { type: 'schema', id: ctx.schema.code }, { detail }),
        Date.now(),
      );
    });
    return this.layout({ ...ctx, schema: { ...ctx.schema, form_layout: JSON.stringify(layout) } });
  }
}
