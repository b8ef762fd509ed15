import i18n from '../i18n';

/** The BCP 47 locale of the console's language, for dates and numbers. */
export function uiLocale(): string {
  return i18n.language?.startsWith('en') ? 'en-US' : 'zh-CN';
}

/**
 * Unix seconds → local `YYYY-MM-DD HH:mm:ss`, the one date format of the console in both
 * languages (spec; "" for 0 or missing).
 */
export function formatTimestamp(seconds: number | null | undefined): string {
  if (!seconds) return '';
  return formatPlainDateTime(new Date(seconds * 1000));
}

/** Unix milliseconds → a local date and time (drawing tasks keep milliseconds). */
export function formatMillis(millis: number | null | undefined): string {
  return millis ? formatTimestamp(millis / 1000) : '';
}

/** Date → Unix seconds. */
export function toUnixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Local midnight of today, as a Date. */
export function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Local `yyyy-MM-dd HH:mm:ss` of a date (the token expiry format of spec §5). */
export function formatPlainDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** Parses local `yyyy-MM-dd HH:mm:ss`; null when the text is not such a date. */
export function parsePlainDateTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day, hour, minute, second);
  const roundTrips =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day &&
    date.getHours() === hour && date.getMinutes() === minute && date.getSeconds() === second;
  return roundTrips ? date : null;
}
