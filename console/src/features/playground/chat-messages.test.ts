import { type ChatMessage, chatReducer, greetingMessages, requestMessages } from './chat-messages';

const greeting = greetingMessages('Hello', 'Hi! How can I help?', 1);

function afterSend(content = 'question'): ChatMessage[] {
  return chatReducer(greeting, { type: 'sent', userId: 'u1', replyId: 'r1', content, at: 5 });
}

function reply(messages: ChatMessage[]): ChatMessage {
  return messages.find((message) => message.id === 'r1')!;
}

describe('chatReducer', () => {
  it('adds the user message and a loading assistant placeholder', () => {
    const messages = afterSend('What is 2+2?');
    expect(messages.slice(2)).toEqual([
      { id: 'u1', role: 'user', content: 'What is 2+2?', createAt: 5 },
      { id: 'r1', role: 'assistant', content: '', createAt: 5, status: 'loading' },
    ]);
  });

  it('moves loading → incomplete on the first text, appends later text, completes at the end', () => {
    let messages = afterSend();
    messages = chatReducer(messages, { type: 'delta', id: 'r1', text: 'Fo' });
    expect(reply(messages)).toMatchObject({ content: 'Fo', status: 'incomplete' });
    messages = chatReducer(messages, { type: 'delta', id: 'r1', text: 'ur' });
    expect(reply(messages)).toMatchObject({ content: 'Four', status: 'incomplete' });
    messages = chatReducer(messages, { type: 'completed', id: 'r1' });
    expect(reply(messages)).toMatchObject({ content: 'Four', status: 'complete' });
  });

  it('keeps a reply loading when an empty delta arrives', () => {
    const messages = afterSend();
    expect(chatReducer(messages, { type: 'delta', id: 'r1', text: '' })).toBe(messages);
  });

  it('appends the error to the text received so far and marks the reply error', () => {
    let messages = chatReducer(afterSend(), { type: 'delta', id: 'r1', text: 'Partial' });
    messages = chatReducer(messages, { type: 'failed', id: 'r1', error: 'quota exhausted' });
    expect(reply(messages)).toMatchObject({ content: 'Partial\n\nquota exhausted', status: 'error' });
    const failedAtOnce = chatReducer(afterSend(), { type: 'failed', id: 'r1', error: 'no channel' });
    expect(reply(failedAtOnce)).toMatchObject({ content: 'no channel', status: 'error' });
  });

  it('never changes a complete reply again', () => {
    const complete = chatReducer(chatReducer(afterSend(), { type: 'delta', id: 'r1', text: 'Done' }), { type: 'completed', id: 'r1' });
    expect(chatReducer(complete, { type: 'delta', id: 'r1', text: ' more' })).toBe(complete);
    expect(chatReducer(complete, { type: 'failed', id: 'r1', error: 'late error' })).toBe(complete);
    expect(chatReducer(complete, { type: 'completed', id: 'r1' })).toBe(complete);
    expect(reply(complete)).toMatchObject({ content: 'Done', status: 'complete' });
  });

  it('never changes an errored reply again', () => {
    const failed = chatReducer(afterSend(), { type: 'failed', id: 'r1', error: 'boom' });
    expect(chatReducer(failed, { type: 'delta', id: 'r1', text: 'late' })).toBe(failed);
    expect(chatReducer(failed, { type: 'completed', id: 'r1' })).toBe(failed);
    expect(chatReducer(failed, { type: 'failed', id: 'r1', error: 'again' })).toBe(failed);
  });

  it('ignores unknown ids and user messages', () => {
    const messages = afterSend();
    expect(chatReducer(messages, { type: 'delta', id: 'missing', text: 'x' })).toBe(messages);
    expect(chatReducer(messages, { type: 'failed', id: 'u1', error: 'x' })).toBe(messages);
  });

  it('does not mutate the previous list', () => {
    const before = afterSend();
    const snapshot = structuredClone(before);
    chatReducer(before, { type: 'delta', id: 'r1', text: 'x' });
    expect(before).toEqual(snapshot);
  });

  it('resets to the given messages (clear context)', () => {
    const fresh = greetingMessages('Hello', 'Hi', 9);
    expect(chatReducer(afterSend(), { type: 'reset', messages: fresh })).toBe(fresh);
  });
});

describe('requestMessages', () => {
  it('sends the system prompt first, leaves out the greeting, failed and empty replies', () => {
    let messages = afterSend('first');
    messages = chatReducer(chatReducer(messages, { type: 'delta', id: 'r1', text: 'answer' }), { type: 'completed', id: 'r1' });
    messages = chatReducer(messages, { type: 'sent', userId: 'u2', replyId: 'r2', content: 'second', at: 6 });
    messages = chatReducer(messages, { type: 'failed', id: 'r2', error: 'broken' });
    messages = chatReducer(messages, { type: 'sent', userId: 'u3', replyId: 'r3', content: 'third', at: 7 });
    expect(requestMessages(messages, 'Be brief.')).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer' },
      { role: 'user', content: 'second' },
      { role: 'user', content: 'third' },
    ]);
  });

  it('sends no system message when the prompt is blank', () => {
    expect(requestMessages(afterSend('q'), '  \n')).toEqual([{ role: 'user', content: 'q' }]);
  });
});
