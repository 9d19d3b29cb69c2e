import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The depth of the run whose steps are writing now (0: a run a person's action or a schedule
 * started). A write made while a run's step executes starts its automations one level deeper; the
 * loop guard stops them past AutomationLimits.maxDepth. Outside any run's step: undefined.
 */
const running = new AsyncLocalStorage<{ depth: number }>();

export function withRunDepth<T>(depth: number, work: () => Promise<T>): Promise<T> {
  return running.run({ depth }, work);
}

/** The depth a run started by a write made here gets. */
export function nextDepth(): number {
  const at = running.getStore();
  return at ? at.depth + 1 : 0;
}
