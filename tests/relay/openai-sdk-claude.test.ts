// The official OpenAI SDK against a Claude channel (Anthropic's API, type 14) through the whole
// stack: the shared Claude-upstream suite (chat, streaming, tools, images, thinking, errors,
// cut and aborted streams, exact quota), plus what only Anthropic's API gets: its headers.
import { ANTHROPIC_UPSTREAM, MODEL } from './openai-sdk-claude-support';
import { describeOpenAISdkOnClaude } from './openai-sdk-claude-suite';

jest.setTimeout(30_000);

describeOpenAISdkOnClaude(ANTHROPIC_UPSTREAM, {}, (context) => {
  it("calls Anthropic's API with the channel key in x-api-key and the current anthropic-version, never the client's token", async () => {
    const { stack } = context;
    const user = await context.newUser();
    const client = context.client(user);
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Say hello.' }] });
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Say hello.' }], stream: true });
    expect(stack.fake.requests).toHaveLength(2);
    for (const request of stack.fake.requests) {
      expect(request.path).toBe('/v1/messages');
      expect(request.headers['x-api-key']).toBe('sk-ant-1');
      expect(request.headers['anthropic-version']).toBe('2023-06-01');
      expect(request.headers['authorization']).toBeUndefined();
      expect(request.headers['anthropic-beta']).toBeUndefined();
      expect(JSON.stringify(request.headers)).not.toContain(user.key);
    }
    expect(stack.fake.requests[1]!.headers['accept']).toBe('text/event-stream');
  });
});
