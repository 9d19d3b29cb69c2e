import { PlusOutlined } from '@ant-design/icons';
import { Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDABLE_KINDS, type AddableKind } from './node-factory';
import { NODE_VISUALS } from './node-visuals';

/** The "+" on a line between two steps: a menu of the node kinds that can go there. */
export function AddNodePopover({ onPick, testId }: { onPick: (kind: AddableKind) => void; testId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menu = (
    <div className="wf-add-menu" data-testid="wf-add-menu">
      {ADDABLE_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="wf-add-item"
          onClick={() => {
            setOpen(false);
            onPick(kind);
          }}
          data-testid={`wf-add-${kind}`}
        >
          <span className="wf-add-icon" style={{ background: NODE_VISUALS[kind].color }}>
            {NODE_VISUALS[kind].icon}
          </span>
          <span>
            <Typography.Text>{t(`workflow.kind.${kind}`)}</Typography.Text>
          </span>
        </button>
      ))}
    </div>
  );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="rightTop"
      content={menu}
      title={t('workflow.canvas.addTitle')}
      destroyOnHidden
    >
      <button type="button" className="wf-plus" aria-label={t('workflow.canvas.add')} data-testid={testId}>
        <PlusOutlined />
      </button>
    </Popover>
  );
}
