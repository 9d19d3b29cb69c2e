import type { Delegation, DelegationScopes, SetDelegationBody } from '@canopy/contract';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';

/** The delegate as the form holds it: the picker gives a name to show beside the id. */
export interface DelegateValue {
  memberId: string;
  name: string;
}

export interface DelegationValues {
  delegate?: DelegateValue;
  startsAt?: Dayjs;
  endsAt?: Dayjs;
  scope: 'all' | 'chosen';
  /** Tree keys: `app:<code>` (a whole app) or `flow:<code>` (one flow). */
  scopeKeys: string[];
  note: string;
}

export const appKey = (code: string) => `app:${code}`;
export const flowKey = (code: string) => `flow:${code}`;

/** The form's values for a delegation being edited, or for a new one (from now, for the member to end). */
export function valuesOf(d: Delegation | null, now = dayjs()): DelegationValues {
  if (!d) return { startsAt: now.startOf('minute'), scope: 'all', scopeKeys: [], note: '' };
  return {
    delegate: { memberId: d.delegate.memberId, name: d.delegate.name },
    startsAt: dayjs(d.startsAt),
    endsAt: dayjs(d.endsAt),
    scope: d.apps.length || d.flows.length ? 'chosen' : 'all',
    scopeKeys: [...d.apps.map((a) => appKey(a.code)), ...d.flows.map((f) => flowKey(f.code))],
    note: d.note,
  };
}

/** The request body of the form's values (validated by the form first: delegate and times are set). */
export function bodyOf(v: DelegationValues): SetDelegationBody {
  const codes = (prefix: string) => v.scopeKeys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  return {
    delegateMemberId: v.delegate?.memberId ?? '',
    startsAt: (v.startsAt ?? dayjs()).valueOf(),
    endsAt: (v.endsAt ?? dayjs()).valueOf(),
    note: v.note.trim(),
    scope: v.scope,
    ...(v.scope === 'chosen' ? { appCodes: codes('app:'), workflowCodes: codes('flow:') } : {}),
  };
}

export interface ScopeNode {
  value: string;
  title: string;
  children?: ScopeNode[];
}

/** The scope tree: each app, its flows under it (checking every flow of an app is the whole app). */
export function scopeTree(scopes: DelegationScopes): ScopeNode[] {
  return scopes.apps.map((a) => ({
    value: appKey(a.appCode),
    title: a.appName,
    children: a.flows.map((f) => ({ value: flowKey(f.workflowCode), title: f.name })),
  }));
}
