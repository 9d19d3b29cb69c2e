import type { InvitationSummary } from '@canopy/contract';
import { App } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { joinInvitation, refuseInvitation } from '../api/invitation-api';
import { useJoinPolling } from '../hooks/useJoinPolling';
import { usePendingInvitation } from '../hooks/usePendingInvitation';

/** Shown only with an invitation: each dialog is its own chunk, so /home does not load them. */
const InvitationPrompt = lazy(() => import('./InvitationPrompt').then((m) => ({ default: m.InvitationPrompt })));
const JoinWaitDialog = lazy(() => import('./JoinWaitDialog').then((m) => ({ default: m.JoinWaitDialog })));

/**
 * Invitations for the signed-in user (spec §4): the mailed link's `?invitationId=` or a pending
 * invitation found after sign-in. Accepting joins, then waits for the team to show up in the list.
 */
export function InvitationGate() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { pending, close, refetchMine } = usePendingInvitation();
  const [busy, setBusy] = useState<'join' | 'refuse' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<InvitationSummary | null>(null);
  const polling = useJoinPolling(joined?.corpId ?? null);

  const failure = (e: unknown) =>
    isApiError(e) && e.kind === 'http' ? e.errorMessage || t('errors.unknownTitle') : t('errors.networkMessage');

  const answer = async (invitation: InvitationSummary, how: 'join' | 'refuse') => {
    setBusy(how);
    setError(null);
    try {
      if (how === 'join') {
        await joinInvitation(invitation.id);
        setJoined(invitation);
      } else {
        await refuseInvitation(invitation.id);
        message.info(t('invite.refused'));
        close(invitation.id);
        void refetchMine();
      }
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(null);
    }
  };

  if (joined) {
    return (
      <Suspense fallback={null}>
        <JoinWaitDialog
          corpName={joined.corpName}
          timedOut={polling.timedOut}
          onEnter={() => window.location.assign('/home')}
          onKeepWaiting={polling.keepWaiting}
        />
      </Suspense>
    );
  }
  if (!pending) return null;
  const currentId = pending.state === 'ready' ? pending.invitation.id : undefined;
  return (
    <Suspense fallback={null}>
      <InvitationPrompt
        pending={pending}
        busy={busy}
        error={error}
        onJoin={(i) => void answer(i, 'join')}
        onRefuse={(i) => void answer(i, 'refuse')}
        onClose={() => {
          setError(null);
          close(currentId);
        }}
      />
    </Suspense>
  );
}
