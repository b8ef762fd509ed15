import { interpretEventData, readSseDeltas, SseEventSplitter, StreamPayloadError } from './sse-stream';

const encoder = new TextEncoder();

/** A byte stream delivering exactly these chunks, in order. */
function streamOf(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

function delta(text: string): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text } }] })}\n\n`;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of readSseDeltas(stream)) pieces.push(piece);
  return pieces;
}

describe('readSseDeltas', () => {
  it('yields each delta text in order and stops at [DONE]', async () => {
    const body = delta('Hel') + delta('lo') + 'data: [DONE]\n\n' + delta('after the end');
    expect(await collect(streamOf([body]))).toEqual(['Hel', 'lo']);
  });

  it('joins events cut anywhere across chunks, including inside a line and inside JSON', async () => {
    const body = delta('one') + delta('two') + delta('three') + 'data: [DONE]\n\n';
    for (let cut = 1; cut < body.length; cut += 7) {
      expect(await collect(streamOf([body.slice(0, cut), body.slice(cut)]))).toEqual(['one', 'two', 'three']);
    }
    // One character per chunk.
    expect(await collect(streamOf(body.split('')))).toEqual(['one', 'two', 'three']);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = encoder.encode(delta('你好👋') + 'data: [DONE]\n\n');
    const middleOfCharacter = bytes.indexOf(0xe4) + 1;
    expect(await collect(streamOf([bytes.slice(0, middleOfCharacter), bytes.slice(middleOfCharacter)]))).toEqual(['你好👋']);
  });

  it('handles several events in one chunk and CRLF line endings', async () => {
    const body = (delta('a') + delta('b')).replace(/\n/g, '\r\n') + 'data: [DONE]\r\n\r\n';
    expect(await collect(streamOf([body]))).toEqual(['a', 'b']);
    const splitCrlf = delta('x').replace(/\n/g, '\r\n');
    const at = splitCrlf.indexOf('\r') + 1;
    expect(await collect(streamOf([splitCrlf.slice(0, at), splitCrlf.slice(at)]))).toEqual(['x']);
  });

  it('skips empty deltas, role-only chunks, usage chunks, comments and other fields', async () => {
    const body = [
      ': keep-alive\n\n',
      'event: message\nid: 4\n',
      `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`,
      delta(''),
      delta('text'),
      `data: ${JSON.stringify({ choices: [], usage: { total_tokens: 3 } })}\n\n`,
      'data: not json at all\n\n',
      'data: [DONE]\n\n',
    ].join('');
    expect(await collect(streamOf([body]))).toEqual(['text']);
  });

  it('ends with the stream when no [DONE] arrives, keeping a last event without its blank line', async () => {
    expect(await collect(streamOf([delta('a'), 'data: {"choices":[{"delta":{"content":"b"}}]}']))).toEqual(['a', 'b']);
  });

  it('throws the message of an error payload after the text that came before it', async () => {
    const body = delta('partial') + `data: ${JSON.stringify({ error: { message: 'upstream overloaded', type: 'server_error', code: 'x' } })}\n\n`;
    const pieces: string[] = [];
    let failure: unknown;
    try {
      for await (const piece of readSseDeltas(streamOf([body]))) pieces.push(piece);
    } catch (error) {
      failure = error;
    }
    expect(pieces).toEqual(['partial']);
    expect(failure).toBeInstanceOf(StreamPayloadError);
    expect((failure as Error).message).toBe('upstream overloaded');
  });

  it('cancels the rest of the stream after [DONE]', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(delta('x') + 'data: [DONE]\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await collect(stream)).toEqual(['x']);
    expect(cancelled).toBe(true);
  });

  it('propagates a failing read (an aborted request)', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(delta('x')));
      },
      pull(controller) {
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    await expect(collect(stream)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('SseEventSplitter', () => {
  it('joins multi-line data with newlines and drops the single leading space only', () => {
    const splitter = new SseEventSplitter();
    expect(splitter.push('data: line one\ndata:  two\n')).toEqual([]);
    expect(splitter.push('\n')).toEqual(['line one\n two']);
  });

  it('keeps an unfinished line until its end arrives', () => {
    const splitter = new SseEventSplitter();
    expect(splitter.push('data: {"a"')).toEqual([]);
    expect(splitter.push(':1}\n\ndata: [DO')).toEqual(['{"a":1}']);
    expect(splitter.finish()).toEqual(['[DO']);
  });
});

describe('interpretEventData', () => {
  it('reads the first choice text, the end marker and error payloads', () => {
    expect(interpretEventData('{"choices":[{"delta":{"content":"hi"}},{"delta":{"content":"no"}}]}')).toEqual({ text: 'hi' });
    expect(interpretEventData(' [DONE] ')).toBe('done');
    expect(interpretEventData('{"choices":[{"delta":{"content":5}}]}')).toEqual({ text: '' });
    expect(interpretEventData('null')).toBeNull();
    expect(() => interpretEventData('{"error":"plain text error"}')).toThrow('plain text error');
    expect(() => interpretEventData('{"error":{"code":"no_message"}}')).toThrow('{"code":"no_message"}');
  });
});
