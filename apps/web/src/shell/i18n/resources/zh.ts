import { zhMore } from './zh-more';
import { zhShell } from './zh-shell';

/**
 * Chinese texts: the source of the translation keys (en and jp must have the same shape). Texts
 * the spec quotes in Chinese are used exactly. The browser gets them in two parts (zh-shell.ts,
 * bundled; zh-more.ts, fetched when another page or a dialog first loads).
 */
export const zh = { ...zhShell, ...zhMore };

export type Translation = typeof zh;
