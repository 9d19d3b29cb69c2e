import type { TemplateSummary } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { filterTemplates, sectionCounts } from './template-filter';

const template = (id: string, over: Partial<TemplateSummary>): TemplateSummary => ({
  id,
  externalLabel: `builtin:${id}@000000000000`,
  kind: 'builtin',
  name: id,
  description: '',
  icon: '{"icon":"appstore","color":0}',
  category: 'admin',
  contents: { tables: [], flows: [], dashboards: [], pages: [] },
  previews: [],
  publisherName: '',
  publishedAt: 0,
  canRemove: false,
  ...over,
});

const all = [
  template('leave', { name: '请假审批', description: '员工在线提交请假申请', category: 'hr' }),
  template('crm', { name: '客户管理', description: '客户、联系人与跟进记录 CRM', category: 'sales' }),
  template('car', { name: '用车申请', description: '公务用车申请与派车', category: 'admin' }),
  template('mine', { kind: 'team', name: '资产登记', description: '登记公司资产', category: null }),
];
const ids = (list: TemplateSummary[]) => list.map((t) => t.id);

describe('template center filter', () => {
  it('shows one category, the team’s own, or every template', () => {
    expect(ids(filterTemplates(all, 'hr', ''))).toEqual(['leave']);
    expect(ids(filterTemplates(all, 'team', ''))).toEqual(['mine']);
    expect(ids(filterTemplates(all, 'all', ''))).toEqual(['leave', 'crm', 'car', 'mine']);
    expect(filterTemplates(all, 'it', '')).toEqual([]);
  });

  it('searches names and descriptions, every word, ignoring case, within the section', () => {
    expect(ids(filterTemplates(all, 'all', '申请'))).toEqual(['leave', 'car']);
    expect(ids(filterTemplates(all, 'all', 'crm'))).toEqual(['crm']);
    expect(ids(filterTemplates(all, 'all', '  公务  派车 '))).toEqual(['car']);
    expect(ids(filterTemplates(all, 'hr', '派车'))).toEqual([]);
    expect(ids(filterTemplates(all, 'all', '资产'))).toEqual(['mine']);
  });

  it('counts each section for the search', () => {
    const counts = sectionCounts(all, '申请');
    expect(counts.all).toBe(2);
    expect(counts.hr).toBe(1);
    expect(counts.admin).toBe(1);
    expect(counts.sales).toBe(0);
    expect(counts.team).toBe(0);
    expect(sectionCounts(all, '').team).toBe(1);
  });
});
