import type { FieldInfo, FlowPath, TimelineEntry, WorkItemInfo } from '@canopy/contract';
import { ItemType, WorkItemState } from '@canopy/contract';
import { Empty, Flex, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberNames } from '../../tables/components/people-services';
import { FieldValue } from '../../tables/records/FieldValue';
import { pathItems, useStepText } from './PathSteps';
import { timelineLook } from './timeline-look';

interface Props {
  entries: TimelineEntry[];
  /** Open items: who the flow waits for now (shown at the end). */
  workItems?: WorkItemInfo[];
  fields: FieldInfo[];
  /** The steps still to come after where the flow waits (shown after the waiting ones). */
  ahead?: FlowPath | undefined;
}

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Who did what at which node, when, with their comment and the fields they changed (before → after). */
export function FlowTimeline({ entries, workItems = [], fields, ahead }: Props) {
  const { t } = useTranslation();
  const stepText = useStepText();
  const waiting = workItems.filter((w) => w.workItemState === WorkItemState.Todo && w.itemType !== ItemType.Circulate);
  const byNode = new Map<string, { name: string; people: string[] }>();
  for (const w of waiting) {
    const entry = byNode.get(w.activityCode) ?? { name: w.activityName, people: [] };
    // Whom a delegate (or the one a task was transferred to) acts for: "艾琳（代 鲍勃）".
    entry.people.push(
      w.actingFor
        ? `${w.participant.name}${t('workflow.timeline.actingFor', { name: w.actingFor.name })}`
        : w.participant.name,
    );
    byNode.set(w.activityCode, entry);
  }
  if (!entries.length && !byNode.size)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.timeline.empty')} />;

  const items = entries.map((e) => {
    const look = timelineLook(e.action);
    return {
      key: `log-${e.id}`,
      color: look.color,
      content: (
        <div data-testid="timeline-entry" data-action={e.action}>
          <Flex justify="space-between" gap={8} wrap>
            <span>
              <Typography.Text strong>{e.actor?.name || t('workflow.timeline.system')}</Typography.Text>
              {e.actingFor && (
                <Typography.Text type="secondary" data-testid="timeline-acting-for">
                  {t('workflow.timeline.actingFor', { name: e.actingFor.name })}
                </Typography.Text>
              )}{' '}
              <Typography.Text style={{ color: look.color }} data-testid="timeline-action">
                {t(look.label)}
              </Typography.Text>
              {e.activityName && (
                <Typography.Text type="secondary" data-testid="timeline-node">
                  {' · '}
                  {e.activityName}
                </Typography.Text>
              )}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(e.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </Flex>
          <Detail entry={e} />
          {e.comment && (
            <div
              style={{
                marginTop: 6,
                padding: '6px 10px',
                background: '#f7f8fa',
                borderRadius: 6,
                whiteSpace: 'pre-wrap',
              }}
              data-testid="timeline-comment"
            >
              {e.comment}
            </div>
          )}
          {e.changes.length > 0 && <Changes changes={e.changes} fields={fields} />}
        </div>
      ),
    };
  });
  for (const [code, w] of byNode)
    items.push({
      key: `wait-${code}`,
      color: 'gray',
      content: (
        <div data-testid="timeline-waiting">
          <Typography.Text type="secondary">
            {t('workflow.timeline.waiting', { names: w.people.join('、') })}
            {' · '}
            {w.name}
          </Typography.Text>
        </div>
      ),
    });
  if (ahead && (ahead.steps.length || ahead.undecided))
    items.push(
      {
        key: 'ahead-title',
        color: 'gray',
        content: (
          <Typography.Text type="secondary" strong data-testid="timeline-ahead">
            {t('workflow.path.ahead')}
          </Typography.Text>
        ),
      },
      ...pathItems(ahead, stepText, t('workflow.path.undecided')),
    );
  return <Timeline items={items} data-testid="flow-timeline" />;
}

/** The facts an action left: who it went to, where it went back to, which branch was taken. */
function Detail({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const d = entry.detail;
  const parts: ReactNode[] = [];
  if (typeof d.toMemberId === 'string')
    parts.push(
      <span key="to">
        {t('workflow.timeline.detail.to')}
        <MemberNames ids={[d.toMemberId]} />
      </span>,
    );
  const members = ids(d.memberIds);
  if (members.length)
    parts.push(
      <span key="members">
        {t(
          entry.action === 'cc' || entry.action === 'autoCc'
            ? 'workflow.timeline.detail.copied'
            : entry.action === 'autoNotify'
              ? 'workflow.timeline.detail.notified'
              : 'workflow.timeline.detail.members',
        )}
        <MemberNames ids={members} />
      </span>,
    );
  if (typeof d.targetActivityName === 'string' && d.targetActivityName)
    parts.push(
      <span key="target">
        {t('workflow.timeline.detail.target', { name: d.targetActivityName })}
        {d.resubmit === 'direct' && t('workflow.timeline.detail.direct')}
      </span>,
    );
  if (typeof d.branchName === 'string' && d.branchName)
    parts.push(<span key="branch">{t('workflow.timeline.detail.branch', { name: d.branchName })}</span>);
  if (d.reason === 'noParticipants')
    parts.push(<span key="reason">{t('workflow.timeline.detail.noParticipants')}</span>);
  if (!parts.length) return null;
  return (
    <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.65)', marginTop: 2 }} data-testid="timeline-detail">
      {parts}
    </div>
  );
}

function Changes({ changes, fields }: { changes: TimelineEntry['changes']; fields: FieldInfo[] }) {
  const { t } = useTranslation();
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const show = (f: FieldInfo | undefined, v: unknown) =>
    v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length) ? (
      <Typography.Text type="secondary">{t('workflow.timeline.emptyValue')}</Typography.Text>
    ) : f ? (
      <FieldValue field={f} value={v} compact />
    ) : (
      String(v)
    );
  return (
    <div style={{ marginTop: 6, fontSize: 13 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workflow.timeline.changes')}
      </Typography.Text>
      {changes.map((c) => {
        const f = byCode.get(c.field);
        return (
          <div key={c.field} data-testid="timeline-change">
            {f?.name ?? c.field}：{show(f, c.from)} → {show(f, c.to)}
          </div>
        );
      })}
    </div>
  );
}
