/** An article as the search sees it: its address, its title and its plain text. */
export interface SearchableArticle {
  slug: string;
  title: string;
  text: string;
}

/** A snippet cut around the first match: the match is `hit`, with the text on either side. */
export interface Snippet {
  before: string;
  hit: string;
  after: string;
}

export interface SearchResult {
  slug: string;
  title: string;
  snippet: Snippet;
}

/** Plain text of an article's Markdown: no images, link targets, emphasis or heading marks. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/^>\s?/gm, '')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text compared in a form where case and width do not matter (ＡＢＣ and abc, full-width digits).
 * NFKC keeps one character per character for the scripts of the help articles, so positions in the
 * normalized text are positions in the original.
 */
function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * The query's terms: split at spaces (words in English), each matched as a substring — Chinese and
 * Japanese have no spaces between words, so a query like 审批流程 is one term found anywhere.
 */
function termsOf(query: string): string[] {
  return normalize(query)
    .split(/[\s\u3000]+/)
    .filter((term) => term.length > 0);
}

const SNIPPET_BEFORE = 24;
const SNIPPET_AFTER = 60;

function snippetAt(text: string, index: number, length: number): Snippet {
  const start = Math.max(0, index - SNIPPET_BEFORE);
  const end = Math.min(text.length, index + length + SNIPPET_AFTER);
  return {
    before: (start > 0 ? '…' : '') + text.slice(start, index),
    hit: text.slice(index, index + length),
    after: text.slice(index + length, end) + (end < text.length ? '…' : ''),
  };
}

/**
 * Articles whose title or text hold every term of the query; titles that match come first. The
 * snippet shows the first term where it first occurs in the text (or the text's start when only the
 * title matched).
 */
export function searchArticles(articles: readonly SearchableArticle[], query: string): SearchResult[] {
  const terms = termsOf(query);
  if (terms.length === 0) return [];
  const scored: { result: SearchResult; score: number; order: number }[] = [];
  articles.forEach((article, order) => {
    const title = normalize(article.title);
    const text = normalize(article.text);
    if (!terms.every((term) => title.includes(term) || text.includes(term))) return;
    const first = terms[0] ?? '';
    const index = text.indexOf(first);
    const snippet =
      index >= 0
        ? snippetAt(article.text, index, first.length)
        : { before: '', hit: '', after: article.text.slice(0, SNIPPET_AFTER) + (article.text.length > 60 ? '…' : '') };
    const score = terms.filter((term) => title.includes(term)).length;
    scored.push({ result: { slug: article.slug, title: article.title, snippet }, score, order });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((s) => s.result);
}
