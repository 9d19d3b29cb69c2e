import type { FieldInfo, RecordQueryBody, ViewInfo } from '@canopy/contract';
import { queryFields } from './filter-ops';
import type { TableAccess } from './view-env';
import { asViewKind, gridFields, queryBody, resolveColumns } from './view-model';

/**
 * The body of the first records page the grid will ask for, worked out the way TableViews and
 * OpenViewBody do (the route's view or the first, its columns, grouping and whether it runs as saved),
 * from the answers of the table's design, rights, views and flow. The entry sends it early
 * (shell/api/early-requests.ts); if anything here differed from what the page then asks, the bodies
 * differ and the early answer simply goes unused. Null when the view is not a grid (other kinds ask
 * for other pages).
 */
export function firstGridBody(
  fields: FieldInfo[],
  access: TableAccess,
  views: ViewInfo[],
  viewCode: string | undefined,
  flow: boolean,
): RecordQueryBody | null {
  const view = views.find((v) => v.code === viewCode) ?? views[0];
  if (!view || asViewKind(view.kind) !== 'grid') return null;
  const hidden = (code: string) => access.fieldAccess[code] === 'hidden';
  // The names are display texts only; the body carries codes.
  const known = queryFields(
    fields,
    hidden,
    { createdAt: '', modifiedAt: '', createdBy: '', modifiedBy: '' },
    flow ? { flowState: '', flowNode: '' } : undefined,
  );
  const { config } = view;
  const columns = resolveColumns(config.columns, fields, hidden);
  const groupBy = config.groupBy ? known.find((f) => f.field?.code === config.groupBy) : undefined;
  const named = view.personal || access.designable ? undefined : view.code;
  return queryBody(config, known, '', groupBy, named, gridFields(columns, groupBy));
}
