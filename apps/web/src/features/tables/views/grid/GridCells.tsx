import type { FieldInfo, RecordItem } from '@canopy/contract';
import { ELLIPSIS } from '@canopy/fields/web/view';
import { createContext, lazy, memo, Suspense, useContext } from 'react';
import { FieldValue } from '../../records/FieldValue';
import { CommentCount } from './CommentCounts';
import { type RowActions, RowMenu } from './RowMenu';

/** The editor, with every field type's input, loads when a cell is first edited. */
const CellEditor = lazy(() => import('./CellEditor'));

/**
 * What the grid's cells read that is not the record: the cell being edited, the row height and the
 * actions. Cells read it from context so the table's columns (and their render functions) can stay
 * the same objects while it changes: rc-table then redraws a cell only when its record does, and
 * this context reaches the cells whose look it changes.
 */
export interface GridCellEnv {
  editing: { id: string; code: string } | null;
  lines: number;
  canEdit: (field: FieldInfo) => boolean;
  startEdit: (id: string, code: string) => void;
  stopEdit: (id: string, code: string) => void;
  save: (record: RecordItem, code: string, value: unknown) => Promise<unknown>;
  openRecord: (id: string) => void;
  /** The rows' "更多" menu. */
  rowActions: RowActions;
  untitled: string;
  linkColor: string;
}

export const GridCellContext = createContext<GridCellEnv | null>(null);

function useCellEnv(): GridCellEnv {
  const env = useContext(GridCellContext);
  if (!env) throw new Error('grid cells need GridCellContext');
  return env;
}

const clamp = (lines: number, editable: boolean) => ({
  minHeight: 22,
  cursor: editable ? 'text' : 'default',
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical' as const,
  WebkitLineClamp: lines,
});
/** One style object per (lines, editable): a new object per cell would be diffed per cell. */
const CLAMPS = new Map<string, ReturnType<typeof clamp>>();
const clampStyle = (lines: number, editable: boolean) => {
  const key = `${lines}:${editable}`;
  let style = CLAMPS.get(key);
  if (!style) {
    style = clamp(lines, editable);
    CLAMPS.set(key, style);
  }
  return style;
};

/** A field's value in the grid; click or Enter on an editable one starts the inline editor. */
export const GridCell = memo(function GridCell({
  record,
  field,
  editable: inline,
}: {
  record: RecordItem;
  field: FieldInfo;
  /** The field's type can be edited in a cell (the member's right is checked here). */
  editable: boolean;
}) {
  const env = useCellEnv();
  const value = record.data[field.code];
  const editable = inline && env.canEdit(field);
  if (env.editing?.id === record.id && env.editing.code === field.code)
    return (
      <Suspense fallback={<FieldValue field={field} value={value} compact={env.lines === 1} />}>
        <CellEditor
          field={field}
          value={value}
          onCancel={() => env.stopEdit(record.id, field.code)}
          onSave={async (next) => {
            await env.save(record, field.code, next);
            env.stopEdit(record.id, field.code);
          }}
        />
      </Suspense>
    );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a cell; Enter on it starts editing
    <div
      tabIndex={editable ? 0 : undefined}
      onClick={editable ? () => env.startEdit(record.id, field.code) : undefined}
      onKeyDown={
        editable
          ? (e) => {
              if (e.key === 'Enter') env.startEdit(record.id, field.code);
            }
          : undefined
      }
      style={clampStyle(env.lines, editable)}
      data-testid={`cell-${field.name}`}
    >
      <FieldValue field={field} value={value} compact={env.lines === 1} />
    </div>
  );
});

const TITLE_STYLE = {
  ...ELLIPSIS,
  cursor: 'pointer',
  // A button drawn as a link.
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  textAlign: 'start',
} as const;

const TITLE_ROW = { display: 'flex', alignItems: 'center', gap: 4 } as const;
/** The row menu's button beside the title. */
const MENU_WIDTH = 28;

/**
 * The record's title, opening the record, and the row's menu. The title is a plain button cut by
 * CSS: Typography's ellipsis measures every title after it is drawn, which costs a frame's budget
 * on each scroll step.
 */
export const TitleCell = memo(function TitleCell({ record, width }: { record: RecordItem; width: number }) {
  const env = useCellEnv();
  return (
    <div style={TITLE_ROW}>
      <button
        type="button"
        onClick={() => env.openRecord(record.id)}
        data-testid="record-title"
        style={{ ...TITLE_STYLE, maxWidth: width - MENU_WIDTH, color: env.linkColor, flex: 1 }}
      >
        {record.title || env.untitled}
      </button>
      <CommentCount id={record.id} />
      <RowMenu recordId={record.id} actions={env.rowActions} onOpen={env.openRecord} />
    </div>
  );
});
