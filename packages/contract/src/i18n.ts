/** Languages of the product; zh is the default (spec §1). */
export const Languages = ['zh', 'en', 'jp'] as const;
export type Language = (typeof Languages)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export function toLanguage(value: string | undefined | null): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const v = value.toLowerCase();
  if (v.startsWith('en')) return 'en';
  if (v.startsWith('jp') || v.startsWith('ja')) return 'jp';
  if (v.startsWith('zh')) return 'zh';
  return DEFAULT_LANGUAGE;
}
