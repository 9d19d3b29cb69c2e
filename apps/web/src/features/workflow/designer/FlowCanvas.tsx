import { PlusOutlined } from '@ant-design/icons';
import type { FieldInfo, WorkflowDefinition } from '@canopy/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddNodePopover } from './AddNodePopover';
import { type Anchor, type BranchView, type ChainItem, flowChain, type GroupNode } from './flow-tree';
import { BranchCard, NodeCard } from './NodeCard';
import type { AddableKind } from './node-factory';
import './flow-canvas.css';

/** What the canvas can ask its owner to do; absent in a read-only canvas (a published version). */
export interface CanvasActions {
  insert: (anchor: Anchor, kind: AddableKind) => void;
  removeNode: (id: string) => void;
  addBranch: (groupId: string) => void;
  removeBranch: (groupId: string, branchId: string) => void;
  moveBranch: (groupId: string, branchId: string, delta: -1 | 1) => void;
}

interface Props {
  definition: WorkflowDefinition;
  fields: FieldInfo[];
  /** The node or branch whose drawer is open. */
  selected: string | null;
  /** Messages by node or branch id (a refused publish, or what the designer noticed). */
  problems: Map<string, string>;
  onOpen: (id: string) => void;
  actions?: CanvasActions | undefined;
  zoom?: number;
}

/**
 * The vertical flow canvas: the start node at the top, a "+" on every line, branch groups side by
 * side and joined below, the end of the flow at the bottom.
 */
export function FlowCanvas({ definition, fields, selected, problems, onOpen, actions, zoom = 1 }: Props) {
  const { t } = useTranslation();
  const chain = flowChain(definition);
  const ctx: Ctx = { fields, selected, problems, onOpen, actions };
  return (
    <div className="wf-canvas" data-testid="wf-canvas">
      <div className="wf-chain" style={{ zoom }}>
        <Chain items={chain} ctx={ctx} />
        <div className="wf-end" data-testid="wf-end">
          <span className="wf-end-dot" />
          {t('workflow.canvas.end')}
        </div>
      </div>
    </div>
  );
}

interface Ctx {
  fields: FieldInfo[];
  selected: string | null;
  problems: Map<string, string>;
  onOpen: (id: string) => void;
  actions?: CanvasActions | undefined;
}

/** The line below a step, with its "+" (a read-only canvas shows just the line). */
function Link({ anchor, ctx, testId }: { anchor: Anchor; ctx: Ctx; testId: string }) {
  return (
    <div className={`wf-link${ctx.actions ? '' : ' is-short'}`}>
      {ctx.actions && <AddNodePopover testId={testId} onPick={(kind) => ctx.actions?.insert(anchor, kind)} />}
    </div>
  );
}

function Chain({ items, ctx }: { items: ChainItem[]; ctx: Ctx }) {
  return (
    <>
      {items.map((item) => (
        <div key={item.node.id} className="wf-chain">
          {item.branches ? (
            <Group group={item.node as GroupNode} branches={item.branches} ctx={ctx} />
          ) : (
            <NodeCard
              node={item.node}
              fields={ctx.fields}
              selected={ctx.selected === item.node.id}
              problem={ctx.problems.get(item.node.id)}
              readOnly={!ctx.actions}
              onOpen={() => ctx.onOpen(item.node.id)}
              onRemove={() => ctx.actions?.removeNode(item.node.id)}
            />
          )}
          <Link anchor={{ after: item.node.id }} ctx={ctx} testId={`wf-plus-after-${item.node.name}`} />
        </div>
      ))}
    </>
  );
}

function Group({ group, branches, ctx }: { group: GroupNode; branches: BranchView[]; ctx: Ctx }) {
  const { t } = useTranslation();
  const problem = ctx.problems.get(group.id);
  return (
    <div className={`wf-group is-${group.type}`} data-testid={`wf-group-${group.name}`}>
      {ctx.actions ? (
        <Button
          size="small"
          className="wf-group-add"
          icon={<PlusOutlined />}
          onClick={() => ctx.actions?.addBranch(group.id)}
          data-testid="wf-add-branch"
        >
          {group.type === 'condition' ? t('workflow.branch.addCondition') : t('workflow.branch.addParallel')}
        </Button>
      ) : null}
      <div className="wf-branches">
        {branches.map((b) => (
          <div key={b.branch.id} className="wf-branch">
            <div className="wf-branch-top" />
            <BranchCard
              group={group}
              branch={b.branch}
              index={b.index}
              fields={ctx.fields}
              selected={ctx.selected === b.branch.id}
              // The group's own problems (the server's: too few branches, a branch without conditions)
              // show on its first branch, in place of what the designer noticed there.
              problem={(b.index === 0 ? problem : undefined) ?? ctx.problems.get(b.branch.id)}
              readOnly={!ctx.actions}
              onOpen={() => ctx.onOpen(b.branch.id)}
              onRemove={() => ctx.actions?.removeBranch(group.id, b.branch.id)}
              onMove={(delta) => ctx.actions?.moveBranch(group.id, b.branch.id, delta)}
            />
            <Link
              anchor={{ group: group.id, branch: b.branch.id }}
              ctx={ctx}
              testId={`wf-plus-branch-${b.branch.name}`}
            />
            <Chain items={b.chain} ctx={ctx} />
            <div className="wf-branch-fill" />
          </div>
        ))}
      </div>
    </div>
  );
}
