import { createContext, useContext } from 'react';
import type { HelpTopic } from './help-topics';

export interface HelpCenter {
  /** Opens the help center (/help), at one topic's article (/help/<slug>) when given. */
  openHelp: (topic?: HelpTopic) => void;
  /** Restarts the new-user guide from its first step (saved on the server). */
  startGuide: () => void;
}

export const HelpCenterContext = createContext<HelpCenter | null>(null);

export function useHelpCenter(): HelpCenter {
  const center = useContext(HelpCenterContext);
  if (!center) throw new Error('useHelpCenter must be used inside HelpCenterProvider');
  return center;
}
