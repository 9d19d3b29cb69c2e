import { ProfileOutlined } from '@ant-design/icons';
import { type FieldInfo, TodoSummaryFieldsMax, type WorkflowDefinition } from '@canopy/contract';
import { Popover, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '../../../shell/layout/toolbar-fit';

/** Fields whose value does not read in one line: not offered as a to-do summary. */
const LONG_TYPES = new Set(['subTable', 'attachment', 'image', 'richText', 'textarea', 'location']);

/**
 * 待办摘要: the fields (at most three) this flow's to-dos show under their title, kept in the
 * definition's settings, so it is saved and published with the flow. None chosen: the server shows
 * the first three fields of the form each handler may see.
 */
export function SummaryFieldsButton({
  definition,
  fields,
  onChange,
}: {
  definition: WorkflowDefinition;
  fields: FieldInfo[];
  onChange: (update: (d: WorkflowDefinition) => WorkflowDefinition) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const chosen = definition.settings?.summaryFields ?? [];
  const set = (codes: string[]) =>
    onChange((d) => {
      const { summaryFields: _, ...rest } = d.settings ?? {};
      const settings = codes.length ? { ...rest, summaryFields: codes } : rest;
      const { settings: __, ...nodes } = d;
      return Object.keys(settings).length ? { ...nodes, settings } : nodes;
    });
  const content = (
    <div style={{ width: 320 }}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} id={`${labelId}-hint`}>
        {t('workflow.designer.summaryFieldsHint')}
      </Typography.Paragraph>
      <Typography.Text strong id={labelId}>
        {t('workflow.designer.summaryFieldsTitle')}
      </Typography.Text>
      <Select
        mode="multiple"
        value={chosen}
        onChange={set}
        maxCount={TodoSummaryFieldsMax}
        allowClear
        placeholder={t('workflow.designer.summaryFieldsPlaceholder')}
        style={{ width: '100%', marginTop: 4 }}
        options={fields.filter((f) => !LONG_TYPES.has(f.type)).map((f) => ({ value: f.code, label: f.name }))}
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-hint`}
        data-testid="wf-summary-fields"
      />
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} title={null}>
      <ToolbarButton
        icon={<ProfileOutlined />}
        label={`${t('workflow.designer.summaryFields')}${chosen.length ? ` ${chosen.length}/${TodoSummaryFieldsMax}` : ''}`}
        data-testid="wf-summary-button"
      />
    </Popover>
  );
}
