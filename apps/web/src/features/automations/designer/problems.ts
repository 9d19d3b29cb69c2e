import type { AnyStep } from './step-tree';
import { childLists } from './step-tree';

/**
 * Where a refused draft's field errors belong on the canvas: `definition.trigger…` on the trigger,
 * `definition.steps.2.whenTrue.0.values` on that step (by id), anything else on the trigger.
 */
export function problemsByCard(steps: AnyStep[], errors: { field: string; message: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  const add = (id: string, message: string) => out.set(id, out.has(id) ? `${out.get(id)}；${message}` : message);
  for (const e of errors) {
    const parts = e.field.split('.');
    if (parts[0] !== 'definition' || parts[1] !== 'steps') {
      add('trigger', e.message);
      continue;
    }
    let list = steps;
    let found: AnyStep | undefined;
    for (let i = 2; i < parts.length; i += 2) {
      const step = list[Number(parts[i])];
      if (!step) break;
      found = step;
      const slot = parts[i + 1];
      const inner = childLists(step).find((l) => l.slot === slot);
      if (!inner) break;
      list = inner.steps;
    }
    add(found?.id ?? 'trigger', e.message);
  }
  return out;
}
