import { EngineEndpoints, type EngineItem } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { sessionKeys } from '../session/query-keys';
import { fetchSystemInfo } from '../session/session-api';
import { storeTeamSelection } from '../storage/team-selection';
import { teamHomeUrl } from './team-url';

/**
 * Spec §4 team switch: activate the chosen team on the server, remember it, then reload so every
 * screen starts clean in the new team — on the team's sub-domain when the deployment has a root
 * domain (and is not private). Failures are shown by the API client.
 */
export function useTeamSwitch() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [switching, setSwitching] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const switchTo = async (team: EngineItem) => {
    setSwitching(team.engineCode);
    message.loading({ content: t('header.switchingTeam'), duration: 0, key: 'team-switch' });
    try {
      await call(EngineEndpoints.activate, { body: { engineCode: team.engineCode } });
      storeTeamSelection(team);
      const info = await queryClient.fetchQuery({
        queryKey: sessionKeys.systemInfo,
        queryFn: fetchSystemInfo,
        staleTime: 5 * 60_000,
      });
      window.location.assign(teamHomeUrl(team.engineCode, info, window.location));
    } catch {
      message.destroy('team-switch');
      setSwitching(null);
    }
  };

  return { switchTo, switching };
}
