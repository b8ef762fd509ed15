/** Reading answers for their checks: server-sent events, token counts, and the excerpt a problem quotes. */

/** One server-sent event: its `event:` name (empty when absent) and its `data:` text. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Splits an SSE body into events; the `data:` lines of an event are joined with newlines. */
export function parseSse(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    let event = '';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (event !== '' || data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return events;
}

/** A token count: a whole number, zero or more. */
export const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The start of a body, for a problem's message. */
export function excerptOf(body: string): string {
  return body.length > 300 ? `${body.slice(0, 300)}…` : body;
}
