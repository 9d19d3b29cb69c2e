import type { FieldInfo, ResponseOf, SchemaEndpoints, ViewConfig, ViewInfo } from '@canopy/contract';
import type { QueryField } from './filter-ops';

export type TableAccess = ResponseOf<typeof SchemaEndpoints.access>;

/** What every part of a view needs to know about the table, the member and the open view. */
export interface ViewEnv {
  p: { appCode: string; schemaCode: string };
  engineCode: string;
  /** Live fields the member may see, in the table's order. */
  fields: FieldInfo[];
  /** Every field of the table, deleted ones included (saving a config needs them). */
  allFields: FieldInfo[];
  /** Fields and system columns that filters and sorts may name. */
  known: QueryField[];
  access: TableAccess;
  /** The table has a published flow (the grid shows 流程状态 and 当前节点). */
  flow: boolean;
  /** Whether the member may change a field's value (edit right and not read-only for them). */
  canEditField: (field: FieldInfo) => boolean;
  onOpen: (id: string) => void;
  memberId: string;
  /** The field a record's title comes from (cards leave it out: the title already shows it). */
  titleField: string;
}

export interface OpenView {
  view: ViewInfo;
  config: ViewConfig;
  /** Public views need design rights on the app; personal views are always their owner's. */
  editable: boolean;
  /** Applies a new config at once and saves it to the view. */
  update: (next: ViewConfig) => void;
}
