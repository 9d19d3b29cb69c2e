import { MoreOutlined } from '@ant-design/icons';
import type { AutomationButton } from '@canopy/contract';
import { Button, Dropdown, type MenuProps } from 'antd';

/** What a row's menu offers besides opening the record: the automations' buttons the member sees. */
export interface RowActions {
  buttons: AutomationButton[];
  /** The press whose run is being waited for (the others wait). */
  pressing: { automationId: string; recordId: string } | null;
  press: (button: AutomationButton, recordId: string) => void;
  labels: { menu: string; open: string };
}

/**
 * A row's "更多" menu in the grid (issue 28): open the record, or press one of the table's
 * automation buttons on it (its confirmation text is asked first, and its run's result shown). A
 * real button opening antd's menu, so Tab reaches it, Enter opens it and the arrows walk it.
 */
export function RowMenu({
  recordId,
  actions,
  onOpen,
}: {
  recordId: string;
  actions: RowActions;
  onOpen: (id: string) => void;
}) {
  const items: MenuProps['items'] = [
    { key: 'open', label: actions.labels.open },
    ...(actions.buttons.length ? [{ type: 'divider' as const }] : []),
    ...actions.buttons.map((b) => ({
      key: `automation:${b.automationId}`,
      label: b.label,
      disabled: actions.pressing !== null,
    })),
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // Chosen with Enter, the menu acts on the key's keydown; the key's own default action would then
    // press whatever took the focus meanwhile: the confirmation's OK button, skipping the question.
    domEvent.preventDefault();
    if (key === 'open') return onOpen(recordId);
    const b = actions.buttons.find((x) => `automation:${x.automationId}` === key);
    if (b) actions.press(b, recordId);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} autoFocus>
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={actions.labels.menu}
        loading={actions.pressing?.recordId === recordId}
        data-testid="row-menu"
      />
    </Dropdown>
  );
}
