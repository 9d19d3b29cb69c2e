import { MemberRole, type MemberRow } from '@canopy/contract';
import { useSession } from '../../../shell/session/session-context';

/** What the signed-in member may do to another member (spec §6; the server checks the same). */
export function useMemberPermissions() {
  const { current, isManager } = useSession();
  const isOwner = Boolean(current?.ownFlag);
  const self = (m: MemberRow) => m.memberId === current?.memberId;
  return {
    isManager,
    isOwner,
    self,
    /** Grant or revoke admin: the owner, on anyone but the owner. */
    canSetRole: (m: MemberRow) => isOwner && m.role !== MemberRole.owner,
    /** Deactivate/reactivate: managers, never the owner or oneself; admins only by the owner. */
    canSetState: (m: MemberRow) =>
      isManager && m.role !== MemberRole.owner && !self(m) && (m.role !== MemberRole.admin || isOwner),
    canSetDepartments: () => isManager,
    canSetMainDepartment: (m: MemberRow) => isManager || self(m),
  };
}
