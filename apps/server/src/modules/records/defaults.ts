import { type DefaultEnv, dynamicDefault } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';
import { DEFAULT_TIME_ZONE, dayStart, localDayOf } from './time-zone.js';
import { liveFields } from './validation.js';

/**
 * Who creates records in this context, and when: what dynamic defaults (当前用户, 当前用户所在部门,
 * 今天, 现在) become. The main department is read only when a live field's default asks for it; the
 * days are the team's (its time zone, as date filters and dashboards count them).
 */
export async function defaultEnv(ctx: SchemaContext, db: Kysely<Database>, now: number): Promise<DefaultEnv> {
  const tenant = ctx.access.tenant;
  const zone = tenant.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDayOf(zone, now);
  const wantsDepartment = liveFields(ctx).some(
    (f) => f.default_value && dynamicDefault(JSON.parse(f.default_value)) === 'currentDepartment',
  );
  let departmentId: string | null = null;
  if (wantsDepartment) {
    // The main department; a member without one marked main gets the first they are in.
    const rows = await db
      .selectFrom('member_departments')
      .select(['department_id', 'is_main'])
      .where('engine_code', '=', ctx.schema.engine_code)
      .where('member_id', '=', tenant.memberId)
      .orderBy('is_main', 'desc')
      .orderBy('department_id')
      .limit(1)
      .execute();
    departmentId = rows[0]?.department_id ?? null;
  }
  return { memberId: tenant.memberId, departmentId, now, today, todayStart: dayStart(zone, today) };
}
