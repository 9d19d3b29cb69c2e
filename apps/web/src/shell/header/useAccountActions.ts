import { EntryType, FeatureCode } from '@canopy/contract';
import { isDingTalkPcClient, isThirdPartyClient } from '../environment/user-agent';
import { useSession } from '../session/session-context';

/** Which avatar-menu entries the user gets (spec §2 Header, §6 roles). */
export function useAccountActions() {
  const { current, isManager, hasFeature } = useSession();
  const inDingTalkPc = isDingTalkPcClient();
  // Inside a third-party integration the host app owns the login, so there is nothing to log out of.
  const thirdParty = isThirdPartyClient() || Boolean(current && current.entryType !== EntryType.web);
  return {
    corpManage: isManager,
    // The log itself is for owners and admins (the server refuses others), so only they get the entry.
    applog: isManager && hasFeature(FeatureCode.applog),
    openInBrowser: inDingTalkPc,
    logout: !inDingTalkPc && !thirdParty,
  };
}
