import type { FieldInfo } from '@canopy/contract';
import { FieldWebs } from '@canopy/fields/web';
import { App, Spin } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateRecord } from '../../records/validate';

/** Picking a value is the whole edit: it saves at once, as a spreadsheet would. */
const SAVE_ON_CHANGE = new Set(['singleSelect', 'checkbox', 'date', 'datetime']);

/** Popups of the editors live outside the cell; clicking in them is still editing. */
const POPUPS =
  '.ant-select-dropdown, .ant-picker-dropdown, .ant-modal-root, .ant-popover, .ant-tree-select-dropdown, .ant-message';

interface Props {
  field: FieldInfo;
  value: unknown;
  /** Saves the cleaned value; resolves when done (whether or not it worked). */
  onSave: (value: unknown) => Promise<void>;
  onCancel: () => void;
}

/**
 * The field type's own editor in a cell. Enter saves, Esc cancels, clicking elsewhere saves; the
 * value is checked with the field's rules before it is sent. Loaded (with every field type's editor)
 * when a cell is first edited: the grid itself only shows values.
 */
export default function CellEditor({ field, value: initial, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const Input = FieldWebs[field.type]?.Input;

  const save = async (next: unknown) => {
    if (busy) return;
    if (JSON.stringify(next ?? null) === JSON.stringify(initial ?? null)) return onCancel();
    const checked = validateRecord([field], { [field.code]: next });
    const problem = checked.errors[0]?.errors[0];
    if (problem) {
      message.error(problem);
      return;
    }
    setBusy(true);
    await onSave(checked.data[field.code]);
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  const valueRef = useRef(value);
  valueRef.current = value;

  useEffect(() => {
    const input = box.current?.querySelector<HTMLElement>('input, textarea, button, [tabindex]');
    input?.focus();
    const onDown = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || box.current?.contains(target) || target.closest(POPUPS)) return;
      void saveRef.current(valueRef.current);
    };
    document.addEventListener('mousedown', onDown, true);
    return () => document.removeEventListener('mousedown', onDown, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      // Enter in an open option list picks the option; Shift+Enter is a new line in long text.
      if (target.getAttribute('aria-expanded') === 'true') return;
      event.preventDefault();
      void save(value);
    }
  };

  if (!Input) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys typed in the editor inside
    <div
      ref={box}
      onKeyDown={onKeyDown}
      style={{ width: '100%' }}
      title={t('views.editHint')}
      data-testid="cell-editor"
    >
      <Spin spinning={busy} size="small">
        <Input
          settings={field.settings}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (SAVE_ON_CHANGE.has(field.type)) void save(next);
          }}
        />
      </Spin>
    </div>
  );
}
