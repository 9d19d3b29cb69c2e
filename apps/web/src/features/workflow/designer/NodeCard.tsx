import { CloseOutlined, LeftOutlined, RightOutlined, WarningFilled } from '@ant-design/icons';
import type { FieldInfo, WorkflowNode } from '@canopy/contract';
import { Button, Popconfirm, Tooltip, Typography } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { conditionCount } from './checks';
import type { Branch, GroupNode } from './flow-tree';
import { BranchSummary, NodeSummary, needsSetup } from './NodeSummary';
import { NODE_VISUALS } from './node-visuals';

interface CardFrameProps {
  className: string;
  accent: string;
  head: ReactNode;
  body: ReactNode;
  problem?: string | undefined;
  selected: boolean;
  onOpen: () => void;
  testId: string;
  label: string;
}

/** A card that opens its drawer on click or Enter/Space (a div: it holds its own delete button). */
function CardFrame({ className, accent, head, body, problem, selected, onOpen, testId, label }: CardFrameProps) {
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen();
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the card holds its own buttons (delete, move), which a <button> cannot
    <div
      role="button"
      tabIndex={0}
      aria-label={label}
      className={`wf-card ${className}${selected ? ' is-selected' : ''}${problem ? ' has-problem' : ''}`}
      style={{ ['--wf-accent' as string]: accent }}
      onClick={onOpen}
      onKeyDown={onKey}
      data-testid={testId}
    >
      <div className="wf-card-head">{head}</div>
      <div className="wf-card-body">{body}</div>
      {problem && (
        <div className="wf-card-problem" data-testid="wf-card-problem">
          <WarningFilled /> {problem}
        </div>
      )}
    </div>
  );
}

/** Stops a click on a card's own buttons from opening the card. */
const stop = { onClick: (e: { stopPropagation: () => void }) => e.stopPropagation() };

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
      label={node.name}
      testId={`wf-node-${node.name}`}
      head={
        <>
          {visual.icon}
          <span className="wf-card-title">{node.name}</span>
          {!readOnly && node.type !== 'start' && (
            <span {...stop}>
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
            </span>
          )}
        </>
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
      label={branch.name}
      testId={`wf-branch-${branch.name}`}
      head={
        <>
          <span className="wf-card-title">{branch.name}</span>
          {group.type === 'condition' && (
            <span className="wf-priority">{t('workflow.branch.priority', { n: index + 1 })}</span>
          )}
          {movable && index > 0 && (
            <span {...stop}>
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
            </span>
          )}
          {movable && index < count - 2 && (
            <span {...stop}>
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
            </span>
          )}
          {!readOnly && !isElse && (
            <span {...stop}>
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
            </span>
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
