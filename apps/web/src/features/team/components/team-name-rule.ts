import { checkTeamName, formatShellMessage } from '@canopy/contract';
import type { FormRule } from 'antd';
import { currentLanguage } from '../../../shell/i18n/i18n';

/** Spec §5 team-name rules, with the exact messages the server would give (shared checker). */
export const teamNameRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    const problem = checkTeamName(typeof value === 'string' ? value : '');
    if (problem) throw new Error(formatShellMessage(problem, currentLanguage()));
  },
};
