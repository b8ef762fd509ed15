/**
 * The playground's conversation and how its messages change (spec §3 "Chat message", §4 assistant
 * message states). Pure: a reducer over the message list, plus what of it is sent to the server.
 */

export type ChatRole = 'user' | 'assistant' | 'system';
export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  /** Unix milliseconds. */
  createAt: number;
  /** Assistant replies only. */
  status?: MessageStatus;
  /** The opening exchange shown on an empty chat: display only, never sent. */
  greeting?: boolean;
}

export type ChatAction =
  /** The user sent `content`: their message and an assistant placeholder (loading) are added. */
  | { type: 'sent'; userId: string; replyId: string; content: string; at: number }
  /** A piece of the reply arrived. */
  | { type: 'delta'; id: string; text: string }
  /** The stream ended, or the user stopped it: the reply keeps what arrived. */
  | { type: 'completed'; id: string }
  /** The request or stream failed: the error text is appended and the reply is marked error. */
  | { type: 'failed'; id: string; error: string }
  /** Clear context: the conversation starts over with `messages` (the greeting). */
  | { type: 'reset'; messages: ChatMessage[] };

/** A reply that is complete or errored never changes again (spec §4). */
export function isSettled(message: ChatMessage): boolean {
  return message.status === 'complete' || message.status === 'error';
}

function updateReply(messages: ChatMessage[], id: string, change: (message: ChatMessage) => ChatMessage): ChatMessage[] {
  const index = messages.findIndex((message) => message.id === id);
  if (index < 0 || messages[index].role !== 'assistant' || isSettled(messages[index])) return messages;
  const next = messages.slice();
  next[index] = change(messages[index]);
  return next;
}

function appendError(content: string, error: string): string {
  if (content === '') return error;
  return `${content}\n\n${error}`;
}

export function chatReducer(messages: ChatMessage[], action: ChatAction): ChatMessage[] {
  switch (action.type) {
    case 'sent':
      return [
        ...messages,
        { id: action.userId, role: 'user', content: action.content, createAt: action.at },
        { id: action.replyId, role: 'assistant', content: '', createAt: action.at, status: 'loading' },
      ];
    case 'delta':
      if (action.text === '') return messages;
      return updateReply(messages, action.id, (message) => ({
        ...message,
        content: message.content + action.text,
        status: 'incomplete',
      }));
    case 'completed':
      return updateReply(messages, action.id, (message) => ({ ...message, status: 'complete' }));
    case 'failed':
      return updateReply(messages, action.id, (message) => ({
        ...message,
        content: appendError(message.content, action.error),
        status: 'error',
      }));
    case 'reset':
      return action.messages;
  }
}

/** The opening exchange: a user hello and the assistant's greeting (texts in the user's language). */
export function greetingMessages(hello: string, greeting: string, at: number): ChatMessage[] {
  return [
    { id: 'greeting-user', role: 'user', content: hello, createAt: at, greeting: true },
    { id: 'greeting-assistant', role: 'assistant', content: greeting, createAt: at, status: 'complete', greeting: true },
  ];
}

export interface RequestMessage {
  role: ChatRole;
  content: string;
}

/**
 * The history sent with a request: the system prompt first when it is not blank, then the
 * conversation. Left out: the greeting (display only, not something the user said), replies that
 * failed (their text is an error message, not the model's words) and replies still empty.
 */
export function requestMessages(messages: ChatMessage[], systemPrompt: string): RequestMessage[] {
  const history = messages
    .filter((message) => !message.greeting)
    .filter((message) => message.role !== 'assistant' || (message.status !== 'error' && message.content !== ''))
    .map(({ role, content }) => ({ role, content }));
  return systemPrompt.trim() === '' ? history : [{ role: 'system', content: systemPrompt }, ...history];
}
