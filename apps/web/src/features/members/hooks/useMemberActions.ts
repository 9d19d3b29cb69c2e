import { useTranslation } from 'react-i18next';
import { orgApi } from '../api/org-api';
import { useOrgAction } from './useOrgAction';

/** Writes on one member, each followed by a refresh of the organisation. */
export function useMemberActions() {
  const { t } = useTranslation();
  const setRole = useOrgAction(
    (v: { memberId: string; role: 'admin' | 'member' }) => orgApi.setRole(v.memberId, v.role),
    t('org.roleSaved'),
  );
  const setState = useOrgAction(
    (v: { memberId: string; state: 'ACTIVE' | 'INACTIVE' }) => orgApi.setState(v.memberId, v.state),
    t('org.stateSaved'),
  );
  const setMain = useOrgAction(
    (v: { memberId?: string; departmentId: string }) => orgApi.setMainDepartment(v.departmentId, v.memberId),
    t('org.mainSaved'),
  );
  const setDepartments = useOrgAction(
    (v: { memberId: string; departmentIds: string[] }) => orgApi.setDepartments(v.memberId, v.departmentIds),
    t('org.departmentsSaved'),
  );
  return { setRole, setState, setMain, setDepartments };
}
