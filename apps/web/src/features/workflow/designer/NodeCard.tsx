import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { FieldInfo, WorkflowNode } from '@canopy/contract';
import { Button, Popconfirm, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CardFrame } from './CardFrame';
import { conditionCount } from './checks';
import type { Branch, GroupNode } from './flow-tree';
import { BranchSummary, NodeSummary, needsSetup } from './NodeSummary';
import { NODE_VISUALS } from './node-visuals';

interface NodeCardProps {
  node: WorkflowNode;
  fields: FieldInfo[];
  selected: boolean;
  problem?: string | undefined;
  readOnly?: boolean | undefined;
  onOpen: () => void;
  onRemove: () => void;
}

export function NodeCard({ node, fields, selected, problem, readOnly, onOpen, onRemove }: NodeCardProps) {
  const { t } = useTranslation();
  const visual = NODE_VISUALS[node.type];
  const placeholder =
    node.type === 'action' ? t('workflow.summary.noOperations') : t('workflow.summary.noParticipants');
  return (
    <CardFrame
      className={`is-${node.type}`}
      accent={visual.color}
      selected={selected}
      problem={problem}
      onOpen={onOpen}
      testId={`wf-node-${node.name}`}
      lead={visual.icon}
      title={node.name}
      tools={
        !readOnly &&
        node.type !== 'start' && (
          <Popconfirm title={t('workflow.canvas.removeNodeConfirm', { name: node.name })} onConfirm={onRemove}>
            <Button
              type="text"
              size="small"
              className="wf-card-remove"
              icon={<CloseOutlined />}
              aria-label={t('workflow.canvas.removeNode')}
              data-testid="wf-node-remove"
            />
          </Popconfirm>
        )
      }
      body={
        <>
          <span className="wf-summary">
            {needsSetup(node) ? (
              <span className="wf-placeholder">{placeholder}</span>
            ) : (
              <NodeSummary node={node} fields={fields} />
            )}
          </span>
          <RightOutlined style={{ color: 'rgba(0,0,0,0.35)', fontSize: 12 }} />
        </>
      }
    />
  );
}

interface BranchCardProps {
  group: GroupNode;
  branch: Branch;
  index: number;
  fields: FieldInfo[];
  selected: boolean;
  problem?: string | undefined;
  readOnly?: boolean | undefined;
  onOpen: () => void;
  onRemove: () => void;
  onMove: (delta: -1 | 1) => void;
}

export function BranchCard(props: BranchCardProps) {
  const { group, branch, index, fields, selected, problem, readOnly, onOpen, onRemove, onMove } = props;
  const { t } = useTranslation();
  const isElse = 'isElse' in branch && branch.isElse === true;
  const count = group.settings.branches.length;
  const movable = group.type === 'condition' && !isElse && !readOnly;
  const empty = group.type === 'condition' && !isElse && conditionCount(branch) === 0;
  return (
    <CardFrame
      className={`wf-branch-card is-${group.type}`}
      accent={NODE_VISUALS[group.type].color}
      selected={selected}
      problem={problem}
      onOpen={onOpen}
      testId={`wf-branch-${branch.name}`}
      title={branch.name}
      tools={
        <>
          {group.type === 'condition' && (
            <span className="wf-priority">{t('workflow.branch.priority', { n: index + 1 })}</span>
          )}
          {movable && index > 0 && (
            <Tooltip title={t('workflow.branch.moveLeft')}>
              <Button
                type="text"
                size="small"
                className="wf-card-remove"
                icon={<LeftOutlined />}
                aria-label={t('workflow.branch.moveLeft')}
                onClick={() => onMove(-1)}
              />
            </Tooltip>
          )}
          {movable && index < count - 2 && (
            <Tooltip title={t('workflow.branch.moveRight')}>
              <Button
                type="text"
                size="small"
                className="wf-card-remove"
                icon={<RightOutlined />}
                aria-label={t('workflow.branch.moveRight')}
                onClick={() => onMove(1)}
              />
            </Tooltip>
          )}
          {!readOnly && !isElse && (
            <Popconfirm title={t('workflow.branch.removeConfirm', { name: branch.name })} onConfirm={onRemove}>
              <Button
                type="text"
                size="small"
                className="wf-card-remove"
                icon={<CloseOutlined />}
                aria-label={t('workflow.branch.remove')}
                data-testid="wf-branch-remove"
              />
            </Popconfirm>
          )}
        </>
      }
      body={
        <span className="wf-summary">
          {empty ? (
            <span className="wf-placeholder">{t('workflow.branch.noConditions')}</span>
          ) : (
            <Typography.Text type={isElse ? 'secondary' : undefined}>
              <BranchSummary kind={group.type} branch={branch} fields={fields} />
            </Typography.Text>
          )}
        </span>
      }
    />
  );
}
