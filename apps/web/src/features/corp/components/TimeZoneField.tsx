import { COMMON_TIME_ZONES, EngineEndpoints } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { teamKeys } from '../../team/hooks/team-keys';

/** Every zone the browser knows, the common ones first (the server accepts any IANA name it knows). */
function zones(current: string): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([current, ...COMMON_TIME_ZONES, ...all])];
}

/** The team's time zone in team settings: the local days of date filters and dashboards. */
export function TimeZoneField({ corpId, timeZone }: { corpId: string; timeZone: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (zone: string) => call(EngineEndpoints.timeZone, { params: { corpId }, body: { timeZone: zone } }),
    onSuccess: () => {
      message.success(t('corp.timeZoneSaved'));
      void client.invalidateQueries({ queryKey: teamKeys.corpInfo(corpId) });
    },
  });
  return (
    <div>
      <Select
        showSearch
        style={{ width: 280 }}
        value={timeZone}
        loading={save.isPending}
        disabled={save.isPending}
        options={zones(timeZone).map((z) => ({ value: z, label: z }))}
        onChange={(zone: string) => save.mutate(zone)}
        aria-label={t('corp.timeZone')}
        data-testid="corp-time-zone"
      />
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
        {t('corp.timeZoneHint')}
      </Typography.Text>
    </div>
  );
}
