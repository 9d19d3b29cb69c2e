import type { Shortcut } from '@canopy/contract';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { ShortcutCard } from './ShortcutCard';

interface Props {
  nodes: Shortcut[];
  canManage: boolean;
  onOpen: (s: Shortcut) => void;
  onSettings: (s: Shortcut) => void;
  /** The codes in the new order, after a drag. */
  onReorder: (codes: string[]) => void;
}

/**
 * The shortcut cards, draggable into a new order. Its own chunk (with dnd-kit, 13 KB): the workbench
 * loads it only when there are shortcuts to show (bench/README.md, "The web app's /home").
 */
export function ShortcutGrid({ nodes, canManage, onOpen, onSettings, onReorder }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const codes = nodes.map((n) => n.code);
    const from = codes.indexOf(String(active.id));
    const to = codes.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(codes, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={nodes.map((n) => n.code)} strategy={rectSortingStrategy}>
        <ul className="canopy-app-grid" data-testid="shortcut-grid">
          {nodes.map((s) => (
            <ShortcutCard
              key={s.code}
              shortcut={s}
              sortable={canManage}
              onOpen={() => onOpen(s)}
              onSettings={() => onSettings(s)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
