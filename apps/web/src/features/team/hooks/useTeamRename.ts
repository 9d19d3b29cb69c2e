import { checkTeamName, formatShellMessage, Limits } from '@canopy/contract';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { renameTeam } from '../api/team-api';

/** Spec §5 team-name problem in the user's language (the same text the server would answer), or null. */
export function teamNameProblem(raw: string): string | null {
  const problem = checkTeamName(raw);
  return problem ? formatShellMessage(problem, currentLanguage()) : null;
}

export type RenameResult = { ok: true; changed: boolean; name: string } | { ok: false; error: string };

/**
 * Team rename (spec §4/§5): the rules first, no call for an unchanged name, then 修改成功 and a
 * reload after 1 s so every screen (header, titles, other tabs' caches) shows the new name.
 */
export function useTeamRename() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const rename = async (corpId: string, currentName: string, raw: string): Promise<RenameResult> => {
    const problem = teamNameProblem(raw);
    if (problem) return { ok: false, error: problem };
    const name = raw.trim();
    if (name === currentName.trim()) return { ok: true, changed: false, name };
    if (inFlight.current) return { ok: false, error: '' };
    inFlight.current = true;
    setSaving(true);
    try {
      const saved = await renameTeam(corpId, name);
      if (!saved) return { ok: false, error: t('teams.renameFailed') };
      message.success(t('teams.renameDone'));
      window.setTimeout(() => window.location.reload(), Limits.renameReloadMs);
      return { ok: true, changed: true, name };
    } catch (error) {
      if (!isApiError(error)) return { ok: false, error: t('teams.renameFailed') };
      if (error.kind === 'network') return { ok: false, error: t('errors.networkMessage') };
      return { ok: false, error: error.fieldMessage('corpName') || error.errorMessage || t('teams.renameFailed') };
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return { rename, saving };
}
