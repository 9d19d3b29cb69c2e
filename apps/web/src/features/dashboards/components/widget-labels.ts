import {
  APPROVAL_DURATION,
  ApprovalDimension,
  FILTER_FAMILY,
  type FieldInfo,
  type WidgetMeasure,
  type WidgetQuery,
} from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';

const SYSTEM = ['createdAt', 'modifiedAt', 'createdBy', 'modifiedBy'] as const;
type SystemCode = (typeof SYSTEM)[number];
/** What approval figures group by and measure (contract ApprovalDimension and APPROVAL_DURATION). */
export const APPROVAL_FIELDS = [...ApprovalDimension, APPROVAL_DURATION] as const;
type ApprovalField = (typeof APPROVAL_FIELDS)[number];

/** A table's fields (shared with the table page's cache); undefined while loading or when out of reach. */
export function useTableFields(schemaCode: string | undefined): { fields: FieldInfo[] | undefined; loading: boolean } {
  const { engineCode, appCode } = useAppWorkspace();
  const q = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, schemaCode ?? ''),
    queryFn: () => tablesApi.schema({ appCode, schemaCode: schemaCode ?? '' }),
    enabled: Boolean(schemaCode),
    retry: false,
  });
  return { fields: q.data?.fields, loading: q.isLoading };
}

/** Names of fields (system ones too) and of measures, as a widget shows them. */
export function useFieldNames(query: WidgetQuery | undefined) {
  const { t } = useTranslation();
  const { fields } = useTableFields(query?.schemaCode);
  const approvals = query?.source === 'approvals';
  const fieldName = (code: string): string => {
    if (approvals && (APPROVAL_FIELDS as readonly string[]).includes(code))
      return t(`dashboards.approvals.${code as ApprovalField}`);
    if ((SYSTEM as readonly string[]).includes(code)) return t(`views.system.${code as SystemCode}`);
    if (code === 'flowState' || code === 'flowNode') return t(`workflow.column.${code}`);
    return fields?.find((f) => f.code === code)?.name ?? '';
  };
  const measureName = (m: WidgetMeasure): string => {
    const agg = t(`dashboards.aggregate.${m.aggregate}`);
    if (m.aggregate === 'count') return approvals ? t('dashboards.approvals.count') : t('dashboards.recordCount');
    const name = m.field ? fieldName(m.field) : '';
    return name ? `${name}（${agg}）` : agg;
  };
  /** The filter family of a field (system ones too), as the records query reads it. */
  const familyOf = (code: string): string | undefined => {
    if (approvals) return undefined;
    if (code === 'flowState') return 'flowState';
    if (code === 'flowNode') return 'text';
    if (code === 'createdAt' || code === 'modifiedAt') return 'moment';
    if (code === 'createdBy' || code === 'modifiedBy') return 'member';
    const type = fields?.find((f) => f.code === code)?.type;
    return type ? FILTER_FAMILY[type] : undefined;
  };
  return { fieldName, measureName, familyOf, fields };
}
