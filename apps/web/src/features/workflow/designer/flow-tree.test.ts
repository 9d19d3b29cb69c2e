import { defaultWorkflowDefinition, type WorkflowDefinition } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import {
  addBranch,
  buildChain,
  chainIds,
  findBranch,
  flowChain,
  idsInErrorFields,
  insertNode,
  moveBranch,
  newId,
  removeBranch,
  removeNode,
  unreachable,
} from './flow-tree';
import { type KindNames, makeBranch, makeNode } from './node-factory';

const names: KindNames = {
  node: {
    approve: '审批人',
    fill: '填写人',
    cc: '抄送人',
    action: '自动处理',
    condition: '条件分支',
    parallel: '并行分支',
  },
  branch: (n) => `条件${n}`,
  otherwise: '其他情况',
};

/** The flow as text: node ids in order, groups as [branch: ids | branch: ids]. */
function outline(def: WorkflowDefinition): string {
  const walk = (chain: ReturnType<typeof flowChain>): string =>
    chain
      .map((item) =>
        item.branches
          ? `${item.node.id}[${item.branches.map((b) => `${b.branch.id}:${walk(b.chain)}`).join(' | ')}]`
          : item.node.id,
      )
      .join(' > ');
  return walk(flowChain(def));
}

function withGroup(kind: 'condition' | 'parallel') {
  let def = defaultWorkflowDefinition();
  const group = makeNode(def, kind, names);
  def = insertNode(def, { after: 'start' }, group);
  const [b1, b2] = (group.settings as { branches: { id: string }[] }).branches.map((b) => b.id) as [string, string];
  return { def, group: group.id, b1, b2 };
}

