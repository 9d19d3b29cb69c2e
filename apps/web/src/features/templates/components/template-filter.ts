import { TEMPLATE_CATEGORIES, type TemplateCategory, type TemplateSummary } from '@canopy/contract';

/** What the template center's side list selects: every template, one category, or the team's own. */
export type TemplateSection = 'all' | 'team' | TemplateCategory;

export const TEMPLATE_SECTIONS: readonly TemplateSection[] = ['all', ...TEMPLATE_CATEGORIES, 'team'];

const inSection = (template: TemplateSummary, section: TemplateSection) =>
  section === 'all' ||
  (section === 'team' ? template.kind === 'team' : template.kind === 'builtin' && template.category === section);

/** The words a search looks in: the name and description (in the asker's language), case-insensitive. */
const matches = (template: TemplateSummary, words: string[]) => {
  const text = `${template.name}\n${template.description}`.toLowerCase();
  return words.every((w) => text.includes(w));
};

const wordsOf = (query: string) => query.trim().toLowerCase().split(/\s+/).filter(Boolean);

/** The templates a section and a search show, in catalog order. */
export function filterTemplates(
  templates: readonly TemplateSummary[],
  section: TemplateSection,
  query: string,
): TemplateSummary[] {
  const words = wordsOf(query);
  return templates.filter((t) => inSection(t, section) && matches(t, words));
}

/** How many templates each section would show for the search (the side list's counts). */
export function sectionCounts(templates: readonly TemplateSummary[], query: string): Record<TemplateSection, number> {
  const words = wordsOf(query);
  const found = templates.filter((t) => matches(t, words));
  return Object.fromEntries(TEMPLATE_SECTIONS.map((s) => [s, found.filter((t) => inSection(t, s)).length])) as Record<
    TemplateSection,
    number
  >;
}
