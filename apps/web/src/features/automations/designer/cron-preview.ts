import { Cron } from 'croner';

/** Schedules a designer picks by name; the cron text is what the server runs (croner, five fields). */
export const CRON_PRESETS = [
  { key: 'weekdays9', cron: '0 9 * * 1-5' },
  { key: 'daily9', cron: '0 9 * * *' },
  { key: 'hourly', cron: '0 * * * *' },
  { key: 'monday9', cron: '0 9 * * 1' },
  { key: 'monthFirst9', cron: '0 9 1 * *' },
] as const;

/**
 * The next times a cron expression fires in a time zone, as the server computes them (the same
 * library), written for the reader; null when the expression does not parse.
 */
export function nextFires(
  cron: string,
  timeZone: string,
  locale: string,
  count = 3,
  from = new Date(),
): string[] | null {
  let job: Cron;
  try {
    job = new Cron(cron.trim(), { timezone: timeZone, paused: true });
  } catch {
    return null;
  }
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const runs = job.nextRuns(count, from);
  job.stop();
  return runs.map((d) => format.format(d));
}
