import { Limits } from '@canopy/contract';
import { useCallback, useEffect, useState } from 'react';
import { storeTeamSelection } from '../../../shell/storage/team-selection';
import { activateTeam, fetchLatestEngines } from '../../team/api/team-api';

/**
 * Spec §4 after accepting an invitation: ask for the latest team list every second until the new
 * team is there, then activate it and go home. After 30 tries with a non-empty list, time out
 * (the dialog offers to enter the system or to keep waiting, which starts counting again).
 */
export function useJoinPolling(corpId: string | null) {
  const [tries, setTries] = useState(0);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!corpId || timedOut) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      let listLength = 0;
      try {
        const list = await fetchLatestEngines('silent');
        listLength = list.length;
        const team = list.find((e) => e.corpId === corpId);
        if (team && !cancelled) {
          await activateTeam(team.engineCode);
          storeTeamSelection(team);
          window.location.assign('/home');
          return;
        }
      } catch {
        // A failed poll counts as a try; the next one may succeed.
      }
      if (cancelled) return;
      const next = tries + 1;
      if (next >= Limits.joinPollTries && listLength > 0) setTimedOut(true);
      setTries(next);
    }, Limits.joinPollMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [corpId, tries, timedOut]);

  const keepWaiting = useCallback(() => {
    setTries(0);
    setTimedOut(false);
  }, []);

  return { tries, timedOut, keepWaiting };
}
