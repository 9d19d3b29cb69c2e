import { type DynamicDefault, dynamicDefault, dynamicDefaultsOf } from '@canopy/fields';
import type { Settings, ValueInputProps } from '@canopy/fields/web';
import { Select, Space } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  type: string;
  settings: Settings;
  /** The type's value editor, for a fixed default; absent: the type takes only dynamic defaults. */
  Input?: ComponentType<ValueInputProps>;
}

type Mode = 'none' | 'fixed' | DynamicDefault;

/**
 * A field's default: none, a fixed value (the type's own editor), or one worked out when a record is
 * created — 当前用户, 当前用户所在部门, 今天, 现在 — for the types that offer them.
 */
export function DefaultValueInput({ id, value, onChange, type, settings, Input }: Props) {
  const { t } = useTranslation();
  const kinds = dynamicDefaultsOf(type);
  const dynamic = dynamicDefault(value);
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
  const mode: Mode = dynamic ?? (empty ? (Input ? 'fixed' : 'none') : 'fixed');
  if (!kinds.length) return Input ? <Input id={id} value={value} onChange={onChange} settings={settings} /> : null;
  const options = [
    ...(Input ? [] : [{ value: 'none', label: t('tables.defaultNone') }]),
    ...(Input ? [{ value: 'fixed', label: t('tables.defaultFixed') }] : []),
    ...kinds.map((k) => ({ value: k, label: t(`tables.defaultDynamic.${k}`) })),
  ];
  return (
    <Space.Compact block>
      <Select
        id={id}
        aria-label={t('tables.defaultValue')}
        data-testid="field-default-mode"
        style={{ width: 180, flex: 'none' }}
        value={mode}
        options={options}
        onChange={(next: Mode) => onChange?.(next === 'none' || next === 'fixed' ? null : { dynamic: next })}
      />
      {mode === 'fixed' && Input && (
        <div style={{ flex: 1, minWidth: 0 }}>
          <Input value={value} onChange={onChange} settings={settings} />
        </div>
      )}
    </Space.Compact>
  );
}
