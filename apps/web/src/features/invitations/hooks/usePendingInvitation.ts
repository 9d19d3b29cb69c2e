import { formatShellMessage, type InvitationSummary } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../shell/api/api-error';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { fetchInvitation, fetchMyInvitations, invitationKeys } from '../api/invitation-api';
import { INVITATION_PARAM } from '../invitation-param';
import { dismissInvitation, isDismissed } from './dismissed-invitations';

export type PendingInvitation =
  | { state: 'loading' }
  | { state: 'problem'; message: string }
  | { state: 'ready'; invitation: InvitationSummary };

/**
 * The invitation to offer: the one in the URL (the mailed link), else the first pending invitation
 * addressed to the user that they have not put aside in this session.
 */
export function usePendingInvitation() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const urlId = search.get(INVITATION_PARAM);
  const [, setVersion] = useState(0);

  const fromUrl = useQuery({
    queryKey: ['invitations', 'last', urlId ?? ''],
    queryFn: () => fetchInvitation(urlId ?? ''),
    enabled: Boolean(urlId?.trim()),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const mine = useQuery({
    queryKey: invitationKeys.mine,
    queryFn: fetchMyInvitations,
    enabled: urlId === null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  let pending: PendingInvitation | null = null;
  if (urlId !== null) {
    if (!urlId.trim())
      pending = { state: 'problem', message: formatShellMessage('invitation.missing', currentLanguage()) };
    else if (fromUrl.data) pending = { state: 'ready', invitation: fromUrl.data };
    else if (fromUrl.isError) {
      const e = fromUrl.error;
      const message = isApiError(e) && e.kind === 'http' ? e.errorMessage : t('errors.networkMessage');
      pending = { state: 'problem', message: message || t('errors.unknownTitle') };
    } else pending = { state: 'loading' };
  } else {
    const next = mine.data?.find((i) => !isDismissed(i.id));
    if (next) pending = { state: 'ready', invitation: next };
  }

  /** Put the current offer aside: drop the URL parameter and remember the invitation as seen. */
  const close = useCallback(
    (id?: string) => {
      if (id) {
        dismissInvitation(id);
        setVersion((v) => v + 1);
      }
      if (search.has(INVITATION_PARAM)) {
        const next = new URLSearchParams(search);
        next.delete(INVITATION_PARAM);
        setSearch(next, { replace: true });
      }
    },
    [search, setSearch],
  );

  return { pending, close, refetchMine: mine.refetch };
}
