/** The approval view of an instance (a workflow sub-page), at one work item when given. */
export function approvalPath(appCode: string, instanceId: string, workItemId?: string): string {
  const q = new URLSearchParams({ instanceId });
  if (workItemId) q.set('workitemId', workItemId);
  return `/workflow/${encodeURIComponent(appCode)}/approval?${q.toString()}`;
}
