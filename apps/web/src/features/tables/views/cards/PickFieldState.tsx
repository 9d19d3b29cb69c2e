import type { FieldInfo } from '@canopy/contract';
import { Empty, Select, Typography } from 'antd';

interface Props {
  title: string;
  hint: string;
  /** Shown when the table has no fitting field. */
  none: string;
  choices: FieldInfo[];
  /** Absent: the member may not change the view (they only see the hint). */
  onPick?: (code: string) => void;
}

/** A kanban, calendar or gallery without its field yet: say what it needs and let editors pick it. */
export function PickFieldState({ title, hint, none, choices, onPick }: Props) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 0' }}
      description={
        <>
          <Typography.Text strong>{title}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{choices.length ? hint : none}</Typography.Text>
        </>
      }
      data-testid="view-pick-field"
    >
      {onPick && choices.length > 0 && (
        <Select
          style={{ width: 240 }}
          placeholder={title}
          options={choices.map((f) => ({ value: f.code, label: f.name }))}
          onChange={onPick}
          data-testid="view-pick-field-select"
        />
      )}
    </Empty>
  );
}
