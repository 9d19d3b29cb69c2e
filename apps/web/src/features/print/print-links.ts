/**
 * Addresses of the print sub-application (/print/:appCode/:schemaCode): the preview of some records
 * and the template designer. Kept apart from the sub-application so the table page links to it
 * without loading it.
 */
export function printPreviewPath(p: { appCode: string; schemaCode: string }, ids: string[], templateId?: string) {
  const search = new URLSearchParams({ ids: ids.join(',') });
  if (templateId) search.set('template', templateId);
  return `${printBase(p)}?${search}`;
}

export function printDesignerPath(p: { appCode: string; schemaCode: string }, templateId?: string) {
  return `${printBase(p)}/templates${templateId ? `?template=${encodeURIComponent(templateId)}` : ''}`;
}

function printBase(p: { appCode: string; schemaCode: string }) {
  return `/print/${encodeURIComponent(p.appCode)}/${encodeURIComponent(p.schemaCode)}`;
}
