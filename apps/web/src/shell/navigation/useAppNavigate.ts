import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localStore, StorageKey } from '../storage/local-store';
import { withCarriedQuery } from './carry-query';

export interface AppNavigateOptions {
  replace?: boolean;
}

/**
 * A new version was detected: the next navigation loads the page in full so the user picks up the
 * new build without a jarring reload in the middle of their work (spec §2).
 */
export function takeNewVersionFlag(): boolean {
  if (localStore.get(StorageKey.newVersion) !== '1') return false;
  localStore.remove(StorageKey.newVersion);
  return true;
}

/** In-app navigation that follows the spec's rules: carry engineCode, reload once after a new version. */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: string, options: AppNavigateOptions = {}) => {
      const target = withCarriedQuery(to, search);
      if (takeNewVersionFlag()) {
        if (options.replace) window.location.replace(target);
        else window.location.assign(target);
        return;
      }
      navigate(target, { replace: options.replace ?? false });
    },
    [navigate, search],
  );
}

/** "Back" returns to the previous in-app page, or to /home when the user arrived here directly. */
export function useGoBack() {
  const navigate = useNavigate();
  const appNavigate = useAppNavigate();
  return useCallback(() => {
    // react-router numbers its history entries; 0 means nothing of ours came before.
    const state: unknown = window.history.state;
    const idx = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
    if (idx > 0) navigate(-1);
    else appNavigate('/home', { replace: true });
  }, [navigate, appNavigate]);
}
