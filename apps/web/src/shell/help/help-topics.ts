/** The six help topics of the home help panel and the help drawer (spec §2 Home layout). */
export const HELP_TOPICS = [
  'intro',
  'createTable',
  'memberPermissions',
  'createWorkflow',
  'useViews',
  'useStatistics',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
