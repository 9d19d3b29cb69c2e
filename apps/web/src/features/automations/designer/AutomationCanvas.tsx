import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { AutomationTrigger } from '@canopy/contract';
import { AutomationLimits } from '@canopy/contract';
import { Button, Popconfirm, Popover, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFrame } from '../../workflow/designer/CardFrame';
import '../../workflow/designer/flow-canvas.css';
import './automation-canvas.css';
import { useDesigner } from './designer-context';
import { OUTSIDE_EFFECT_KINDS, STEP_KINDS, stepVisual, triggerVisual } from './kinds';
import { type AnyStep, childLists, type ListRef } from './step-tree';
import { stepSummary, triggerSummary } from './summaries';

export interface CanvasActions {
  insert: (at: ListRef, index: number, kind: string) => void;
  remove: (id: string) => void;
  move: (id: string, delta: -1 | 1) => void;
}

interface Props {
  trigger: AutomationTrigger;
  steps: AnyStep[];
  /** 'trigger', a step id, or null. */
  selected: string | null;
  problems: Map<string, string>;
  tableName: (code: string) => string;
  readable: (text: string, stepId: string | null) => string;
  onOpen: (id: string) => void;
  actions: CanvasActions;
}

interface Ctx extends Omit<Props, 'trigger' | 'steps'> {}

/** The automation on the flow designer's canvas: the trigger on top, then its steps, "+" on every line. */
export function AutomationCanvas({ trigger, steps, ...ctx }: Props) {
  const { t } = useTranslation();
  const { fieldsOf } = useDesigner();
  const visual = triggerVisual(trigger.kind);
  const fieldName = (schemaCode: string, code: string) =>
    fieldsOf(schemaCode).find((f) => f.code === code)?.name ?? code;
  return (
    <div className="wf-canvas" data-testid="au-canvas">
      <div className="wf-chain">
        <Card
          id="trigger"
          accent={visual.color}
          icon={visual.icon}
          title={t('automations.canvas.trigger', {
            kind: t(`automations.trigger.${trigger.kind}`, { defaultValue: trigger.kind }),
          })}
          summary={triggerSummary(trigger, t, ctx.tableName, fieldName)}
          ctx={ctx}
          testId="au-trigger"
        />
        <Chain steps={steps} at={{ parent: null, slot: null }} depth={0} ctx={ctx} />
        <div className="wf-end" data-testid="au-end">
          <span className="wf-end-dot" />
          {t('automations.canvas.end')}
        </div>
      </div>
    </div>
  );
}

function Card({
  id,
  accent,
  icon,
  title,
  summary,
  badge,
  ctx,
  testId,
  remove,
}: {
  id: string;
  accent: string;
  icon: ReactNode;
  title: string;
  summary: string;
  badge?: string | undefined;
  ctx: Ctx;
  testId: string;
  remove?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CardFrame
      className=""
      accent={accent}
      lead={icon}
      title={title}
      tools={
        <>
          {badge && <span className="au-badge">{badge}</span>}
          {remove}
        </>
      }
      body={
        summary ? (
          <span className="wf-summary">{summary}</span>
        ) : (
          <span className="wf-placeholder">{t('automations.canvas.needsSetup')}</span>
        )
      }
      problem={ctx.problems.get(id)}
      selected={ctx.selected === id}
      onOpen={() => ctx.onOpen(id)}
      testId={testId}
      problemTestId="au-card-problem"
    />
  );
}

function StepCard({ step, index, count, ctx }: { step: AnyStep; index: number; count: number; ctx: Ctx }) {
  const { t } = useTranslation();
  const visual = stepVisual(step.kind);
  const kindName = t(`automations.stepKind.${step.kind}`, { defaultValue: step.kind });
  return (
    <Card
      id={step.id}
      accent={visual.color}
      icon={visual.icon}
      title={`${kindName} · ${step.id}`}
      summary={stepSummary(step, t, ctx.tableName, (text) => ctx.readable(text, step.id))}
      badge={OUTSIDE_EFFECT_KINDS.has(step.kind) ? t('automations.canvas.atLeastOnce') : undefined}
      ctx={ctx}
      testId={`au-step-${step.id}`}
      remove={
        <span style={{ display: 'inline-flex' }}>
          <Button
            type="text"
            size="small"
            className="wf-card-remove"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            aria-label={t('automations.canvas.moveUp')}
            onClick={() => ctx.actions.move(step.id, -1)}
          />
          <Button
            type="text"
            size="small"
            className="wf-card-remove"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            aria-label={t('automations.canvas.moveDown')}
            onClick={() => ctx.actions.move(step.id, 1)}
          />
          <Popconfirm
            title={t('automations.canvas.removeConfirm', { name: kindName })}
            onConfirm={() => ctx.actions.remove(step.id)}
          >
            <Button
              type="text"
              size="small"
              className="wf-card-remove"
              icon={<CloseOutlined />}
              aria-label={t('automations.canvas.remove')}
              data-testid="au-step-remove"
            />
          </Popconfirm>
        </span>
      }
    />
  );
}

