import type { WorkflowDefinition, WorkflowInfo } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { workflowApi, workflowKeys } from '../api/workflow-api';
import { idsInErrorFields } from '../designer/flow-tree';

/** A refusal of the server: its message, and the nodes or branches it names with theirs. */
export interface Refusal {
  message: string;
  byId: Map<string, string>;
}

function refusalOf(error: unknown, definition: WorkflowDefinition): Refusal {
  const byId = new Map<string, string>();
  if (isApiError(error)) {
    for (const f of error.fieldErrors) {
      for (const id of idsInErrorFields(definition, [f.field]))
        byId.set(id, byId.has(id) ? `${byId.get(id)}；${f.message}` : f.message);
    }
  }
  // Every named problem, not just the envelope's summary: the alert lists what to fix.
  return { message: errorText(error), byId };
}

/**
 * A table's flow as the designer edits it: the draft lives here until saved; saving and publishing
 * go to the server, whose refusal names the offending nodes (the canvas marks them).
 */
export function useWorkflowDesign(engineCode: string, p: { appCode: string; schemaCode: string }) {
  const queryClient = useQueryClient();
  const key = workflowKeys.flow(engineCode, p.appCode, p.schemaCode);
  const info = useQuery({ queryKey: key, queryFn: () => workflowApi.get(p), retry: false });
  const [local, setLocal] = useState<{ definition: WorkflowDefinition; name: string } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);

  const definition = local?.definition ?? info.data?.draft ?? null;
  const name = local?.name ?? info.data?.name ?? '';
  const dirty = local !== null;

  const change = useCallback(
    (update: (d: WorkflowDefinition) => WorkflowDefinition) => {
      const base = local ?? (info.data ? { definition: info.data.draft, name: info.data.name } : null);
      if (!base) return;
      setLocal({ ...base, definition: update(base.definition) });
      setRefusal(null);
    },
    [local, info.data],
  );
  const rename = (next: string) => {
    if (!info.data) return;
    setLocal({ definition: definition ?? info.data.draft, name: next });
  };
  const discard = () => {
    setLocal(null);
    setRefusal(null);
  };

  const saveNow = async (): Promise<WorkflowInfo | null> => {
    if (!definition) return null;
    try {
      const saved = await workflowApi.saveDraft(p, { definition, ...(name.trim() ? { name: name.trim() } : {}) });
      queryClient.setQueryData(key, saved);
      setLocal(null);
      return saved;
    } catch (error) {
      setRefusal(refusalOf(error, definition));
      return null;
    }
  };

  const save = async () => {
    setBusy('save');
    try {
      return await saveNow();
    } finally {
      setBusy(null);
    }
  };

  /** Saves what changed, then publishes; answers the new version or null (the refusal is set). */
  const publish = async () => {
    if (!definition) return null;
    setBusy('publish');
    try {
      if (dirty && !(await saveNow())) return null;
      const version = await workflowApi.publish(p);
      await queryClient.invalidateQueries({ queryKey: key });
      setRefusal(null);
      return version;
    } catch (error) {
      setRefusal(refusalOf(error, definition));
      return null;
    } finally {
      setBusy(null);
    }
  };

  return { info, definition, name, dirty, change, rename, discard, save, publish, busy, refusal, setRefusal };
}
