/** The six help topics of the home help panel and the help center's articles (spec §2 Home layout). */
export const HELP_TOPICS = [
  'intro',
  'createTable',
  'memberPermissions',
  'createWorkflow',
  'useViews',
  'useStatistics',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

/** Each topic's address in the help center: /help/<slug>. */
export const HELP_TOPIC_SLUG: Record<HelpTopic, string> = {
  intro: 'intro',
  createTable: 'create-table',
  memberPermissions: 'member-permissions',
  createWorkflow: 'create-workflow',
  useViews: 'use-views',
  useStatistics: 'use-statistics',
};

/** The articles' slugs in the help center's order. */
export const HELP_TOPIC_SLUGS: string[] = HELP_TOPICS.map((topic) => HELP_TOPIC_SLUG[topic]);

/** The help center's address, at one topic's article when given. */
export function helpPath(topic?: HelpTopic): string {
  return topic ? `/help/${HELP_TOPIC_SLUG[topic]}` : '/help';
}
