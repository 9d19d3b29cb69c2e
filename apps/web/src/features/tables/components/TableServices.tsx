import { type FieldServices, FieldServicesContext, setFieldLabelLanguage } from '@canopy/fields/web/view';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi, uploadFile } from '../api/tables-api';
import { DepartmentInput, DepartmentNames, MemberInput, MemberNames } from './people-services';
import { RecordPicker } from './RecordPicker';

function RecordTitles({ schemaCode, ids }: { schemaCode: string; ids: string[] }) {
  const { engineCode, appCode } = useAppWorkspace();
  const { t } = useTranslation();
  const records = useQueries({
    queries: ids.map((id) => ({
      queryKey: tableKeys.record(engineCode, appCode, schemaCode, id),
      queryFn: () => tablesApi.record({ appCode, schemaCode }, id),
      retry: false,
      staleTime: 30_000,
    })),
  });
  return (
    <>
      {ids.map((id, i) => {
        const r = records[i];
        const title = r?.data?.title ?? (r?.isError ? t('tables.recordGone') : '…');
        return (
          <Tag key={id}>
            {r?.data ? (
              <Link
                to={`/app/${encodeURIComponent(appCode)}/${encodeURIComponent(schemaCode)}?record=${encodeURIComponent(id)}`}
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </Tag>
        );
      })}
    </>
  );
}

function TargetFieldSelect(props: { schemaCode: string; value?: string; onChange?: (v: string) => void }) {
  const { engineCode, appCode } = useAppWorkspace();
  const schema = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, props.schemaCode),
    queryFn: () => tablesApi.schema({ appCode, schemaCode: props.schemaCode }),
    enabled: Boolean(props.schemaCode),
  });
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      loading={schema.isLoading}
      options={(schema.data?.fields ?? []).filter((f) => !f.deleted).map((f) => ({ value: f.code, label: f.name }))}
    />
  );
}

/** The rich text editor loads when a form first shows a rich text field. */
const RichTextEditor = lazy(() =>
  import('../../apps/components/intro/RichTextEditor').then((m) => ({ default: m.RichTextEditor })),
);

function RichTextInput(props: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  return (
    <Suspense fallback={null}>
      <RichTextEditor initialHtml={props.value ?? ''} onChange={(html) => props.onChange?.(html)} placeholder="" />
    </Suspense>
  );
}

/** What the field editors of `@canopy/fields/web` need from this app: people, files, other tables, texts. */
export function TableServices({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { nodes } = useAppWorkspace();
  setFieldLabelLanguage(currentLanguage());
  const tables = useMemo(
    () => nodes.filter((n) => n.type === 'Schema').map((n) => ({ code: n.code, name: n.displayName })),
    [nodes],
  );
  const services = useMemo<FieldServices>(
    () => ({
      t: (key, params) => String(t(key as never, (params ?? {}) as never)),
      MemberInput,
      MemberNames,
      DepartmentInput,
      DepartmentNames,
      RecordInput: RecordPicker,
      RecordTitles,
      RichTextInput,
      TargetFieldSelect,
      upload: uploadFile,
      tables,
    }),
    [t, tables],
  );
  return <FieldServicesContext.Provider value={services}>{children}</FieldServicesContext.Provider>;
}
