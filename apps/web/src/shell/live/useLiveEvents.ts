import { livePath } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The member's live stream for the current team (server-sent events): `letter` refreshes every
 * notice query (bell count, lists), `todo` every to-do query (keys starting with ['todos']: panel,
 * badge, lists, summary). The browser reconnects by itself; the spec's polling stays the fallback
 * when the stream is down or refused.
 */
export function useLiveEvents(engineCode: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!engineCode || typeof EventSource === 'undefined') return;
    const source = new EventSource(livePath(engineCode), { withCredentials: true });
    const onLetter = () => void queryClient.invalidateQueries({ queryKey: ['notices'] });
    const onTodo = () => void queryClient.invalidateQueries({ queryKey: ['todos'] });
    source.addEventListener('letter', onLetter);
    source.addEventListener('todo', onTodo);
    return () => source.close();
  }, [engineCode, queryClient]);
}

/** Mounted once in the session root. */
export function LiveEvents({ engineCode }: { engineCode: string | undefined }) {
  useLiveEvents(engineCode);
  return null;
}
