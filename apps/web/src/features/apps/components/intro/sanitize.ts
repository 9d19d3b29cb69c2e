import { RichText } from '@canopy/contract';
import DOMPurify from 'dompurify';

/** What an app introduction may hold: the server's allowlist (from the contract), applied again where it is rendered. */
const ALLOWED_TAGS = [...RichText.tags];
const ALLOWED_ATTR = [...RichText.linkAttributes];

let hooked = false;

/** Rich text made safe to render: only the formatting above, links open in a new tab without the opener. */
export function sanitizeRichText(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i });
}

/** Whether rich text has any visible text (spec §5: an empty introduction is refused). */
export function hasVisibleText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;
}

const BLOCKS = new Set(['P', 'DIV', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'PRE']);

/**
 * Tidies what contentEditable produced before it is saved: loose top-level text becomes a
 * paragraph, divs become paragraphs (the server keeps no divs), and the empty paragraphs left
 * around a list the browser put inside one are dropped.
 */
export function normalizeRichText(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  // Parsing already closes a paragraph before a list; that leaves empty paragraphs around it.
  for (const p of [...root.querySelectorAll('p')]) if (p.childNodes.length === 0) p.remove();
  for (const div of [...root.querySelectorAll('div')]) {
    const p = document.createElement('p');
    p.append(...div.childNodes);
    div.replaceWith(p);
  }
  let loose: ChildNode[] = [];
  const wrap = () => {
    const first = loose[0];
    if (first && loose.some((n) => n.textContent?.trim())) {
      const p = document.createElement('p');
      first.before(p);
      p.append(...loose);
    }
    loose = [];
  };
  for (const node of [...root.childNodes]) {
    if (node instanceof HTMLElement && BLOCKS.has(node.tagName)) wrap();
    else loose.push(node);
  }
  wrap();
  return root.innerHTML;
}
