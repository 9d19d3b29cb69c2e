import type { FlowPath, PathStep } from '@canopy/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Who a step goes to, in words: the names, or why none are known yet; and the approval mode. */
export function useStepText() {
  const { t } = useTranslation();
  return (step: PathStep) => {
    const people = step.participants.length
      ? step.participants.map((p) => p.name).join('、')
      : t(`workflow.path.note.${step.note || 'nobody'}`);
    const kind = t(`workflow.kind.${step.nodeType}`);
    const mode =
      step.nodeType !== 'cc' && step.participants.length > 1
        ? ` · ${t(`workflow.mode.${step.mode as 'any' | 'all' | 'sequence' | 'percent'}`)}`
        : '';
    return { people, kind, mode };
  };
}

/**
 * The steps a request will take, as timeline items (the 流程记录's steps still to come, and the
 * approver chain on a new record's form): node, who, and the mode where several people share a step.
 */
export function pathItems(path: FlowPath, text: ReturnType<typeof useStepText>, undecidedText: string) {
  const items = path.steps.map((step) => {
    const { people, kind, mode } = text(step);
    return {
      key: `ahead-${step.activityCode}`,
      color: 'gray',
      content: (
        <div data-testid="path-step" data-activity={step.activityCode}>
          <Typography.Text>{step.activityName}</Typography.Text>
          <Typography.Text type="secondary">
            {' · '}
            {kind}
            {mode}
          </Typography.Text>
          <div>
            <Typography.Text type={step.participants.length ? undefined : 'secondary'} data-testid="path-people">
              {people}
            </Typography.Text>
          </div>
        </div>
      ),
    };
  });
  if (path.undecided)
    items.push({
      key: 'ahead-undecided',
      color: 'gray',
      content: (
        <Typography.Text type="secondary" data-testid="path-undecided">
          {undecidedText}
        </Typography.Text>
      ),
    });
  return items;
}
