import type { AutomationDefinition, AutomationStep } from '@canopy/contract';

/**
 * The steps of a draft as a tree: a list is the top level, a loop's body (`each`) or a branch
 * (`whenTrue`, `whenFalse`). Step ids are unique in the whole definition (the server checks it), so
 * a step is named by its id and a list by its parent step's id and slot.
 */
export type Slot = 'each' | 'whenTrue' | 'whenFalse';
export interface ListRef {
  parent: string | null;
  slot: Slot | null;
}
export const ROOT: ListRef = { parent: null, slot: null };

/** A step as the designer handles it: the contract's kinds, and any kind the server adds later. */
export type AnyStep = AutomationStep | ({ id: string; kind: string } & Record<string, unknown>);

export const SLOTS: Slot[] = ['each', 'whenTrue', 'whenFalse'];

/** The lists of steps one step holds (a loop's body, a condition's branches). */
export function childLists(step: AnyStep): { slot: Slot; steps: AnyStep[] }[] {
  const s = step as Record<string, unknown>;
  if (step.kind === 'findRecords') return [{ slot: 'each', steps: (s.each as AnyStep[] | undefined) ?? [] }];
  if (step.kind === 'condition')
    return [
      { slot: 'whenTrue', steps: (s.whenTrue as AnyStep[] | undefined) ?? [] },
      { slot: 'whenFalse', steps: (s.whenFalse as AnyStep[] | undefined) ?? [] },
    ];
  return [];
}

/** Every step, depth first in the order a run meets them. */
export function allSteps(steps: AnyStep[]): AnyStep[] {
  return steps.flatMap((s) => [s, ...childLists(s).flatMap((l) => allSteps(l.steps))]);
}

export function findStep(steps: AnyStep[], id: string): AnyStep | undefined {
  return allSteps(steps).find((s) => s.id === id);
}

/** A new step id: `s` and the next free number. */
export function nextStepId(steps: AnyStep[]): string {
  const used = new Set(allSteps(steps).map((s) => s.id));
  let n = used.size + 1;
  for (let i = 1; i <= n; i++)
    if (!used.has(`s${i}`)) {
      n = i;
      break;
    }
  return `s${n}`;
}

/** Each list of the tree rewritten by `edit` (given its ref); steps are copied, not changed in place. */
function mapLists(steps: AnyStep[], ref: ListRef, edit: (list: AnyStep[], ref: ListRef) => AnyStep[]): AnyStep[] {
  return edit(
    steps.map((s) => {
      const lists = childLists(s);
      if (!lists.length) return s;
      const next: Record<string, unknown> = { ...s };
      for (const l of lists) {
        const inner = mapLists(l.steps, { parent: s.id, slot: l.slot }, edit);
        // An empty else branch stays absent, as the contract allows.
        if (l.slot === 'whenFalse' && inner.length === 0 && !('whenFalse' in s)) continue;
        next[l.slot] = inner;
      }
      return next as AnyStep;
    }),
    ref,
  );
}

const same = (a: ListRef, b: ListRef) => a.parent === b.parent && a.slot === b.slot;

export function insertStep(steps: AnyStep[], at: ListRef, index: number, step: AnyStep): AnyStep[] {
  return mapLists(steps, ROOT, (list, ref) =>
    same(ref, at) ? [...list.slice(0, index), step, ...list.slice(index)] : list,
  );
}

export function removeStep(steps: AnyStep[], id: string): AnyStep[] {
  return mapLists(steps, ROOT, (list) => list.filter((s) => s.id !== id));
}

export function replaceStep(steps: AnyStep[], step: AnyStep): AnyStep[] {
  return mapLists(steps, ROOT, (list) => list.map((s) => (s.id === step.id ? step : s)));
}

/** Moves a step one place up or down within its list. */
export function moveStep(steps: AnyStep[], id: string, delta: -1 | 1): AnyStep[] {
  return mapLists(steps, ROOT, (list) => {
    const i = list.findIndex((s) => s.id === id);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= list.length) return list;
    const next = [...list];
    [next[i], next[j]] = [next[j] as AnyStep, next[i] as AnyStep];
    return next;
  });
}

/**
 * What a run has done before a step: the steps whose outputs it can name (earlier in its list and
 * in the lists around it) and the loops it is inside (whose `item` it can name), nearest last.
 */
export function stepsBefore(steps: AnyStep[], id: string): { earlier: AnyStep[]; loops: AnyStep[] } | null {
  const walk = (list: AnyStep[], earlier: AnyStep[], loops: AnyStep[]): ReturnType<typeof stepsBefore> => {
    const seen = [...earlier];
    for (const s of list) {
      if (s.id === id) return { earlier: seen, loops };
      // A condition's or a find's own output is known inside its branches and its loop.
      for (const l of childLists(s)) {
        const found = walk(l.steps, [...seen, s], l.slot === 'each' ? [...loops, s] : loops);
        if (found) return found;
      }
      seen.push(s);
    }
    return null;
  };
  return walk(steps, [], []);
}

export function emptyDefinition(trigger: AutomationDefinition['trigger']): AutomationDefinition {
  return { trigger, steps: [] };
}
