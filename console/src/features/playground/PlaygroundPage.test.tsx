import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { PlaygroundPage } from './PlaygroundPage';

const encoder = new TextEncoder();

function sseDelta(text: string): string {
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text } }] })}\n\n`;
}

/** A streamed answer the test feeds piece by piece. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(created) {
      controller = created;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    stream,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    wasCancelled: () => cancelled,
  };
}

interface CapturedRequest {
  body: Record<string, unknown>;
  headers: Headers;
  signal: AbortSignal;
}

/** Answers the lists and every chat request with the next response from `answers`. */
function answerPlayground(answers: Array<() => Response>) {
  const requests: CapturedRequest[] = [];
  server.use(
    http.get('*/api/user/self/groups', () =>
      HttpResponse.json(ok({ vip: { desc: 'VIP group', ratio: 1.5 }, default: { desc: 'Default group', ratio: 1 } })),
    ),
    http.get('*/api/user/models', () => HttpResponse.json(ok(['claude-3-haiku', 'gpt-4o', 'gpt-4o-mini']))),
    http.post('*/pg/chat/completions', async ({ request }) => {
      requests.push({ body: (await request.json()) as Record<string, unknown>, headers: request.headers, signal: request.signal });
      const next = answers.shift();
      if (!next) throw new Error('unexpected chat request');
      return next();
    }),
  );
  return requests;
}

function eventStream(stream: ReadableStream<Uint8Array>): Response {
  return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
}

function fixedStream(body: string): () => Response {
  return () =>
    eventStream(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode(body));
          controller.close();
        },
      }),
    );
}

const open = () => renderPage(<PlaygroundPage />, { route: '/playground', user: TEST_USER, language: 'en' });

function messages() {
  return screen.getAllByTestId('chat-message');
}

function lastMessage() {
  const all = messages();
  return all[all.length - 1]!;
}

async function ready() {
  const page = open();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-4o-mini'));
  await waitFor(() => expect(screen.getByLabelText('Group')).toHaveValue('default'));
  return page;
}

async function sendMessage(text: string) {
  await userEvent.type(screen.getByLabelText('Message'), `${text}{Enter}`);
}

describe('PlaygroundPage', () => {
  it('opens with the greeting, the own group first and the default model and prompt', async () => {
    answerPlayground([]);
    await ready();
    const greeting = messages();
    expect(greeting).toHaveLength(2);
    expect(greeting[0]).toHaveAttribute('data-role', 'user');
    expect(greeting[0]).toHaveTextContent('Hello');
    expect(greeting[1]).toHaveAttribute('data-role', 'assistant');
    expect(greeting[1]).toHaveTextContent('Hello! How can I help you today?');
    const groupChoices = within(screen.getByLabelText('Group')).getAllByRole('option');
    expect(groupChoices.map((option) => option.getAttribute('value'))).toEqual(['default', 'vip']);
    expect(groupChoices[1]).toHaveTextContent('vip (VIP group · ×1.5)');
    expect(screen.getByLabelText('System prompt')).toHaveValue('You are a helpful assistant.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends the settings and history (not the greeting), streams the reply in and completes it', async () => {
    const first = controlledStream();
    const requests = answerPlayground([() => eventStream(first.stream), fixedStream(sseDelta('Second answer') + 'data: [DONE]\n\n')]);
    await ready();

    await userEvent.selectOptions(screen.getByLabelText('Group'), 'vip');
    await userEvent.clear(screen.getByLabelText('Max tokens'));
    await userEvent.type(screen.getByLabelText('Max tokens'), '256');
    screen.getByRole('slider', { name: 'Temperature' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const modelInput = screen.getByRole('combobox', { name: 'Model' });
    await userEvent.click(modelInput);
    await userEvent.type(modelInput, 'haiku');
    const modelOptions = within(await screen.findByRole('listbox', { name: 'Model' })).getAllByRole('option');
    expect(modelOptions.map((option) => option.textContent)).toEqual(['claude-3-haiku']);
    await userEvent.click(within(modelOptions[0]!).getByText('claude-3-haiku'));
    await waitFor(() => expect(modelInput).toHaveValue('claude-3-haiku'));
    await sendMessage('What is **SSE**?');

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'What is **SSE**?' },
      ],
      stream: true,
      model: 'claude-3-haiku',
      group: 'vip',
      max_tokens: 256,
      temperature: 0.3,
    });
    expect(requests[0]!.headers.get('New-Api-User')).toBe('7');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(screen.getByLabelText('Message')).toHaveValue('');

    // The user's text is shown as typed; the reply waits with a spinner.
    expect(messages()[2]).toHaveTextContent('What is **SSE**?');
    expect(lastMessage()).toHaveAttribute('data-status', 'loading');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    first.send(sseDelta('Server-sent **ev'));
    await waitFor(() => expect(lastMessage()).toHaveAttribute('data-status', 'incomplete'));
    expect(lastMessage()).toHaveTextContent('Server-sent **ev');
    first.send(sseDelta('ents** stream.') + 'data: [DONE]\n\n');
    first.close();
    await waitFor(() => expect(lastMessage()).toHaveAttribute('data-status', 'complete'));
    expect(within(lastMessage()).getByText('events', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();

    // The second request carries the first exchange; an empty system prompt is not sent.
    await userEvent.clear(screen.getByLabelText('System prompt'));
    await sendMessage('And then?');
    await waitFor(() => expect(lastMessage()).toHaveAttribute('data-status', 'complete'));
    expect(lastMessage()).toHaveTextContent('Second answer');
    expect(requests[1]!.body.messages).toEqual([
      { role: 'user', content: 'What is **SSE**?' },
      { role: 'assistant', content: 'Server-sent **events** stream.' },
      { role: 'user', content: 'And then?' },
    ]);
  });

  it('leaves max_tokens out at 0 and adds a line with Shift+Enter instead of sending', async () => {
    const requests = answerPlayground([fixedStream('data: [DONE]\n\n')]);
    await ready();
    await userEvent.type(screen.getByLabelText('Message'), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(requests).toHaveLength(0);
    expect(screen.getByLabelText('Message')).toHaveValue('line one\nline two');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).not.toHaveProperty('max_tokens');
    expect(requests[0]!.body).toMatchObject({ model: 'gpt-4o-mini', group: 'default', temperature: 0.1 });
    expect((requests[0]!.body.messages as unknown[]).at(-1)).toEqual({ role: 'user', content: 'line one\nline two' });
  });

  it('appends an HTTP error to the reply and marks it error', async () => {
    answerPlayground([
      () =>
        HttpResponse.json(
          { error: { message: 'No available channel for model gpt-4o-mini', type: 'new_api_error', code: 'model_not_found' } },
          { status: 503 },
        ),
    ]);
    await ready();
    await sendMessage('hi');
    await waitFor(() => expect(lastMessage()).toHaveAttribute('data-status', 'error'));
    expect(lastMessage()).toHaveTextContent('No available channel for model gpt-4o-mini');
    expect(lastMessage().querySelector('.bp6-intent-danger')).not.toBeNull();
  });

  it('keeps the streamed text and appends an error that arrives inside the stream', async () => {
    answerPlayground([fixedStream(sseDelta('Partial reply') + `data: ${JSON.stringify({ error: { message: 'upstream reset' } })}\n\n`)]);
    await ready();
    await sendMessage('hi');
    await waitFor(() => expect(lastMessage()).toHaveAttribute('data-status', 'error'));
    expect(lastMessage()).toHaveTextContent(/Partial reply\s*upstream reset/);
  });

  it('Stop aborts the request and completes the reply with what arrived', async () => {
    const answer = controlledStream();
    const requests = answerPlayground([() => eventStream(answer.stream)]);
    await ready();
    await sendMessage('tell me a long story');
    answer.send(sseDelta('Once upon'));
    await waitFor(() => expect(lastMessage()).toHaveTextContent('Once upon'));

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(lastMessage()).toHaveAttribute('data-status', 'complete');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await waitFor(() => expect(requests[0]!.signal.aborted || answer.wasCancelled()).toBe(true));
    try {
      answer.send(sseDelta(' a time'));
    } catch {
      // The stream may already be closed by the abort.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lastMessage()).toHaveTextContent('Once upon');
    expect(lastMessage()).not.toHaveTextContent('a time');
    expect(lastMessage()).toHaveAttribute('data-status', 'complete');
  });

  it('signs out and opens the login page on 401', async () => {
    answerPlayground([() => HttpResponse.json({ error: { message: 'unauthorized' } }, { status: 401 })]);
    const page = await ready();
    await sendMessage('hi');
    await waitFor(() => expect(page.location()).toBe('/login?expired=true'));
    expect(page.store.getState().session.user).toBeNull();
  });

  it('clears the context back to the greeting', async () => {
    answerPlayground([fixedStream(sseDelta('Answer') + 'data: [DONE]\n\n')]);
    await ready();
    await sendMessage('question');
    await waitFor(() => expect(lastMessage()).toHaveAttribute('data-status', 'complete'));
    expect(messages()).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Clear context' }));
    expect(messages()).toHaveLength(2);
    expect(lastMessage()).toHaveTextContent('Hello! How can I help you today?');
  });
});

describe('PlaygroundPage on a phone', () => {
  const desktopMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({ ...desktopMatchMedia(query), matches: query.includes('max-width: 600px') })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  it('hides the settings until the Settings button opens them over the chat', async () => {
    answerPlayground([]);
    open();
    expect(await screen.findAllByTestId('chat-message')).toHaveLength(2);
    expect(screen.queryByLabelText('System prompt')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByLabelText('System prompt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close settings' }));
    expect(screen.queryByLabelText('System prompt')).not.toBeInTheDocument();
  });
});
