import { isSameOriginPath } from '@canopy/contract';

/** One piece of a letter's content: text, or a link that opens an allowed destination. */
export type ContentPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string; target: '_self' | '_blank'; payload: Record<string, string> };

function payloadOf(raw: string | null): Record<string, string> {
  try {
    const value = JSON.parse(raw ?? '{}') as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * The server's content (escaped text with `<a href target data-onclick>` links) as parts to render
 * with React: parsed as an inert document (nothing runs, nothing loads), text kept as text, links
 * kept only when their href is a same-origin path; every other element contributes its text only.
 */
export function parseLetterContent(content: string): ContentPart[] {
  const doc = new DOMParser().parseFromString(`<body>${content}</body>`, 'text/html');
  const parts: ContentPart[] = [];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        const text = child.textContent ?? '';
        if (text) parts.push({ kind: 'text', text });
      } else if (child instanceof HTMLAnchorElement) {
        const href = child.getAttribute('href') ?? '';
        const text = child.textContent ?? '';
        if (isSameOriginPath(href))
          parts.push({
            kind: 'link',
            text,
            href,
            target: child.getAttribute('target') === '_blank' ? '_blank' : '_self',
            payload: payloadOf(child.getAttribute('data-onclick')),
          });
        else if (text) parts.push({ kind: 'text', text });
      } else walk(child);
    }
  };
  walk(doc.body);
  return parts;
}

/** What a link's payload must carry, by its `type` (or `kind`), to be followed (see the server's letters). */
const PAYLOAD_FIELDS: Record<string, string[]> = {
  workflow: ['appCode', 'instanceId'],
  table: ['appCode', 'schemaCode'],
  record: ['appCode', 'schemaCode', 'recordId'],
  teamExport: ['engineCode'],
  feedback: ['feedbackId'],
  members: [],
};

/**
 * Spec §8: a link whose payload lacks its fields is not followed ("数据不完整"): no type, or a known
 * type without one of its fields. Types this build does not know are followed as they are.
 */
export function isPayloadComplete(payload: Record<string, string>): boolean {
  const type = payload.type ?? payload.kind;
  if (!type) return false;
  return (PAYLOAD_FIELDS[type] ?? []).every((field) => Boolean(payload[field]));
}
