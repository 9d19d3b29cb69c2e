import { type ReactNode, useMemo, useState } from 'react';
import { HelpDrawer } from './HelpDrawer';
import { type HelpCenter, HelpCenterContext } from './help-center-context';
import type { HelpTopic } from './help-topics';
import { NewUserTour, useRestartGuide } from './NewUserTour';

/** Owns the help drawer and the new-user guide, so the header menu and the home help panel share them. */
export function HelpCenterProvider({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [topic, setTopic] = useState<HelpTopic | undefined>();
  const restart = useRestartGuide();

  const center = useMemo<HelpCenter>(
    () => ({
      openHelp: (next) => {
        setTopic(next);
        setDrawerOpen(true);
      },
      startGuide: () => restart.mutate(),
    }),
    [restart.mutate],
  );

  return (
    <HelpCenterContext value={center}>
      {children}
      <HelpDrawer open={drawerOpen} topic={topic} onTopicChange={setTopic} onClose={() => setDrawerOpen(false)} />
      <NewUserTour />
    </HelpCenterContext>
  );
}
