import { AppLogLimits } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { applogApi, applogKeys } from '../../applog/api/applog-api';

type Days = (typeof AppLogLimits.retentionDays)[number];

/** How long the team's application log keeps entries (the retention job removes older ones). */
export function ApplogRetentionField({ engineCode }: { engineCode: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: applogKeys.settings(engineCode), queryFn: applogApi.settings });
  const save = useMutation({
    mutationFn: (days: Days) => applogApi.saveSettings(days),
    onSuccess: () => {
      message.success(t('applog.retentionSaved'));
      void client.invalidateQueries({ queryKey: applogKeys.settings(engineCode) });
    },
  });
  if (settings.isPending) return <Skeleton.Input active size="small" />;
  return (
    <div>
      <Select
        style={{ width: 160 }}
        value={settings.data?.retentionDays}
        loading={save.isPending}
        disabled={save.isPending || settings.isError}
        options={AppLogLimits.retentionDays.map((d) => ({ value: d, label: t('applog.retentionDays', { count: d }) }))}
        onChange={(days: Days) => save.mutate(days)}
        aria-label={t('applog.retention')}
        data-testid="corp-applog-retention"
      />
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
        {t('applog.retentionHint')}
      </Typography.Text>
    </div>
  );
}
