import type { EngineItem } from '@canopy/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { useSession } from '../../../shell/session/session-context';
import { clearTeamSelection, storeTeamSelection } from '../../../shell/storage/team-selection';
import { activateTeam, fetchLatestEngines, leaveTeam } from '../api/team-api';

/**
 * Spec §4 leaving a team. The current team: ask for the latest list; none left → the create page,
 * otherwise switch to the first remaining one. Another team: reload the page.
 */
export function useLeaveTeam() {
  const { t } = useTranslation();
  const { current } = useSession();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const leave = async (team: EngineItem): Promise<void> => {
    setLeaving(true);
    setError(null);
    try {
      await leaveTeam(team.engineCode);
    } catch (e) {
      setLeaving(false);
      if (isApiError(e) && e.kind === 'network') setError(t('errors.networkMessage'));
      else setError((isApiError(e) && e.errorMessage) || t('teams.leaveFailed'));
      return;
    }
    if (team.engineCode !== current?.engineCode) {
      window.location.reload();
      return;
    }
    // The stored team is no longer ours: requests must not name it any more.
    clearTeamSelection();
    try {
      const [next] = await fetchLatestEngines();
      if (!next) {
        window.location.assign('/team/create');
        return;
      }
      await activateTeam(next.engineCode);
      storeTeamSelection(next);
    } catch {
      // The start-up picks a team from the list by itself; a failed switch just lands there.
    }
    window.location.assign('/');
  };

  const resetError = useCallback(() => setError(null), []);
  return { leave, leaving, error, resetError };
}
