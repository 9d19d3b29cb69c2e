import { DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MemberInput } from '../../tables/components/people-services';
import type { DashboardScope } from '../widget-model';

/** The dashboard's filter bar: 创建时间 between two days, 创建人 among members; applies to all widgets. */
export function DashboardFilters({
  scope,
  onChange,
}: {
  scope: DashboardScope;
  onChange: (s: DashboardScope) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={24} wrap align="center" style={{ marginBottom: 16 }} data-testid="dashboard-filters">
      <Flex gap={8} align="center">
        <Typography.Text type="secondary">{t('views.system.createdAt')}</Typography.Text>
        <DatePicker.RangePicker
          value={scope.range ? [dayjs(scope.range[0]), dayjs(scope.range[1])] : null}
          onChange={(days) => {
            const [from, to] = days ?? [];
            const { range: _old, ...rest } = scope;
            onChange(from && to ? { ...rest, range: [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] } : rest);
          }}
          data-testid="dashboard-filter-range"
        />
      </Flex>
      <Flex gap={8} align="center">
        <Typography.Text type="secondary">{t('views.system.createdBy')}</Typography.Text>
        <span data-testid="dashboard-filter-creators">
          <MemberInput
            multiple
            value={scope.creators ?? []}
            onChange={(creators) => onChange({ ...scope, creators })}
          />
        </span>
      </Flex>
    </Flex>
  );
}
