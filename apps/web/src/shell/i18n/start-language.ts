import { DEFAULT_LANGUAGE, type Language, Languages } from '@canopy/contract';
import { localStore, StorageKey } from '../storage/local-store';

export function isLanguage(value: string | null | undefined): value is Language {
  return Languages.some((l) => l === value);
}

/**
 * The language the page starts in: the remembered one, else the default. Its own small module so the
 * early requests (shell/api/early-requests.ts) send the same language header as the client will.
 */
export function initialLanguage(): Language {
  const stored = localStore.get(StorageKey.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
