import type { WithheldViewField } from '@canopy/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../../shell/i18n/resources/en';
import { zh } from '../../../shell/i18n/resources/zh';
import { viewOf, WithheldWarnings, withheldText } from './withheld';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'zh',
  resources: { zh: { translation: zh }, en: { translation: en } },
  interpolation: { escapeValue: false },
});

const cost: WithheldViewField = {
  field: 'f1',
  name: '成本',
  roles: ['member'],
  roleNames: ['成员'],
  uses: ['filter', 'sort'],
};
const secret: WithheldViewField = {
  field: 'f2',
  name: '内部备注',
  roles: ['manager', 'member'],
  roleNames: ['管理员', '成员'],
  uses: ['groupBy'],
};

describe('the warning after saving a view that members of a role do not get whole (issue 30)', () => {
  it('names the roles and the fields, in the chosen language', () => {
    const zhT = i18n.getFixedT('zh');
    expect(withheldText([cost], zhT)).toBe('成员看不到“成本”：此视图按它们的筛选、排序和分组对成员不生效');
    expect(withheldText([cost, secret], zhT)).toBe(
      '管理员、成员看不到“成本”、“内部备注”：此视图按它们的筛选、排序和分组对管理员、成员不生效',
    );
    expect(withheldText([cost], i18n.getFixedT('en'))).toBe(
      "成员 can't see \"成本\": this view's filters, sorts and grouping on them don't apply for 成员",
    );
    expect(withheldText([], zhT)).toBe('');
  });

  it('names any of the app roles, by their names, in the app order (issue 27)', () => {
    const zhT = i18n.getFixedT('zh');
    const sales: WithheldViewField = {
      field: 'f3',
      name: '成本价',
      roles: ['r_sales'],
      roleNames: ['销售'],
      uses: ['filter'],
    };
    const salary: WithheldViewField = {
      field: 'f4',
      name: '工资',
      roles: ['r_finance', 'r_sales', 'r_hr_view'],
      roleNames: ['财务', '销售', 'HR 只读'],
      uses: ['sort'],
    };
    expect(withheldText([sales], zhT)).toBe('销售看不到“成本价”：此视图按它们的筛选、排序和分组对销售不生效');
    // 财务 comes before 销售 in the app (the second field's order), though the first field names 销售 alone.
    expect(withheldText([sales, salary], zhT)).toBe(
      '财务、销售、HR 只读看不到“成本价”、“工资”：此视图按它们的筛选、排序和分组对财务、销售、HR 只读不生效',
    );
    expect(withheldText([sales], i18n.getFixedT('en'))).toBe(
      "销售 can't see \"成本价\": this view's filters, sorts and grouping on them don't apply for 销售",
    );
  });

  it('warns once for a view saved again and again, and again when what members miss changes', () => {
    const t = i18n.getFixedT('zh');
    const warnings = new WithheldWarnings();
    expect(warnings.next('v1', [cost], t)).toContain('成本');
    expect(warnings.next('v1', [cost], t)).toBe('');
    expect(warnings.next('v2', [cost], t)).toContain('成本');
    expect(warnings.next('v1', [cost, secret], t)).toContain('内部备注');
    expect(warnings.next('v1', [], t)).toBe('');
    expect(warnings.next('v1', [cost], t)).toContain('成本');
  });

  it('keeps the warning out of the cached view', () => {
    const config = { columns: [], sorts: [], rowHeight: 'short' as const, pageSize: 50 };
    const view = { code: 'v1', name: '视图', kind: 'grid', personal: false, config };
    expect(viewOf({ ...view, withheld: [cost] })).toEqual(view);
  });
});
