import type { FieldInfo, ViewConfig, ViewInfo } from '@canopy/contract';
import { Alert, Button, Skeleton } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { ViewBar } from './bar/ViewBar';
import { queryFields } from './filter-ops';
import { OpenViewBody } from './OpenViewBody';
import { useViewConfigSaver, useViewList } from './useViews';
import type { OpenView, TableAccess, ViewEnv } from './view-env';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  /** The table's title field ('' : the first text field, as the server titles records). */
  titleFieldCode: string;
  access: TableAccess;
  /** The table has a published flow: its status columns show and can be filtered and sorted by. */
  flow?: boolean;
  onOpen: (id: string) => void;
  onAdd?: () => void;
  /** Actions at the toolbar's right end; a function gets the open view (exports follow it). */
  extra?: ReactNode | ((view: ViewInfo) => ReactNode);
}

/**
 * A data table's views: the bar of saved views and the open one (grid, kanban, calendar or
 * gallery). The route's view code picks the view; an unknown code falls back to the first view.
 */
export function TableViews({
  engineCode,
  p,
  fields,
  titleFieldCode,
  access,
  flow = false,
  onOpen,
  onAdd,
  extra,
}: Props) {
  const { t } = useTranslation();
  const { viewCode } = useParams();
  const { search } = useLocation();
  const navigate = useAppNavigate();
  const session = useSession();
  const list = useViewList(engineCode, p);
  const save = useViewConfigSaver(engineCode, p, fields);
  const views = list.data ?? [];
  const view = views.find((v) => v.code === viewCode) ?? views[0];

  const select = useCallback(
    (code: string, options: { replace?: boolean; query?: string } = {}) =>
      navigate(
        `/app/${encodeURIComponent(p.appCode)}/${encodeURIComponent(p.schemaCode)}/${encodeURIComponent(code)}${options.query ? `?${options.query}` : ''}`,
        { replace: options.replace ?? false },
      ),
    [navigate, p.appCode, p.schemaCode],
  );

  // A link to a view that no longer exists (or never did) lands on the first view, keeping the
  // record or add parameters it carried.
  useEffect(() => {
    if (viewCode && list.data && view && view.code !== viewCode) {
      const params = new URLSearchParams(search);
      params.delete('engineCode');
      select(view.code, { replace: true, query: params.toString() });
    }
  }, [viewCode, list.data, view, search, select]);

  const { appCode, schemaCode } = p;
  const memberId = session.current?.memberId ?? '';
  const env = useMemo<ViewEnv>(() => {
    const hidden = (code: string) => access.fieldAccess[code] === 'hidden';
    return {
      p: { appCode, schemaCode },
      engineCode,
      fields: fields.filter((f) => !f.deleted && !hidden(f.code)),
      allFields: fields,
      known: queryFields(
        fields,
        hidden,
        {
          createdAt: t('views.system.createdAt'),
          modifiedAt: t('views.system.modifiedAt'),
          createdBy: t('views.system.createdBy'),
          modifiedBy: t('views.system.modifiedBy'),
        },
        flow ? { flowState: t('workflow.column.flowState'), flowNode: t('workflow.column.flowNode') } : undefined,
      ),
      flow,
      access,
      canEditField: (f) => access.accessPermission.edit && !f.system && access.fieldAccess[f.code] !== 'readonly',
      onOpen,
      memberId,
      titleField: titleFieldCode || (fields.find((f) => !f.deleted && f.type === 'text')?.code ?? ''),
    };
  }, [appCode, schemaCode, engineCode, fields, titleFieldCode, access, flow, onOpen, memberId, t]);

  if (list.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('views.loadFailed')}
        description={errorText(list.error)}
        action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!view) return <Skeleton active />;

  const open: OpenView = {
    view,
    config: view.config,
    editable: view.personal || access.designable,
    update: (next: ViewConfig) => save(view, next),
  };
  return (
    <div data-testid="table-views">
      <ViewBar
        engineCode={engineCode}
        p={p}
        fields={env.fields}
        views={views}
        current={view}
        designable={access.designable}
        onSelect={(code) => select(code)}
      />
      <OpenViewBody
        key={view.code}
        env={env}
        open={open}
        onAdd={onAdd}
        extra={typeof extra === 'function' ? extra(view) : extra}
      />
    </div>
  );
}
