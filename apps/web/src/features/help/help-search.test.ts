import { describe, expect, it } from 'vitest';
import { markdownToText, type SearchableArticle, searchArticles } from './help-search';

const zh: SearchableArticle[] = [
  { slug: 'create-table', title: '创建数据表', text: '数据表用来存放一类业务数据，例如客户或报销单。' },
  {
    slug: 'create-workflow',
    title: '创建审批流程',
    text: '在数据表页点击「流程设计」，添加审批人节点，发布后提交的数据会进入审批。',
  },
];
const en: SearchableArticle[] = [
  { slug: 'use-views', title: 'Use views', text: 'A view shows one table with its own Filter, sort and grouping.' },
  { slug: 'create-workflow', title: 'Create a workflow', text: 'Add an approver node, then publish the flow.' },
];

describe('help-center search', () => {
  it('finds Chinese by substring, in the middle of a sentence, with the match cut out for highlighting', () => {
    const results = searchArticles(zh, '流程设计');
    expect(results.map((r) => r.slug)).toEqual(['create-workflow']);
    const [first] = results;
    expect(first?.snippet.hit).toBe('流程设计');
    expect(first?.snippet.before).toContain('在数据表页点击「');
    expect(first?.snippet.after.startsWith('」，添加审批人节点')).toBe(true);
  });

  it('puts articles whose title matches first', () => {
    expect(searchArticles(zh, '数据表').map((r) => r.slug)).toEqual(['create-table', 'create-workflow']);
  });

  it('matches English words case-insensitively, every word required, in any order', () => {
    expect(searchArticles(en, 'filter').map((r) => r.slug)).toEqual(['use-views']);
    expect(searchArticles(en, 'FILTER')[0]?.snippet.hit).toBe('Filter');
    expect(searchArticles(en, 'publish approver').map((r) => r.slug)).toEqual(['create-workflow']);
    expect(searchArticles(en, 'publish filter')).toEqual([]);
  });

  it('treats full-width letters like half-width ones', () => {
    expect(searchArticles(en, 'ＶＩＥＷ').map((r) => r.slug)).toEqual(['use-views']);
  });

  it('returns nothing for no match and for an empty query', () => {
    expect(searchArticles(zh, '发票打印')).toEqual([]);
    expect(searchArticles(en, 'invoice')).toEqual([]);
    expect(searchArticles(zh, '   ')).toEqual([]);
  });

  it('searches the text of the Markdown, not its marks, links or images', () => {
    const text = markdownToText(
      '## 第一步\n\n点击 **新建**，见[视图](/help/use-views)。\n\n![截图](../images/x.png)\n\n- 列表项',
    );
    expect(text).toBe('第一步 点击 新建，见视图。 列表项');
  });
});
