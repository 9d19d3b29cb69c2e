import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database, DepartmentsTable } from '../../db/schema.js';

export interface MemberRecord {
  member_id: string;
  user_id: string;
  role: string;
  state: string;
  privacy_items: string;
  created_at: number;
  user_name: string;
  avatar_url: string;
  personal_signature: string;
  mobile: string | null;
  email: string | null;
}

/** Departments and members of one team. Every query is filtered by the team's engine code. */
export class OrgRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listDepartments(engineCode: string): Promise<DepartmentsTable[]> {
    return this.db
      .selectFrom('departments')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .orderBy('sort_key')
      .orderBy('created_at')
      .execute();
  }

  findDepartment(engineCode: string, id: string): Promise<DepartmentsTable | undefined> {
    return this.db
      .selectFrom('departments')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('object_id', '=', id)
      .executeTakeFirst();
  }

  /** Direct member counts per department of a team, in one query. */
  async memberCounts(engineCode: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('member_departments')
      .innerJoin('members', 'members.member_id', 'member_departments.member_id')
      .select(['member_departments.department_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('member_departments.engine_code', '=', engineCode)
      .where('members.state', '=', 'ACTIVE')
      .groupBy('member_departments.department_id')
      .execute();
    return new Map(rows.map((r) => [r.department_id, Number(r.n)]));
  }

  private memberQuery(engineCode: string) {
    return this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select([
        'members.member_id',
        'members.user_id',
        'members.role',
        'members.state',
        'members.privacy_items',
        'members.created_at',
        'users.user_name',
        'users.avatar_url',
        'users.personal_signature',
        'users.mobile',
        'users.email',
      ])
      .where('members.engine_code', '=', engineCode);
  }

  findMembers(engineCode: string, memberIds: string[]): Promise<MemberRecord[]> {
    if (!memberIds.length) return Promise.resolve([]);
    return this.memberQuery(engineCode).where('members.member_id', 'in', memberIds).execute();
  }

  /** The membership of this user in this team (none for users of other teams). */
  findMemberByUser(engineCode: string, userId: string): Promise<MemberRecord | undefined> {
    return this.memberQuery(engineCode).where('members.user_id', '=', userId).executeTakeFirst();
  }

  findMember(engineCode: string, memberId: string): Promise<MemberRecord | undefined> {
    return this.memberQuery(engineCode).where('members.member_id', '=', memberId).executeTakeFirst();
  }

  async pageMembers(
    engineCode: string,
    filter: { departmentIds?: string[]; keyword?: string; state: string; limit: number; offset: number },
  ): Promise<{ rows: MemberRecord[]; total: number }> {
    let q = this.memberQuery(engineCode).where('members.state', '=', filter.state);
    if (filter.departmentIds) {
      const ids = filter.departmentIds;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('member_departments')
            .select('member_departments.member_id')
            .whereRef('member_departments.member_id', '=', 'members.member_id')
            .where('member_departments.department_id', 'in', ids),
        ),
      );
    }
    if (filter.keyword) {
      const keyword = filter.keyword;
      // Contact fields match only where the member has not hidden them.
      q = q.where((eb) =>
        eb.or([
          containsText('users.user_name', keyword),
          eb.and([containsText('users.mobile', keyword), eb('members.privacy_items', 'not like', '%mobile%')]),
          eb.and([containsText('users.email', keyword), eb('members.privacy_items', 'not like', '%email%')]),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      q.orderBy('members.created_at').orderBy('members.member_id').limit(filter.limit).offset(filter.offset).execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Departments of many members, in one query. */
  async departmentsOf(memberIds: string[]) {
    if (!memberIds.length) return [];
    return this.db
      .selectFrom('member_departments')
      .innerJoin('departments', 'departments.object_id', 'member_departments.department_id')
      .select([
        'member_departments.member_id',
        'member_departments.is_main',
        'departments.object_id',
        'departments.name',
      ])
      .where('member_departments.member_id', 'in', memberIds)
      .orderBy('departments.sort_key')
      .execute();
  }
}
