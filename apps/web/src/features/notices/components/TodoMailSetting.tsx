import { MailOutlined } from '@ant-design/icons';
import { NoticeEndpoints } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { SettingRow } from '../../account/components/SettingRow';

const key = ['account', 'todo-mail'] as const;

/** Account settings: mail me new to-dos (at the account's email; without one nothing is sent). */
export function TodoMailSetting() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: key, queryFn: () => call(NoticeEndpoints.todoMail) });
  const save = useMutation({
    mutationFn: (enabled: boolean) => call(NoticeEndpoints.setTodoMail, { body: { enabled } }),
    onSuccess: (value) => queryClient.setQueryData(key, value),
  });
  return (
    <SettingRow
      icon={<MailOutlined />}
      label={t('notice.todoMail')}
      value={data?.email ? t('notice.todoMailTo', { email: data.email }) : t('notice.todoMailNoEmail')}
      testId="todo-mail-setting"
      action={
        <Switch
          checked={data?.enabled ?? false}
          loading={!data || save.isPending}
          onChange={(enabled) => save.mutate(enabled)}
          aria-label={t('notice.todoMail')}
          data-testid="todo-mail-switch"
        />
      }
    />
  );
}
