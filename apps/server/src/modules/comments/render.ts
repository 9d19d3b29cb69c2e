import { sanitizeRichText } from '../apps/sanitize.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A comment's text as stored: line breaks as \n, no other control characters, no outer blank space. */
export function normalizeComment(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** http(s) addresses in text, up to the first blank or a closing bracket or quote. */
const LINK = /https?:\/\/[^\s<>"'）】」]+/g;

/**
 * The comment as HTML: the text escaped, its http(s) addresses as links, line breaks as <br>; then
 * through the project's rich-text sanitizer (links open in a new tab without the opener, only
 * http(s)/mailto), so what reaches a browser is what the other rich text there is.
 */
export function commentHtml(text: string): string {
  let html = '';
  let at = 0;
  for (const m of text.matchAll(LINK)) {
    // A sentence's last full stop or comma is not part of the address.
    const url = m[0].replace(/[.,;:!?。，；：！？]+$/, '');
    html += escapeHtml(text.slice(at, m.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    at = m.index + url.length;
  }
  html += escapeHtml(text.slice(at));
  return sanitizeRichText(html.replace(/\n/g, '<br />'));
}

/** The first characters of a comment for a letter (one line). */
export function commentExcerpt(text: string, max = 100): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
