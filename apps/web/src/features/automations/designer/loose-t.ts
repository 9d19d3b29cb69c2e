import type { TFunction } from 'i18next';

/**
 * `t` for keys made at run time (a variable's label, a kind the server added later): the typed `t`
 * accepts only keys it knows; an unknown key shows as itself.
 */
export const looseT = (t: TFunction) => t as unknown as (key: string, params?: Record<string, unknown>) => string;
