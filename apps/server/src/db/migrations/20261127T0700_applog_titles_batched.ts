import { type Kysely, sql } from 'kysely';
import { autoIncrementId, dialectOf } from '../dialect.js';

/**
 * The application log off the write path on SQLite (issue 14), in two parts.
 *
 * A record write's entry rides on its history row (`record_history.log`: title, app, detail; the row
 * already holds who, when, which record and the changes), and the `applog.expand` schedule turns
 * the rows past `applog_state.history_moved_to` into audit_log entries (audit/history-entries.ts):
 * the write inserts nothing more than it did without a log. SQLite's one writer gives ids in commit
 * order, so a cursor never passes a row committed later. PostgreSQL's concurrent ids commit out of
 * order, so there a single write's tagged row is found through a partial index of the rows still
 * tagged, a batch's rows through one mark row of the batch (`applog_batches`: its transaction's
 * id, a bound under its ids, its count), and tags are cleared when moved.
 *
 * SQLite: the application log's title index (FTS5 trigram) is fed in batches, no longer by a
 * trigger on every insert. FTS5 writes a new segment at every commit that touched it — ~220 µs of
 * the ~280 µs a log entry added to a single record write (bench/README.md "Application log
 * overhead"). `applog_state.fts_indexed_to` is the id up to which titles are indexed (SQLite's
 * one writer gives ids in commit order); the job indexes the rest every 2 s and a search reads the
 * rows past it directly. The delete trigger removes only indexed rows (FTS5's external content must
 * be told exactly what it holds). PostgreSQL's trigram index is a GIN index with its own pending
 * list: nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('record_history').addColumn('log', 'text').execute();
  if (dialectOf(db) === 'postgres') {
    // The single writes' tags (a batch's rows are found through its mark in applog_batches).
    await sql`create index record_history_log_pending on record_history (id) where log like '{"t"%'`.execute(db);
    await db.schema
      .createTable('applog_batches')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('xid32', 'text', (c) => c.notNull())
      .addColumn('after_id', 'bigint', (c) => c.notNull())
      .addColumn('rows', 'integer', (c) => c.notNull())
      .execute();
    return;
  }
  await sql`create table applog_state (id integer primary key check (id = 1), fts_indexed_to integer not null,
    history_moved_to integer not null)`.execute(db);
  await sql`insert into applog_state (id, fts_indexed_to, history_moved_to) values
    (1, coalesce((select max(id) from audit_log), 0), coalesce((select max(id) from record_history), 0))`.execute(db);
  await sql`drop trigger if exists audit_log_fts_insert`.execute(db);
  await sql`drop trigger if exists audit_log_fts_delete`.execute(db);
  await sql`create trigger audit_log_fts_delete after delete on audit_log
    when old.record_title <> '' and old.id <= (select fts_indexed_to from applog_state where id = 1) begin
      insert into audit_log_fts(audit_log_fts, rowid, record_title) values ('delete', old.id, old.record_title); end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // Entries still riding on history rows become audit_log rows (the fields' names as they are now).
    await sql`insert into audit_log (engine_code, actor_member_id, action, target_type, target_id, detail, created_at,
        app_code, schema_code, record_id, record_title, kind, changes)
      select h.engine_code, h.member_id, 'record.' || h.action, 'record', h.record_id,
        coalesce(h.log::jsonb -> 'd', '{}'::jsonb)::text, h.created_at, h.log::jsonb ->> 'a', h.schema_code,
        h.record_id, h.log::jsonb ->> 't', 'record',
        (select coalesce(jsonb_agg(c.value || jsonb_build_object('name', coalesce(f.name, c.value ->> 'field'))
            order by c.ordinality), '[]'::jsonb)::text
          from jsonb_array_elements(h.changes::jsonb) with ordinality c
          left join fields f on f.schema_code = h.schema_code and f.code = c.value ->> 'field')
      from record_history h where h.log is not null order by h.id`.execute(db);
    await sql`drop index if exists record_history_log_pending`.execute(db);
    await db.schema.dropTable('applog_batches').execute();
    await db.schema.alterTable('record_history').dropColumn('log').execute();
    return;
  }
  // Entries still riding on history rows become audit_log rows (the fields' names as they are now).
  await sql`insert into audit_log (engine_code, actor_member_id, action, target_type, target_id, detail, created_at,
      app_code, schema_code, record_id, record_title, kind, changes)
    select h.engine_code, h.member_id, 'record.' || h.action, 'record', h.record_id,
      coalesce(json_extract(h.log, '$.d'), '{}'), h.created_at, json_extract(h.log, '$.a'), h.schema_code, h.record_id,
      json_extract(h.log, '$.t'), 'record',
      (select json_group_array(json_set(c.value, '$.name',
          coalesce((select f.name from fields f where f.schema_code = h.schema_code and f.code = json_extract(c.value, '$.field')),
            json_extract(c.value, '$.field'))))
        from json_each(h.changes) c)
    from record_history h
    where h.log is not null and h.id > (select history_moved_to from applog_state where id = 1)
    order by h.id`.execute(db);
  await db.schema.alterTable('record_history').dropColumn('log').execute();
  // The titles not indexed yet go in first: the insert trigger is back from here on.
  await sql`insert into audit_log_fts(rowid, record_title) select id, record_title from audit_log
    where record_title <> '' and id > (select fts_indexed_to from applog_state where id = 1)`.execute(db);
  await sql`drop trigger if exists audit_log_fts_delete`.execute(db);
  await sql`create trigger audit_log_fts_insert after insert on audit_log when new.record_title <> '' begin
    insert into audit_log_fts(rowid, record_title) values (new.id, new.record_title); end`.execute(db);
  await sql`create trigger audit_log_fts_delete after delete on audit_log when old.record_title <> '' begin
    insert into audit_log_fts(audit_log_fts, rowid, record_title) values ('delete', old.id, old.record_title); end`.execute(
    db,
  );
  await sql`drop table applog_state`.execute(db);
}
