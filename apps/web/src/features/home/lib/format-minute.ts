const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time as `YYYY-MM-DD HH:mm` in the browser's zone (what dayjs's format gives): the to-do panel's
 * one date, without loading dayjs on /home.
 */
export function formatMinute(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
