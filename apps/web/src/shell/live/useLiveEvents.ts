import { type LiveRecordsData, livePath, USER_LIVE_PATH } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The member's live stream for the current team (server-sent events): `letter` refreshes every
 * notice query (bell count, lists), `todo` every to-do query (keys starting with ['todos']: panel,
 * badge, lists, summary), `records` the lists and records of the table it names (a grid shows a
 * record's 流程状态 and 当前节点 as the flow moves), `invitation` the invitations addressed to the
 * user. Without a current team (a newcomer on 创建团队) the user's own stream carries the invitations
 * alone. The browser reconnects by itself; the spec's polling stays the fallback when the stream is
 * down or refused.
 */
export function useLiveEvents(engineCode: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(engineCode ? livePath(engineCode) : USER_LIVE_PATH, { withCredentials: true });
    const refresh = (key: string) => () => void queryClient.invalidateQueries({ queryKey: [key] });
    // A table's records changed elsewhere (a flow moved on): its open lists and records read again.
    // Keys are ['tables', engine, app, schema, 'records' | 'record', …] (features/tables/api).
    const onRecords = (event: MessageEvent<string>) => {
      const schemaCode = recordsTable(event.data);
      void queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'tables' &&
          q.queryKey[1] === engineCode &&
          (schemaCode === null || q.queryKey[3] === schemaCode) &&
          (q.queryKey[4] === 'records' || q.queryKey[4] === 'record'),
      });
    };
    source.addEventListener('letter', refresh('notices'));
    source.addEventListener('todo', refresh('todos'));
    source.addEventListener('records', onRecords);
    source.addEventListener('invitation', refresh('invitations'));
    return () => source.close();
  }, [engineCode, queryClient]);
}

/** The table a `records` event names (null: any table, e.g. after the server's stream came back). */
function recordsTable(data: string): string | null {
  try {
    const parsed = JSON.parse(data) as LiveRecordsData;
    return typeof parsed.schemaCode === 'string' ? parsed.schemaCode : null;
  } catch {
    return null;
  }
}

/** Mounted once in the session root. */
export function LiveEvents({ engineCode }: { engineCode: string | undefined }) {
  useLiveEvents(engineCode);
  return null;
}
