import { Form, Switch } from 'antd';
import { bool, type FieldWeb, strings, useFieldServices, type ValueInputProps, type ValueViewProps } from './types.js';

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
function DepartmentInput({ value, onChange, disabled, settings }: ValueInputProps) {
  const { DepartmentInput: Picker } = useFieldServices();
  return <Picker value={strings(value)} onChange={onChange} multiple={bool(settings.multiple)} disabled={disabled} />;
}
function MemberView({ value }: ValueViewProps) {
  const { MemberNames } = useFieldServices();
  const ids = strings(value);
  return ids.length ? <MemberNames ids={ids} /> : null;
}
function DepartmentView({ value }: ValueViewProps) {
  const { DepartmentNames } = useFieldServices();
  const ids = strings(value);
  return ids.length ? <DepartmentNames ids={ids} /> : null;
}

export const peopleWebs: Record<string, FieldWeb> = {
  member: { group: 'people', SettingsEditor: MultipleSetting, Input: MemberInput, View: MemberView },
  department: { group: 'people', SettingsEditor: MultipleSetting, Input: DepartmentInput, View: DepartmentView },
};
export { MultipleSetting };
