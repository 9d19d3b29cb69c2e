import type { StartContext } from '@canopy/contract';
import { Alert, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberInput } from '../../tables/components/people-services';

type Choices = StartContext['chooseParticipants'];

/** Pickers for the nodes whose participants the submitter chooses ("发起人自选"). */
export function ChooseParticipants({
  nodes,
  value,
  onChange,
  missing,
}: {
  nodes: Choices;
  value: Record<string, string[]>;
  onChange: (value: Record<string, string[]>) => void;
  /** Nodes still without anyone after a submit was tried. */
  missing: string[];
}) {
  const { t } = useTranslation();
  if (!nodes.length) return null;
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }} data-testid="wf-choose-participants">
      {nodes.map((n) => (
        <Form.Item
          key={n.activityCode}
          label={t('workflow.approval.choose', { node: n.activityName })}
          required
          validateStatus={missing.includes(n.activityCode) ? 'error' : undefined}
          help={
            missing.includes(n.activityCode)
              ? t('workflow.approval.chooseRequired', { node: n.activityName })
              : undefined
          }
          style={{ marginBottom: 8 }}
        >
          <MemberInput
            multiple={n.multiple}
            value={value[n.activityCode] ?? []}
            onChange={(ids) => onChange({ ...value, [n.activityCode]: ids })}
          />
        </Form.Item>
      ))}
    </Flex>
  );
}

/** The nodes still without a chosen participant. */
export const unchosen = (nodes: Choices, value: Record<string, string[]>) =>
  nodes.filter((n) => !(value[n.activityCode]?.length ?? 0)).map((n) => n.activityCode);

export function StartHint() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={<Typography.Text>{t('workflow.record.startHint')}</Typography.Text>}
    />
  );
}
