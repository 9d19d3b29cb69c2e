import type { BasicUser, EngineItem } from '@canopy/contract';
import { createContext, useContext } from 'react';

/** Who is signed in and in which team: everything the shell decides visibility with. */
export interface Session {
  user: BasicUser;
  engines: EngineItem[];
  /** The team requests are about; null while the user has no team yet. */
  current: EngineItem | null;
  features: string[];
  /**
   * The current team's feature list has come from the server (or could not be had). Until then
   * `features` is the locally stored list, good for showing menus but not for refusing a page.
   */
  featuresSettled: boolean;
  /** Owner or admin of the current team (spec §6). */
  isManager: boolean;
  hasFeature: (code: string) => boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the session root');
  return session;
}
