import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionKeys } from '../../../shell/session/query-keys';
import { fetchSystemInfo } from '../../../shell/session/session-api';
import { localStore, StorageKey } from '../../../shell/storage/local-store';

/**
 * Spec §2: the home help panel shows until closed (remembered under HomeHelp) and never in a
 * private deployment. While deployment facts are loading it stays hidden, so it cannot flash.
 */
export function useHomeHelp() {
  const [closed, setClosed] = useState(() => localStore.get(StorageKey.homeHelp) === 'closed');
  const info = useQuery({ queryKey: sessionKeys.systemInfo, queryFn: fetchSystemInfo, staleTime: 5 * 60_000 });
  const visible = !closed && info.data?.privateDeployment === false;
  const close = () => {
    localStore.set(StorageKey.homeHelp, 'closed');
    setClosed(true);
  };
  // The operation area follows the same deployment rule, but cannot be closed.
  const showOperation = info.data?.privateDeployment === false;
  return { visible, close, showOperation };
}
