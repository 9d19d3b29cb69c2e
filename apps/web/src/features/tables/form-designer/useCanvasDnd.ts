import { fieldTypeLabel } from '@canopy/fields/web';
import {
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CanvasDraft, type CanvasSlot, slotOfItem, slotsOf } from './canvas-draft';

/**
 * Drag ids. A palette entry drags `type:<type>`, a field on the form drags its key. Places to drop:
 * `before:<key>` (each field), `end:<section>` (the strip after a section's last field) and
 * `card:<section>` (anywhere else in the section, meaning its end too).
 */
export const paletteId = (type: string) => `type:${type}`;
export const beforeId = (key: string) => `before:${key}`;
export const endId = (section: string) => `end:${section}`;
export const cardId = (section: string) => `card:${section}`;
const slotId = (s: CanvasSlot) => (s.before === null ? endId(s.section) : beforeId(s.before));
const typeOf = (id: UniqueIdentifier) => (String(id).startsWith('type:') ? String(id).slice(5) : null);

const NEXT = new Set<string>([KeyboardCode.Down, KeyboardCode.Right]);
const PREVIOUS = new Set<string>([KeyboardCode.Up, KeyboardCode.Left]);

interface Handlers {
  /** A palette entry dropped at a slot. */
  onAdd: (type: string, slot: CanvasSlot) => void;
  /** A field moved to a slot. */
  onMove: (key: string, slot: CanvasSlot) => void;
}

/**
 * dnd-kit for the form canvas: pointer drags (after 6 px, so a click still selects) and keyboard drags
 * (space lifts, arrows step through the places a field can land in reading order, space drops, Esc
 * cancels; Enter is left to the buttons), with what a screen reader hears in the user's language.
 */
export function useCanvasDnd(draft: CanvasDraft, { onAdd, onMove }: Handlers) {
  const { t } = useTranslation();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overSlot, setOverSlot] = useState<CanvasSlot | null>(null);
  // The keyboard's aim: the collision detection answers it while a keyboard drag runs.
  const keyboardAim = useRef<string | null>(null);
  const current = useRef(draft);
  current.current = draft;

  const slotOf = (id: UniqueIdentifier | null | undefined): CanvasSlot | null => {
    const s = String(id ?? '');
    const d = current.current;
    if (s.startsWith('end:') || s.startsWith('card:')) return { section: s.slice(s.indexOf(':') + 1), before: null };
    if (s.startsWith('before:')) {
      const key = s.slice(7);
      const section = d.sections.find((x) => x.items.some((i) => i.key === key));
      return section ? { section: section.id, before: key } : null;
    }
    return null;
  };

  const keyboardCoordinates: KeyboardCoordinateGetter = (event, { active, context }) => {
    const step = NEXT.has(event.code) ? 1 : PREVIOUS.has(event.code) ? -1 : 0;
    if (!step) return undefined;
    event.preventDefault();
    const d = current.current;
    const moving = typeOf(active) === null ? String(active) : undefined;
    const ids = slotsOf(d, moving).map(slotId);
    if (!ids.length) return undefined;
    let at = keyboardAim.current ? ids.indexOf(keyboardAim.current) : -1;
    if (at < 0 && moving) {
      const own = slotOfItem(d, moving);
      at = own ? ids.indexOf(slotId(own)) : -1;
    }
    const next = at < 0 ? (step > 0 ? 0 : ids.length - 1) : Math.min(Math.max(at + step, 0), ids.length - 1);
    const id = ids[next];
    const rect = id ? context.droppableRects.get(id) : undefined;
    if (!id || !rect) return undefined;
    keyboardAim.current = id;
    return { x: rect.left, y: rect.top };
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space] },
    }),
  );

  /** A field's place wins over its section's; outside every section there is nowhere to drop. */
  const collisionDetection: CollisionDetection = (args) => {
    if (keyboardAim.current) return [{ id: keyboardAim.current }];
    const hits = pointerWithin(args);
    const rank = (id: UniqueIdentifier) =>
      String(id).startsWith('before:') ? 0 : String(id).startsWith('end:') ? 1 : 2;
    return hits.sort((a, b) => rank(a.id) - rank(b.id)).slice(0, 1);
  };

  const nameOf = (id: UniqueIdentifier) => {
    const type = typeOf(id);
    return type !== null ? fieldTypeLabel(type) : (current.current.fields[String(id)]?.name ?? '');
  };
  const sectionName = (id: string) => {
    const si = current.current.sections.findIndex((s) => s.id === id);
    return current.current.sections[si]?.title || t('tables.canvas.untitledSection', { n: si + 1 });
  };
  const where = (slot: CanvasSlot | null) =>
    !slot
      ? t('tables.canvas.sr.nowhere')
      : slot.before === null
        ? t('tables.canvas.sr.atEnd', { section: sectionName(slot.section) })
        : t('tables.canvas.sr.before', {
            section: sectionName(slot.section),
            target: current.current.fields[slot.before]?.name ?? '',
          });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tables.canvas.sr.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      t('tables.canvas.sr.over', { name: nameOf(active.id), place: where(slotOf(over?.id)) }),
    onDragEnd: ({ active, over }) => {
      const slot = slotOf(over?.id);
      return slot
        ? t('tables.canvas.sr.dropped', { name: nameOf(active.id), place: where(slot) })
        : t('tables.canvas.sr.cancelled', { name: nameOf(active.id) });
    },
    onDragCancel: ({ active }) => t('tables.canvas.sr.cancelled', { name: nameOf(active.id) }),
  };

  const end = () => {
    keyboardAim.current = null;
    setActiveId(null);
    setOverSlot(null);
  };
  const onDragStart = ({ active }: DragStartEvent) => {
    keyboardAim.current = null;
    setActiveId(String(active.id));
  };
  const onDragOver = ({ over }: { over: { id: UniqueIdentifier } | null }) => setOverSlot(slotOf(over?.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const slot = slotOf(over?.id);
    end();
    if (!slot) return;
    const type = typeOf(active.id);
    if (type !== null) onAdd(type, slot);
    else onMove(String(active.id), slot);
  };

  return {
    activeId,
    overSlot,
    activeName: activeId ? nameOf(activeId) : '',
    context: {
      sensors,
      collisionDetection,
      accessibility: { announcements, screenReaderInstructions: { draggable: t('tables.canvas.sr.instructions') } },
      onDragStart,
      onDragOver,
      onDragEnd,
      onDragCancel: end,
    },
  };
}
