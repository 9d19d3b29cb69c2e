import type { Delegation } from '@canopy/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bodyOf, scopeTree, valuesOf } from './delegation-form';

const delegation: Delegation = {
  member: { memberId: 'm1', name: '艾丽' },
  delegate: { memberId: 'm2', name: '鲍勃' },
  startsAt: Date.UTC(2026, 10, 28, 1),
  endsAt: Date.UTC(2026, 10, 30, 10),
  active: true,
  note: '休假',
  apps: [{ code: 'crm', name: '客户' }],
  flows: [{ code: 'wf1', name: '报销单' }],
};

describe('the delegation form', () => {
  it('round-trips a delegation with chosen apps and flows', () => {
    const v = valuesOf(delegation);
    expect(v).toMatchObject({ scope: 'chosen', scopeKeys: ['app:crm', 'flow:wf1'], note: '休假' });
    expect(bodyOf({ ...v, note: '  休假  ' })).toEqual({
      delegateMemberId: 'm2',
      startsAt: delegation.startsAt,
      endsAt: delegation.endsAt,
      note: '休假',
      scope: 'chosen',
      appCodes: ['crm'],
      workflowCodes: ['wf1'],
    });
  });

  it('sends no codes for every flow, and starts a new one now with no end', () => {
    const fresh = valuesOf(null, dayjs('2026-11-28T09:30:42'));
    expect(fresh.scope).toBe('all');
    expect(fresh.startsAt?.format('HH:mm:ss')).toBe('09:30:00');
    expect(fresh.endsAt).toBeUndefined();
    const body = bodyOf({ ...valuesOf(delegation), scope: 'all' });
    expect(body).not.toHaveProperty('appCodes');
    expect(body.scope).toBe('all');
  });

  it('puts each app’s flows under it', () => {
    const tree = scopeTree({ apps: [{ appCode: 'a', appName: '报销', flows: [{ workflowCode: 'w', name: '差旅' }] }] });
    expect(tree).toEqual([{ value: 'app:a', title: '报销', children: [{ value: 'flow:w', title: '差旅' }] }]);
  });
});
