import { type DragEvent, useState } from 'react';

/** Where a dragged field would land: in section `si`, before the field `before` (null: at the end). */
export interface FieldDropTarget {
  si: number;
  before: string | null;
}

/**
 * Native HTML5 drag and drop for the form designer's fields: the dragged field's code, the current drop target
 * (for the indicator) and event props for the drag handle, each field row and each section.
 */
export function useFieldDrag(onDrop: (code: string, target: FieldDropTarget) => void) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [target, setTarget] = useState<FieldDropTarget | null>(null);
  const aim = (next: FieldDropTarget) => {
    if (target?.si !== next.si || target.before !== next.before) setTarget(next);
  };
  const end = () => {
    setDragging(null);
    setTarget(null);
  };
  const drop = (next: FieldDropTarget) => {
    const code = dragging;
    end();
    if (code !== null) onDrop(code, next);
  };

  return {
    dragging,
    target,
    /** Props for the handle that starts dragging the field `code`; `row` is shown as the drag image. */
    handleProps: (code: string) => ({
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', code);
        const row = event.currentTarget.closest('[data-field-row]');
        if (row instanceof HTMLElement) event.dataTransfer.setDragImage(row, 12, 12);
        setDragging(code);
      },
      onDragEnd: end,
    }),
    /** Props for a field row: dropping on it puts the dragged field before it. */
    itemProps: (si: number, code: string) => ({
      'data-field-row': code,
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (dragging === null) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        aim({ si, before: code });
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (dragging === null) return;
        event.preventDefault();
        event.stopPropagation();
        drop({ si, before: code });
      },
    }),
    /** Props for a section: dropping on its empty area or end appends the dragged field. */
    sectionProps: (si: number) => ({
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (dragging === null) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        aim({ si, before: null });
      },
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node && event.currentTarget.contains(next)) && target?.si === si) setTarget(null);
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (dragging === null) return;
        event.preventDefault();
        drop({ si, before: null });
      },
    }),
  };
}
