import type { Kysely } from 'kysely';
import type { AnnouncementsTable, Database } from '../../db/schema.js';

/** 产品动态 rows: the only place the announcements table is queried. */
export class AnnouncementRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Published at `now`: started, not yet ended; newest first. */
  published(now: number, limit: number): Promise<AnnouncementsTable[]> {
    return this.db
      .selectFrom('announcements')
      .selectAll()
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async endedIds(now: number): Promise<string[]> {
    const rows = await this.db.selectFrom('announcements').select('id').where('ends_at', '<=', now).execute();
    return rows.map((r) => r.id);
  }

  all(): Promise<AnnouncementsTable[]> {
    return this.db.selectFrom('announcements').selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  find(id: string): Promise<AnnouncementsTable | undefined> {
    return this.db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: AnnouncementsTable): Promise<void> {
    await this.db.insertInto('announcements').values(row).execute();
  }

  async update(
    id: string,
    set: Pick<AnnouncementsTable, 'title' | 'body' | 'link' | 'starts_at' | 'ends_at' | 'updated_at'>,
  ): Promise<boolean> {
    const res = await this.db.updateTable('announcements').set(set).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async remove(id: string): Promise<boolean> {
    const res = await this.db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }
}
