/** The texts a user wrote in an OpenAI request, for the sensitive-word check. */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The user-written texts of a value: a string, the strings of an array, the text parts of content. */
function textsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') out.push(item);
      else if (isRecord(item) && typeof item['text'] === 'string') out.push(item['text']);
    }
  }
}

/** The prompt texts of a request: message contents, `prompt`, `input`, rerank query and documents. */
export function promptTextsOf(json: Readonly<Record<string, unknown>>): string[] {
  const texts: string[] = [];
  const messages = json['messages'];
  if (Array.isArray(messages)) {
    for (const message of messages) if (isRecord(message)) textsOf(message['content'], texts);
  }
  textsOf(json['prompt'], texts);
  textsOf(json['input'], texts);
  textsOf(json['query'], texts);
  textsOf(json['documents'], texts);
  return texts;
}
