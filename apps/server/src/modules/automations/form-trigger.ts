import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the records being created come from a form's submission: the table's record form (its
 * create call) or a flow started with a new record's data. Imports, batches, the open API, flows'
 * automatic nodes and automations are not form submissions. The routes wrap the submission; the
 * form trigger (events.ts) asks inside the write's hook.
 */
const submitting = new AsyncLocalStorage<boolean>();

export function asFormSubmission<T>(work: () => Promise<T>): Promise<T> {
  return submitting.run(true, work);
}

export function isFormSubmission(): boolean {
  return submitting.getStore() === true;
}
