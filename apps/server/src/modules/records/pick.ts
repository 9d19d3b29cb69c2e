import type { SelectOption } from '@canopy/fields';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { SchemaContext } from '../schema-context/context.js';
import { searchExpression } from './query.js';
import { settingsOf } from './validation.js';

// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
type AnyEB = ExpressionBuilder<any, any>;

/**
 * What the relation picker's search matches: any text field the member may see (as quick search
 * does) and the title field when it is not text — a single select by its option labels, a number or
 * auto-number by its digits ("HT-0042" finds 42).
 */
export function pickSearch(eb: AnyEB, ctx: SchemaContext, text: string): Expression<SqlBool> | null {
  const words = text.trim();
  if (!words) return null;
  const parts: Expression<SqlBool>[] = [];
  const texts = searchExpression(eb, ctx, words);
  if (texts) parts.push(texts);
  const title = ctx.fields.find(
    (f) => f.code === ctx.schema.title_field_code && f.deleted_at === null && !ctx.rights.hidden.has(f.code),
  );
  if (title?.column_name) {
    if (title.type === 'singleSelect') {
      const options = ((settingsOf(title) as { options?: SelectOption[] }).options ?? []).filter((o) =>
        o.label.toLowerCase().includes(words.toLowerCase()),
      );
      if (options.length)
        parts.push(
          eb(
            title.column_name,
            'in',
            options.map((o) => o.id),
          ),
        );
    } else if (['number', 'autoNumber'].includes(title.type)) {
      const prefix = String((settingsOf(title) as { prefix?: string }).prefix ?? '').toLowerCase();
      const rest = words.toLowerCase().startsWith(prefix) ? words.slice(prefix.length) : words;
      const digits = rest.replace(/^0+(?=\d)/, '');
      if (/^\d+$/.test(digits))
        parts.push(sql<SqlBool>`cast(${sql.ref(title.column_name)} as text) like ${`%${digits}%`}`);
    }
  }
  if (!parts.length) return sql<SqlBool>`1 = 0`;
  return eb.or(parts);
}
