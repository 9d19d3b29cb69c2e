/**
 * Account settings open at a tab from a link on any page (e.g. /todos → 代理审批): the header's
 * avatar menu watches this search parameter and removes it when the dialog closes.
 */
export const ACCOUNT_PARAM = 'account';

export const AccountTabs = ['profile', 'security', 'delegation', 'tokens'] as const;
export type AccountTab = (typeof AccountTabs)[number];

export function accountTabOf(value: string | null): AccountTab | null {
  return AccountTabs.find((t) => t === value) ?? null;
}

/** The current page with account settings opened at `tab`. */
export function accountSettingsPath(pathname: string, tab: AccountTab): string {
  return `${pathname}?${ACCOUNT_PARAM}=${tab}`;
}
