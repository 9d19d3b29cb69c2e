import { type EngineItem, EngineState } from '@canopy/contract';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { clearTeamSelection, storeTeamSelection } from '../../../shell/storage/team-selection';
import { activateTeam, closeTeam, fetchLatestEngines, restoreTeam } from '../api/team-api';

const isOpen = (e: EngineItem) => e.state !== EngineState.closed;

/** After the current team closed: on to the first open team left, or to team creation. */
async function leaveClosedTeam(): Promise<void> {
  clearTeamSelection();
  try {
    const next = (await fetchLatestEngines('silent')).find(isOpen);
    if (!next) {
      window.location.assign('/team/create');
      return;
    }
    await activateTeam(next.engineCode);
    storeTeamSelection(next);
  } catch {
    // The start-up picks a team from the list by itself.
  }
  window.location.assign('/');
}

/**
 * Deleting a team (DESIGN.md reading): close it, say until when it can be restored, then move on to
 * another team. Restoring reopens it and makes it the current team.
 */
export function useTeamClosing() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : i18n.language);

  const close = async (team: EngineItem, typedName: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const { purgeAt } = await closeTeam(team.engineCode, typedName);
      modal.success({
        title: t('teams.closedTitle'),
        content: t('teams.closedContent', { name: team.corpName, time: when(purgeAt) }),
        okButtonProps: { id: 'team-closed-ok' },
        onOk: () => leaveClosedTeam(),
      });
      return true;
    } catch (e) {
      setError((isApiError(e) && (e.fieldMessage('corpName') ?? e.errorMessage)) || t('teams.deleteFailed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const restore = async (team: EngineItem): Promise<void> => {
    setBusy(true);
    try {
      await restoreTeam(team.engineCode);
      await activateTeam(team.engineCode);
      storeTeamSelection(team);
      message.success(t('teams.restored'));
      window.location.assign('/');
    } catch (e) {
      message.error((isApiError(e) && e.errorMessage) || t('teams.restoreFailed'));
      setBusy(false);
    }
  };

  return { close, restore, busy, error, setError, when };
}
