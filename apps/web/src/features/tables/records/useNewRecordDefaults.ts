import type { FieldInfo } from '@canopy/contract';
import { type DefaultEnv, defaultInput, dynamicDefault } from '@canopy/fields';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSession } from '../../../shell/session/session-context';
import { useUserInfo } from '../../members/hooks/useUserInfo';

/**
 * A new record's values before anything is typed: each field's default, the dynamic ones (当前用户,
 * 当前用户所在部门, 今天, 现在) worked out for the signed-in member now, as the server does for a
 * value left out. `ready` turns true once the main department is known (when a field asks for it).
 */
export function useNewRecordDefaults(
  fields: FieldInfo[],
  enabled: boolean,
): { values: Record<string, unknown>; ready: boolean } {
  const session = useSession();
  const wantsDepartment =
    enabled && fields.some((f) => !f.deleted && dynamicDefault(f.defaultValue) === 'currentDepartment');
  const info = useUserInfo(wantsDepartment ? session.user.id : undefined);
  const memberId = session.current?.memberId ?? '';
  const departmentId = info.data?.departmentId || null;
  const ready = !wantsDepartment || !info.isPending;
  const values = useMemo(() => {
    if (!enabled) return {};
    const now = Date.now();
    const env: DefaultEnv = {
      memberId,
      departmentId,
      now,
      today: dayjs(now).format('YYYY-MM-DD'),
      todayStart: dayjs(now).startOf('day').valueOf(),
    };
    return Object.fromEntries(
      fields.map((f) => [
        f.code,
        f.defaultValue === null ? undefined : (defaultInput(f.defaultValue, f.type, env) ?? undefined),
      ]),
    );
  }, [enabled, fields, memberId, departmentId]);
  return { values, ready };
}