/** Branches and loops nest at most this deep (the contract's bound). */
const nestable = (depth: number) => depth < AutomationLimits.nestingMax - 1;

function Plus({
  at,
  index,
  depth,
  ctx,
  testId,
}: {
  at: ListRef;
  index: number;
  depth: number;
  ctx: Ctx;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const kinds = STEP_KINDS.filter((k) => nestable(depth) || (k !== 'condition' && k !== 'findRecords'));
  const menu = (
    <div className="wf-add-menu" data-testid="au-add-menu">
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className="wf-add-item"
          onClick={() => {
            setOpen(false);
            ctx.actions.insert(at, index, kind);
          }}
          data-testid={`au-add-${kind}`}
        >
          <span className="wf-add-icon" style={{ background: stepVisual(kind).color }}>
            {stepVisual(kind).icon}
          </span>
          <Typography.Text>{t(`automations.stepKind.${kind}`, { defaultValue: kind })}</Typography.Text>
        </button>
      ))}
    </div>
  );
  return (
    <div className="wf-link">
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="rightTop"
        content={menu}
        title={t('automations.canvas.addTitle')}
        destroyOnHidden
      >
        <button type="button" className="wf-plus" aria-label={t('automations.canvas.add')} data-testid={testId}>
          <PlusOutlined />
        </button>
      </Popover>
    </div>
  );
}

/** A list of steps with a "+" before the first and after each. */
function Chain({ steps, at, depth, ctx }: { steps: AnyStep[]; at: ListRef; depth: number; ctx: Ctx }) {
  const where = at.parent ? `${at.parent}-${at.slot}` : 'root';
  return (
    <>
      <Plus at={at} index={0} depth={depth} ctx={ctx} testId={`au-plus-${where}-0`} />
      {steps.map((step, i) => (
        <div key={step.id} className="wf-chain">
          <StepCard step={step} index={i} count={steps.length} ctx={ctx} />
          <Body step={step} depth={depth} ctx={ctx} />
          <Plus at={at} index={i + 1} depth={depth} ctx={ctx} testId={`au-plus-${where}-${i + 1}`} />
        </div>
      ))}
    </>
  );
}

/** What a step holds: a condition's two branches side by side, a loop's body in a box. */
function Body({ step, depth, ctx }: { step: AnyStep; depth: number; ctx: Ctx }) {
  const { t } = useTranslation();
  const lists = childLists(step);
  if (!lists.length) return null;
  if (step.kind === 'findRecords') {
    const each = lists[0]?.steps ?? [];
    return (
      <>
        <div className="wf-link is-short no-arrow" />
        <div className="au-loop" data-testid={`au-loop-${step.id}`}>
          <span className="au-loop-label">{t('automations.canvas.eachRecord')}</span>
          <Chain steps={each} at={{ parent: step.id, slot: 'each' }} depth={depth + 1} ctx={ctx} />
        </div>
      </>
    );
  }
  return (
    <>
      <div className="wf-link is-short no-arrow" />
      <div className="wf-group">
        <div className="wf-branches">
          {lists.map((l) => (
            <div key={l.slot} className="wf-branch" data-testid={`au-branch-${step.id}-${l.slot}`}>
              <div className="wf-branch-top" />
              <span className={`au-branch-label is-${l.slot === 'whenTrue' ? 'true' : 'false'}`}>
                {l.slot === 'whenTrue' ? t('automations.canvas.whenTrue') : t('automations.canvas.whenFalse')}
              </span>
              <Chain steps={l.steps} at={{ parent: step.id, slot: l.slot }} depth={depth + 1} ctx={ctx} />
              <div className="wf-branch-fill" />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
