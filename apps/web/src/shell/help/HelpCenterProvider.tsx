import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { lazyPart } from '../app/lazy-chunk';
import { type HelpCenter, HelpCenterContext } from './help-center-context';
import { helpPath } from './help-topics';
import { useOnboarding, useRestartGuide } from './onboarding-state';

/** The guide's overlay (antd Tour) is its own chunk, fetched only for members the guide is due for. */
const NewUserTour = lazyPart(() => import('./NewUserTour').then((m) => m.NewUserTour));

/** Opens the help center's pages and owns the new-user guide, so the header menu and the home help panel share them. */
export function HelpCenterProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const restart = useRestartGuide();
  const due = useOnboarding().data?.due === true;

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
      {due && <NewUserTour />}
    </HelpCenterContext>
  );
}
