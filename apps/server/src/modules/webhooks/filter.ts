import type { FilterGroup } from '@canopy/contract';
import { expressionBuilder, type Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { memberFacts } from '../apps/role-reach.js';
import { filterExpression, type QueryEnv, type QueryTable, validateFilter } from '../records/query.js';
import type { RecordRepository } from '../records/repository.js';

// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
type DynamicDb = Kysely<any>;

/** The physical table a hook's filter runs on. */
export interface HookTable {
  tableName: string;
  engineCode: string;
  fields: FieldsTable[];
  /** The team's time zone: what "today" and a date's day mean in the filter. */
  timeZone: string;
}

/** Ids asked at once (well under both databases' limits of bound values). */
const CHUNK = 500;

/** A stored filter, or null when there is none (or it has no conditions). */
export function parseFilter(json: string | null): FilterGroup | null {
  if (!json) return null;
  const f = JSON.parse(json) as FilterGroup;
  return f.conditions.length ? f : null;
}

/**
 * Checks a filter as the member saving it sees the table (`view`: their hidden fields refuse it);
 * the error names the field.
 */
export function checkFilter(view: QueryTable, filter: FilterGroup, now: number, timeZone: string): void {
  validateFilter(view, filter);
  // Compiled once without running, so a malformed value is refused now rather than matching nothing later.
  filterExpression(expressionBuilder(), view, filter, {
    memberId: '',
    departmentIds: [],
    colleagueIds: [],
    now,
    timeZone,
  });
}

const mentions = (f: FilterGroup, operator: string) => JSON.stringify(f).includes(`"${operator}"`);

/**
 * Which of these records match a hook's filter, asked of the database in the caller's transaction
 * (`select id from d_x where id in (…) and <filter>`, the records query compiler's where-clause),
 * never by loading rows. The filter was checked against its author's view when saved; it runs on
 * the table's fields with "me" the hook's owner (the member who saved it): 属于我, 我的部门 and
 * 我负责的部门 (isHeadedByMe: the departments the owner heads, with sub-departments) are theirs, read
 * at the event. A filter naming a field deleted since matches nothing: a hook never silently widens.
 */
export async function matchingIds(
  trx: Kysely<Database>,
  repo: RecordRepository,
  table: HookTable,
  filter: FilterGroup,
  ids: string[],
  owner: string,
  now: number,
): Promise<Set<string>> {
  const out = new Set<string>();
  if (!ids.length || !table.tableName) return out;
  const headed = mentions(filter, 'isHeadedByMe');
  const departmentIds = mentions(filter, 'isMine') ? await repo.departmentsOfMember(owner, trx) : [];
  const env: QueryEnv = {
    memberId: owner,
    departmentIds,
    colleagueIds: departmentIds.length ? await repo.membersOfDepartments(departmentIds, trx) : [],
    now,
    timeZone: table.timeZone,
  };
  if (headed) {
    // "The departments I head" are the owner's too, as they stand when the change happens: a
    // change of head redirects the hook from the next event on, as it does the owner's own lists.
    const facts = memberFacts(
      { memberId: owner, role: 'member' },
      [],
      await repo.departmentTree(table.engineCode, trx),
    );
    env.headedDown = facts.headedDown;
    env.headedMemberIds = await repo.membersOfDepartments(facts.headedDown, trx);
  }
  const view: QueryTable = { fields: table.fields, rights: { hidden: new Set() } };
  let where: ReturnType<typeof filterExpression>;
  try {
    validateFilter(view, filter);
    where = filterExpression(expressionBuilder(), view, filter, env);
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 400) return out;
    throw e;
  }
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows: { id: string }[] = await (trx as DynamicDb)
      .selectFrom(table.tableName)
      .select('id')
      .where('engine_code', '=', table.engineCode)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where(where)
      .execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}
