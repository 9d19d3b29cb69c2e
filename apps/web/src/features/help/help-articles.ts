import type { Language } from '@canopy/contract';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { HELP_TOPIC_SLUGS } from '../../shell/help/help-topics';
import { markdownToText, type SearchableArticle } from './help-search';

/** The Markdown of every article, by path (`./articles/<lang>/<slug>.md`); only this chunk carries them. */
const SOURCES = import.meta.glob<string>('./articles/*/*.md', { query: '?raw', import: 'default', eager: true });
/** The screenshots, as the build's hashed asset addresses, by path (`./articles/images/<name>.png`). */
const IMAGES = import.meta.glob<string>('./articles/images/*.png', { query: '?url', import: 'default', eager: true });

export interface HelpHeading {
  id: string;
  text: string;
}

export interface HelpArticle extends SearchableArticle {
  markdown: string;
}

/** The articles in the help center's order, in the language asked for; a missing translation falls back to zh. */
export function articlesIn(lang: Language): HelpArticle[] {
  return HELP_TOPIC_SLUGS.flatMap((slug) => {
    const markdown = SOURCES[`./articles/${lang}/${slug}.md`] ?? SOURCES[`./articles/zh/${slug}.md`];
    if (markdown === undefined) return [];
    const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? slug;
    const body = markdown.replace(/^#\s+.+$/m, '');
    return [{ slug, title, text: markdownToText(body), markdown }];
  });
}

/** An image path of an article (`../images/x.png`, `images/x.png`) as the built asset's address. */
function imageUrl(href: string): string | undefined {
  const name = href.split('/').pop() ?? '';
  return IMAGES[`./articles/images/${name}`];
}

/**
 * An article's HTML: headings of level 2 get ids for the table of contents, images point at the built
 * assets (any other image is dropped), and the result is sanitized by DOMPurify before it is shown.
 * The title (level 1) is left out: the page shows it itself.
 */
export function renderArticle(markdown: string): { html: string; headings: HelpHeading[] } {
  const headings: HelpHeading[] = [];
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        if (depth === 1) return '';
        if (depth !== 2) return `<h${depth}>${inner}</h${depth}>\n`;
        const id = `section-${headings.length + 1}`;
        headings.push({ id, text: inner.replace(/<[^>]*>/g, '') });
        return `<h2 id="${id}">${inner}</h2>\n`;
      },
      image({ href, text }) {
        const src = imageUrl(href);
        if (!src) return '';
        const alt = text.replace(/"/g, '&quot;');
        return `<img src="${src}" alt="${alt}" loading="lazy" data-testid="help-article-image">`;
      },
    },
  });
  const raw = marked.parse(markdown) as string;
  const html = DOMPurify.sanitize(raw, { ADD_ATTR: ['loading'] });
  return { html, headings };
}
