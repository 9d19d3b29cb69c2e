import { Form, Switch } from 'antd';
import { bool, type FieldEditing, strings, useFieldServices, type ValueInputProps } from './types.js';

function MultipleSetting() {
  const { t } = useFieldServices();
  return (
    <Form.Item name={['settings', 'multiple']} label={t('fieldWeb.multiple')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

function MemberInput({ value, onChange, disabled, settings }: ValueInputProps) {
  const { MemberInput: Picker } = useFieldServices();
  return <Picker value={strings(value)} onChange={onChange} multiple={bool(settings.multiple)} disabled={disabled} />;
}
function DepartmentInput({ id, value, onChange, disabled, settings }: ValueInputProps) {
  const { DepartmentInput: Picker } = useFieldServices();
  return (
    <Picker id={id} value={strings(value)} onChange={onChange} multiple={bool(settings.multiple)} disabled={disabled} />
  );
}
export const peopleWebs: Record<string, FieldEditing> = {
  member: { group: 'people', SettingsEditor: MultipleSetting, Input: MemberInput },
  department: { group: 'people', SettingsEditor: MultipleSetting, Input: DepartmentInput },
};
export { MultipleSetting };
