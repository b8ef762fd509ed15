/**
 * The text of a `datetime-local` input (`yyyy-MM-ddTHH:mm:ss`, local time) and back. Empty or
 * malformed text gives null, so a filter left blank is sent as an empty value.
 */
export function toDateTimeInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function fromDateTimeInput(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const second = Number(match[6] ?? 0);
  const date = new Date(year, month - 1, day, hour, minute, second);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** Input text → Unix seconds as query text ('' when blank or invalid). */
export function inputToUnixText(text: string): string {
  const date = fromDateTimeInput(text);
  return date ? String(Math.floor(date.getTime() / 1000)) : '';
}
