import { describe, expect, it } from 'vitest';
import { mentionedIn } from './mentions';

describe('mentions in a comment', () => {
  it('names the picked members still written as @name, once each', () => {
    const picked = [
      { memberId: 'm1', name: '小林' },
      { memberId: 'm2', name: '艾主管' },
      { memberId: 'm1', name: '小林' },
    ];
    expect(mentionedIn('@小林 请补充发票，@小林 谢谢', picked)).toEqual(['m1']);
    expect(mentionedIn('请 @艾主管 和 @小林 看看', picked)).toEqual(['m1', 'm2']);
    expect(mentionedIn('删掉了提到的人', picked)).toEqual([]);
  });
});
