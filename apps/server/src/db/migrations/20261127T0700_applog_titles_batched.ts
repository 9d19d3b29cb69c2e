import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * SQLite: the application log's title index (FTS5 trigram) is fed in batches, no longer by a
 * trigger on every insert. FTS5 writes a new segment at every commit that touched it — ~220 µs of
 * the ~280 µs a log entry added to a single record write (bench/README.md "Application log
 * overhead"). `audit_log_fts_state.indexed_to` is the id up to which titles are indexed (SQLite's
 * one writer gives ids in commit order); the job indexes the rest every 2 s and a search reads the
 * rows past it directly. The delete trigger removes only indexed rows (FTS5's external content must
 * be told exactly what it holds). PostgreSQL's trigram index is a GIN index with its own pending
 * list: nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`create table audit_log_fts_state (id integer primary key check (id = 1), indexed_to integer not null)`.execute(
    db,
  );
  await sql`insert into audit_log_fts_state (id, indexed_to) values (1, coalesce((select max(id) from audit_log), 0))`.execute(
    db,
  );
  await sql`drop trigger if exists audit_log_fts_insert`.execute(db);
  await sql`drop trigger if exists audit_log_fts_delete`.execute(db);
  await sql`create trigger audit_log_fts_delete after delete on audit_log
    when old.record_title <> '' and old.id <= (select indexed_to from audit_log_fts_state where id = 1) begin
      insert into audit_log_fts(audit_log_fts, rowid, record_title) values ('delete', old.id, old.record_title); end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  // The titles not indexed yet go in first: the insert trigger is back from here on.
  await sql`insert into audit_log_fts(rowid, record_title) select id, record_title from audit_log
    where record_title <> '' and id > (select indexed_to from audit_log_fts_state where id = 1)`.execute(db);
  await sql`drop trigger if exists audit_log_fts_delete`.execute(db);
  await sql`create trigger audit_log_fts_insert after insert on audit_log when new.record_title <> '' begin
    insert into audit_log_fts(rowid, record_title) values (new.id, new.record_title); end`.execute(db);
  await sql`create trigger audit_log_fts_delete after delete on audit_log when old.record_title <> '' begin
    insert into audit_log_fts(audit_log_fts, rowid, record_title) values ('delete', old.id, old.record_title); end`.execute(
    db,
  );
  await sql`drop table audit_log_fts_state`.execute(db);
}
