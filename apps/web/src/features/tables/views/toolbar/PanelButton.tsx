import { Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import { ToolbarButton } from '../../../../shell/layout/toolbar-fit';

interface Props {
  icon: ReactNode;
  label: string;
  /** Shown highlighted: the view has something set here. */
  active: boolean;
  title: string;
  children: ReactNode;
  testId: string;
  /** Its icon alone (the toolbar is short of room); the label stays its tooltip and name. */
  compact?: boolean;
}

/**
 * A toolbar button opening a settings panel; the panel is built when opened and dropped when closed.
 * In a compact toolbar it shows its icon alone (toolbar-fit.tsx).
 */
export function PanelButton({ icon, label, active, title, children, testId, compact }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={title}
      open={open}
      destroyOnHidden
      onOpenChange={(next) => {
        // A member picker opened from the panel is a dialog outside it: clicking there is not leaving.
        if (!next && document.querySelector('.ant-modal-wrap:not([style*="display: none"])')) return;
        setOpen(next);
      }}
      content={children}
    >
      <ToolbarButton
        icon={icon}
        label={label}
        {...(compact === undefined ? {} : { compact })}
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        data-testid={testId}
      />
    </Popover>
  );
}
