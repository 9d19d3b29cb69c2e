import type { MemberPageBody, MemberRow } from '@canopy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shell/session/session-context';
import { orgApi, orgKeys } from '../api/org-api';

export type MemberStatus = 'ACTIVE' | 'INACTIVE';

export interface MemberListParams {
  departmentId: string | undefined;
  deep: boolean;
  keyword: string;
  status: MemberStatus;
  page: number;
  pageSize: number;
}

function matches(row: MemberRow, keyword: string): boolean {
  const k = keyword.toLowerCase();
  return [row.userName, row.mobile, row.email].some((v) => v.toLowerCase().includes(k));
}

/**
 * Members of a department, searched and paged by the server. Deactivated members directly in one
 * department come from their own call (`listInactiveMembers/{id}`); with sub-departments included
 * the paged search covers them too.
 */
export function useMemberList(p: MemberListParams) {
  const { current } = useSession();
  const engineCode = current?.engineCode ?? '';
  const directInactive = p.status === 'INACTIVE' && !p.deep && Boolean(p.departmentId);
  const keyword = p.keyword.trim();
  const body: MemberPageBody = {
    ...(p.departmentId ? { departmentId: p.departmentId, deep: p.deep } : {}),
    ...(keyword ? { keyword } : {}),
    state: p.status,
    pageSize: p.pageSize,
    pageIndex: p.page - 1,
  };
  const paged = useQuery({
    queryKey: orgKeys.memberPage(engineCode, body),
    queryFn: () => orgApi.memberPage(body),
    enabled: Boolean(engineCode) && !directInactive,
    placeholderData: keepPreviousData,
  });
  const inactive = useQuery({
    queryKey: orgKeys.inactive(engineCode, p.departmentId ?? ''),
    queryFn: () => orgApi.inactive(p.departmentId ?? ''),
    enabled: Boolean(engineCode) && directInactive,
  });

  if (directInactive) {
    const all = (inactive.data ?? []).filter((r) => !keyword || matches(r, keyword));
    const start = (p.page - 1) * p.pageSize;
    return {
      rows: all.slice(start, start + p.pageSize),
      total: all.length,
      loading: inactive.isPending,
      fetching: inactive.isFetching,
      error: inactive.isError,
      retry: () => void inactive.refetch(),
    };
  }
  return {
    rows: paged.data?.resultList ?? [],
    total: paged.data?.totalCount ?? 0,
    loading: paged.isPending,
    fetching: paged.isFetching,
    error: paged.isError,
    retry: () => void paged.refetch(),
  };
}
