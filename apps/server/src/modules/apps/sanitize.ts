import { RichText } from '@canopy/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as we store it: a small allowlist of formatting, links only to http(s)/mailto and
 * opened safely. Everything else (scripts, handlers, styles, iframes) is dropped.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RichText.tags],
    allowedAttributes: { a: [...RichText.linkAttributes] },
    allowedSchemes: [...RichText.schemes],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    },
  });
}
