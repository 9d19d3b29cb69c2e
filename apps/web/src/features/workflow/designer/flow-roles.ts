import { FLOW_OWNER_ROLE, MANAGER_ROLE, MEMBER_ROLE } from '@canopy/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleMatrix } from '../../app-roles/hooks/useRoleMatrix';

export interface FlowRoleOption {
  value: string;
  label: string;
}

/**
 * The roles a flow may name (issue 27): the app's owner, then every role of the app by its name, as
 * the role matrix lists them. A key no longer among them is a role deleted since: it stays visible
 * (marked) so the designer can take it out; publishing refuses it.
 */
export function useFlowRoles(chosen: readonly string[] = []) {
  const { t } = useTranslation();
  const matrix = useRoleMatrix();
  return useMemo(() => {
    const names = new Map<string, string>([[FLOW_OWNER_ROLE, t('workflow.role.owner')]]);
    // Until the roles arrive (or if they cannot), the fixed ones by their usual names.
    if (!matrix.data) {
      names.set(MANAGER_ROLE, t('workflow.role.manager'));
      names.set(MEMBER_ROLE, t('workflow.role.member'));
    }
    for (const r of matrix.data?.roles ?? []) names.set(r.key, r.name);
    const deleted = (key: string) => Boolean(matrix.data) && !names.has(key);
    const labelOf = (key: string) => names.get(key) ?? (deleted(key) ? t('workflow.role.deleted') : key);
    const options: FlowRoleOption[] = [...names].map(([value, label]) => ({ value, label }));
    for (const key of chosen) if (!names.has(key)) options.push({ value: key, label: labelOf(key) });
    return { options, labelOf, deleted, loading: matrix.isPending, failed: matrix.isError };
  }, [matrix.data, matrix.isPending, matrix.isError, chosen, t]);
}
