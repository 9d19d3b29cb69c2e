import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type HelpCenter, HelpCenterContext } from './help-center-context';
import { helpPath } from './help-topics';
import { NewUserTour, useRestartGuide } from './NewUserTour';

/** Opens the help center's pages and owns the new-user guide, so the header menu and the home help panel share them. */
export function HelpCenterProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const restart = useRestartGuide();

  const center = useMemo<HelpCenter>(
    () => ({
      openHelp: (topic) => navigate(helpPath(topic)),
      startGuide: () => restart.mutate(),
    }),
    [navigate, restart.mutate],
  );

  return (
    <HelpCenterContext value={center}>
      {children}
      <NewUserTour />
    </HelpCenterContext>
  );
}
