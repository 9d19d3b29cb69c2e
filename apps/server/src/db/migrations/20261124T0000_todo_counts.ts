import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Each member's open to-do count (work items in state Todo that are not copies), kept by the
 * database itself: triggers on work_items change it in the statement that opens, completes,
 * cancels, reopens, moves or deletes an item (cascades included), so no write path of the flow
 * engine can forget it. The badge and the to-do panel's total then read one row instead of counting
 * the member's range of an index (10,000 open items cost PostgreSQL about a millisecond per request;
 * bench/README.md "To-dos"). Existing items are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('todo_counts')
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('open_items', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('todo_counts_pk', ['engine_code', 'member_id'])
    .execute();
  await sql`insert into todo_counts (engine_code, member_id, open_items)
    select engine_code, participant_member_id, count(*) from work_items
    where state = 0 and item_type <> 3 group by engine_code, participant_member_id`.execute(db);

  if (dialectOf(db) === 'postgres') {
    await sql`create function todo_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          if old.state = 0 and old.item_type <> 3 then
            update todo_counts set open_items = open_items - 1
              where engine_code = old.engine_code and member_id = old.participant_member_id;
          end if;
        end if;
        if tg_op <> 'DELETE' then
          if new.state = 0 and new.item_type <> 3 then
            insert into todo_counts (engine_code, member_id, open_items)
              values (new.engine_code, new.participant_member_id, 1)
              on conflict (engine_code, member_id) do update set open_items = todo_counts.open_items + 1;
          end if;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger work_items_todo_counts_ins after insert on work_items
      for each row when (new.state = 0 and new.item_type <> 3) execute function todo_counts_apply()`.execute(db);
    await sql`create trigger work_items_todo_counts_del after delete on work_items
      for each row when (old.state = 0 and old.item_type <> 3) execute function todo_counts_apply()`.execute(db);
    await sql`create trigger work_items_todo_counts_upd
      after update of state, item_type, participant_member_id, engine_code on work_items
      for each row when (
        (old.state = 0 and old.item_type <> 3) is distinct from (new.state = 0 and new.item_type <> 3)
        or old.participant_member_id is distinct from new.participant_member_id
        or old.engine_code is distinct from new.engine_code)
      execute function todo_counts_apply()`.execute(db);
    return;
  }

  const add = (row: 'new' | 'old', delta: 1 | -1) =>
    sql.raw(`insert into todo_counts (engine_code, member_id, open_items)
      values (${row}.engine_code, ${row}.participant_member_id, ${delta})
      on conflict (engine_code, member_id) do update set open_items = open_items + (${delta});`);
  const open = (row: 'new' | 'old') => sql.raw(`(${row}.state = 0 and ${row}.item_type <> 3)`);
  await sql`create trigger work_items_todo_counts_ins after insert on work_items
    when ${open('new')} begin ${add('new', 1)} end`.execute(db);
  await sql`create trigger work_items_todo_counts_del after delete on work_items
    when ${open('old')} begin ${add('old', -1)} end`.execute(db);
  // Two triggers for an update: the old row leaves its member's count, the new row joins its own.
  await sql`create trigger work_items_todo_counts_upd_old
    after update of state, item_type, participant_member_id, engine_code on work_items
    when ${open('old')} and (not ${open('new')} or old.participant_member_id <> new.participant_member_id
      or old.engine_code <> new.engine_code)
    begin ${add('old', -1)} end`.execute(db);
  await sql`create trigger work_items_todo_counts_upd_new
    after update of state, item_type, participant_member_id, engine_code on work_items
    when ${open('new')} and (not ${open('old')} or old.participant_member_id <> new.participant_member_id
      or old.engine_code <> new.engine_code)
    begin ${add('new', 1)} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const t of ['work_items_todo_counts_upd', 'work_items_todo_counts_del', 'work_items_todo_counts_ins'])
      await sql`drop trigger if exists ${sql.raw(t)} on work_items`.execute(db);
    await sql`drop function if exists todo_counts_apply()`.execute(db);
  } else {
    for (const t of [
      'work_items_todo_counts_upd_new',
      'work_items_todo_counts_upd_old',
      'work_items_todo_counts_del',
      'work_items_todo_counts_ins',
    ])
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  }
  await db.schema.dropTable('todo_counts').execute();
}
