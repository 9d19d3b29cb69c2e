import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NameBook } from './cells.js';

/** The team's member and department names, both ways, read once per export or import. */
export async function loadNames(db: Kysely<Database>, engineCode: string): Promise<NameBook> {
  const members = await db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.member_id', 'users.user_name'])
    .where('members.engine_code', '=', engineCode)
    .execute();
  const departments = await db
    .selectFrom('departments')
    .select(['object_id', 'name'])
    .where('engine_code', '=', engineCode)
    .execute();
  const book: NameBook = {
    members: new Map(members.map((m) => [m.member_id, m.user_name])),
    departments: new Map(departments.map((d) => [d.object_id, d.name])),
    memberByName: new Map(),
    departmentByName: new Map(),
  };
  // A name two people share cannot say which one is meant: such names are left out of the lookup.
  const reverse = (from: Map<string, string>, to: Map<string, string>) => {
    const seen = new Set<string>();
    for (const [id, name] of from) {
      if (seen.has(name)) to.delete(name);
      else to.set(name, id);
      seen.add(name);
    }
  };
  reverse(book.members, book.memberByName);
  reverse(book.departments, book.departmentByName);
  return book;
}
