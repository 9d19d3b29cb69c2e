import { createContext, useContext } from 'react';
import type { HelpTopic } from './help-topics';

export interface HelpCenter {
  /** Opens the help drawer, at one topic when given. */
  openHelp: (topic?: HelpTopic) => void;
  /** Starts the new-user guide over the header controls. */
  startGuide: () => void;
}

export const HelpCenterContext = createContext<HelpCenter | null>(null);

export function useHelpCenter(): HelpCenter {
  const center = useContext(HelpCenterContext);
  if (!center) throw new Error('useHelpCenter must be used inside HelpCenterProvider');
  return center;
}
