import { Button, Popover } from 'antd';
import { type ReactNode, useState } from 'react';

interface Props {
  icon: ReactNode;
  label: string;
  /** Shown highlighted: the view has something set here. */
  active: boolean;
  title: string;
  children: ReactNode;
  testId: string;
}

/** A toolbar button opening a settings panel; the panel is built when opened and dropped when closed. */
export function PanelButton({ icon, label, active, title, children, testId }: Props) {
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
      <Button
        icon={icon}
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        data-testid={testId}
      >
        {label}
      </Button>
    </Popover>
  );
}