describe('flow tree', () => {
  it('draws the default flow from the start node', () => {
    expect(outline(defaultWorkflowDefinition())).toBe('start > approve1');
  });

  it('inserts a node after another; what followed now follows it', () => {
    let def = defaultWorkflowDefinition();
    const cc = { ...makeNode(def, 'cc', names), id: 'cc1' };
    def = insertNode(def, { after: 'start' }, cc);
    expect(outline(def)).toBe('start > cc1 > approve1');
    const fill = { ...makeNode(def, 'fill', names), id: 'fill1' };
    def = insertNode(def, { after: 'approve1' }, fill);
    expect(outline(def)).toBe('start > cc1 > approve1 > fill1');
    expect(def.nodes.find((n) => n.id === 'fill1')?.next).toBeUndefined();
  });

  it('inserts a group with empty branches; the flow goes on after its join', () => {
    const { def, group, b1, b2 } = withGroup('condition');
    expect(outline(def)).toBe(`start > ${group}[${b1}: | ${b2}:] > approve1`);
    const branches = findBranch(def, b2);
    expect(branches?.branch).toMatchObject({ isElse: true });
  });

  it('inserts at the top of a branch and removes nodes inside it', () => {
    let { def, group, b1, b2 } = withGroup('parallel');
    def = insertNode(def, { group, branch: b1 }, { ...makeNode(def, 'approve', names), id: 'a' });
    def = insertNode(def, { group, branch: b1 }, { ...makeNode(def, 'approve', names), id: 'b' });
    def = insertNode(def, { after: 'b' }, { ...makeNode(def, 'cc', names), id: 'c' });
    expect(outline(def)).toBe(`start > ${group}[${b1}:b > c > a | ${b2}:] > approve1`);
    def = removeNode(def, 'b');
    expect(outline(def)).toBe(`start > ${group}[${b1}:c > a | ${b2}:] > approve1`);
    def = removeNode(def, 'a');
    expect(outline(def)).toBe(`start > ${group}[${b1}:c | ${b2}:] > approve1`);
    expect(unreachable(def)).toEqual([]);
  });

  it('removes a group with everything inside it', () => {
    let { def, group, b1 } = withGroup('condition');
    def = insertNode(def, { group, branch: b1 }, { ...makeNode(def, 'approve', names), id: 'inner' });
    def = removeNode(def, group);
    expect(outline(def)).toBe('start > approve1');
    expect(def.nodes.map((n) => n.id).sort()).toEqual(['approve1', 'start']);
  });

  it('never removes the start node', () => {
    const def = defaultWorkflowDefinition();
    expect(removeNode(def, 'start')).toBe(def);
  });

  it('adds condition branches before the else branch and parallel ones at the end', () => {
    const c = withGroup('condition');
    const def = addBranch(c.def, c.group, { ...makeBranch(c.def, 'condition', '条件2'), id: 'x' });
    expect(outline(def)).toBe(`start > ${c.group}[${c.b1}: | x: | ${c.b2}:] > approve1`);
    const p = withGroup('parallel');
    const def2 = addBranch(p.def, p.group, { ...makeBranch(p.def, 'parallel', '分支3'), id: 'y' });
    expect(outline(def2)).toBe(`start > ${p.group}[${p.b1}: | ${p.b2}: | y:] > approve1`);
  });

  it('moves condition branches but keeps the else branch last', () => {
    const c = withGroup('condition');
    let def = addBranch(c.def, c.group, { ...makeBranch(c.def, 'condition', '条件2'), id: 'x' });
    def = moveBranch(def, c.group, 'x', -1);
    expect(outline(def)).toBe(`start > ${c.group}[x: | ${c.b1}: | ${c.b2}:] > approve1`);
    expect(moveBranch(def, c.group, c.b1, 1)).toEqual(def);
  });

  it('removes a branch with its nodes', () => {
    const c = withGroup('parallel');
    let def = addBranch(c.def, c.group, { ...makeBranch(c.def, 'parallel', '分支3'), id: 'z' });
    def = insertNode(def, { group: c.group, branch: 'z' }, { ...makeNode(def, 'approve', names), id: 'gone' });
    def = removeBranch(def, c.group, 'z');
    expect(outline(def)).toBe(`start > ${c.group}[${c.b1}: | ${c.b2}:] > approve1`);
    expect(def.nodes.some((n) => n.id === 'gone')).toBe(false);
  });

  it('dissolves a group left with one branch: its nodes take the group’s place', () => {
    const c = withGroup('condition');
    let def = insertNode(c.def, { group: c.group, branch: c.b2 }, { ...makeNode(c.def, 'fill', names), id: 'f' });
    def = insertNode(def, { after: 'f' }, { ...makeNode(def, 'cc', names), id: 'g' });
    def = removeBranch(def, c.group, c.b1);
    expect(outline(def)).toBe('start > f > g > approve1');
    expect(unreachable(def)).toEqual([]);
    // An empty last branch leaves the flow as it was around the group.
    const p = withGroup('parallel');
    expect(outline(removeBranch(p.def, p.group, p.b1))).toBe('start > approve1');
  });

  it('stops at a loop in bad data instead of running forever', () => {
    const def: WorkflowDefinition = {
      nodes: [
        { id: 'start', type: 'start', name: 's', next: 'a', settings: { fieldRules: {} } },
        { id: 'a', type: 'cc', name: 'a', next: 'start', settings: { participants: [], fieldRules: {} } },
      ],
    };
    expect(chainIds(buildChain(def, 'start'))).toEqual(['start', 'a']);
  });

  it('finds node and branch ids in the field paths of a refusal', () => {
    const c = withGroup('condition');
    expect(idsInErrorFields(c.def, ['approve1', `nodes.${c.b1}.filter`, 'definition', 'nodes[start]'])).toEqual([
      'approve1',
      c.b1,
      'start',
    ]);
  });

  it('makes ids that no node or branch has', () => {
    const def = defaultWorkflowDefinition();
    let calls = 0;
    // The first draw repeats an id already taken; the second is free.
    const draws = [0, 0, 0.5];
    const id1 = newId(def, 'x', ['x_000000'], () => draws[calls++] ?? 0.9);
    expect(id1).not.toBe('x_000000');
    expect(id1).toMatch(/^x_[0-9a-z]{6}$/);
  });
});
