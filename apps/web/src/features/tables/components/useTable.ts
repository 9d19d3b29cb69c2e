import { useQuery } from '@tanstack/react-query';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../api/tables-api';
import { useViewList } from '../views/useViews';

/** The open data table: its design, the member's rights on it and its form. */
export function useTable(schemaCode: string) {
  const { engineCode, appCode } = useAppWorkspace();
  const p = { appCode, schemaCode };
  const schema = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.schema(p),
  });
  const access = useQuery({
    queryKey: tableKeys.access(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.access(p),
  });
  const form = useQuery({
    queryKey: tableKeys.form(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.form(p),
  });
  // The views are asked for with the rest, not once the table's design has arrived and the views
  // mount: the first page of records waits on them.
  useViewList(engineCode, p);
  return {
    p,
    engineCode,
    appCode,
    schema,
    access,
    form,
    keys: { table: tableKeys.table(engineCode, appCode, schemaCode) },
  };
}
