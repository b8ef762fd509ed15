import { ValidationError } from '@modelgate/runtime';
import { UnsupportedMediaTypeError } from '../json-body';
import { parseGeminiRequest } from './inbound';
import { IMAGE_PART_TOKENS } from './prompt';

const generate = { operation: 'generateContent' as const, model: 'gemini-2.5-flash', stream: false };

function parse(json: unknown, call: Partial<Parameters<typeof parseGeminiRequest>[0]> = {}, contentType = 'application/json') {
  return parseGeminiRequest({ ...generate, ...call }, Buffer.from(JSON.stringify(json)), contentType);
}

function refusal(json: unknown, call: Partial<Parameters<typeof parseGeminiRequest>[0]> = {}): unknown {
  try {
    parse(json, call);
  } catch (error) {
    return error;
  }
  throw new Error('the request was accepted');
}

const hello = { contents: [{ role: 'user', parts: [{ text: 'Hello there' }] }] };

describe('a Gemini request', () => {
  it('is summarised: the model of the path, the stream, max tokens, thinking level, prompt texts', () => {
    const request = parse(
      {
        ...hello,
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        generationConfig: { maxOutputTokens: 256, thinkingConfig: { thinkingLevel: 'HIGH' } },
      },
      { model: 'models/gemini-2.5-flash', stream: true },
    );
    expect(request).toMatchObject({ protocol: 'gemini', operation: 'generateContent' });
    expect(request.summary).toMatchObject({ model: 'gemini-2.5-flash', upstreamModel: 'gemini-2.5-flash', stream: true, metering: 'tokens', maxTokens: 256, reasoningEffort: 'high' });
    expect(request.summary.promptTexts()).toEqual(['Be brief.', 'Hello there']);
    expect(request.summary.promptTokens()).toBeGreaterThan(5);
    expect(request.streamFraming).toBeUndefined();
    expect(parse(hello, { stream: true, jsonArray: true }).streamFraming).toBe('json-array');
    expect(parse({ ...hello, generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }).summary.reasoningEffort).toBe('none');
  });

  it("takes the proto field names Google's own examples use, keeping the client's bytes and free-form fields", () => {
    const json = {
      system_instruction: { parts: [{ text: 'sys' }] },
      contents: [{ parts: [{ inline_data: { mime_type: 'image/png', data: 'iVBOR' } }, { function_response: { name: 'f', response: { snake_key: 1 } } }] }],
      generation_config: { max_output_tokens: 9 },
    };
    const request = parse(json);
    expect(request.payload).toEqual({
      systemInstruction: { parts: [{ text: 'sys' }] },
      contents: [{ parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBOR' } }, { functionResponse: { name: 'f', response: { snake_key: 1 } } }] }],
      generationConfig: { maxOutputTokens: 9 },
    });
    expect(request.body.toString()).toBe(JSON.stringify(json));
    expect(request.summary.maxTokens).toBe(9);
    expect(request.summary.promptTokens()).toBeGreaterThanOrEqual(IMAGE_PART_TOKENS);
  });

  it("reads a null field as one left out, as Google does, but keeps nulls inside the caller's own schemas and arguments", () => {
    const request = parse({ ...hello, systemInstruction: null, generationConfig: { maxOutputTokens: null, temperature: 0.5 }, tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', nullable: null } }] }] });
    expect(request.payload).toEqual({ ...hello, generationConfig: { temperature: 0.5 }, tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', nullable: null } }] }] });
    expect(request.summary.maxTokens).toBeUndefined();
  });

  it('counts tokens for free, from contents or a whole generate request', () => {
    const count = parse(hello, { operation: 'countTokens' });
    expect(count.summary).toMatchObject({ metering: 'free', stream: false });
    const whole = parse({ generateContentRequest: { model: 'models/x', ...hello, systemInstruction: { parts: [{ text: 'sys' }] } } }, { operation: 'countTokens' });
    expect(whole.summary.promptTexts()).toEqual(['sys', 'Hello there']);
    expect(refusal({}, { operation: 'countTokens' })).toMatchObject({ httpStatus: 400, message: expect.stringContaining('either contents or generateContentRequest') });
  });

  it('embeds one content or a batch of the path model', () => {
    const one = parse({ content: { parts: [{ text: 'embed me' }] }, taskType: 'RETRIEVAL_QUERY' }, { operation: 'embedContent', model: 'text-embedding-004' });
    expect(one.summary).toMatchObject({ metering: 'tokens', model: 'text-embedding-004' });
    expect(one.summary.promptTexts()).toEqual(['embed me']);
    // Texts to embed are counted without the framing of a turn.
    expect(parse({ content: { parts: [{ text: 'hello world' }] } }, { operation: 'embedContent' }).summary.promptTokens()).toBe(2);
    const batch = parse(
      { requests: [{ model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }] } }, { content: { parts: [{ text: 'b' }] } }] },
      { operation: 'batchEmbedContents', model: 'text-embedding-004' },
    );
    expect(batch.summary.promptTexts()).toEqual(['a', 'b']);
    expect(
      refusal({ requests: [{ model: 'models/other', content: { parts: [{ text: 'a' }] } }] }, { operation: 'batchEmbedContents', model: 'text-embedding-004' }),
    ).toMatchObject({ message: expect.stringContaining('requests[0].model'), details: { param: 'requests.0.model' } });
  });

  it.each([
    [{}, '* GenerateContentRequest.contents: contents is not specified'],
    [{ contents: [] }, '* GenerateContentRequest.contents: contents is not specified'],
    [{ contents: 'hi' }, 'contents must be a list of Content'],
    [{ contents: [{ parts: [{ text: 7 }] }] }, 'contents.0.parts.0.text must be a string'],
    [{ contents: [{ parts: [{ functionCall: { args: {} } }] }] }, 'contents.0.parts.0.functionCall.name must be a string'],
    [{ ...hello, generationConfig: { maxOutputTokens: -1 } }, 'generationConfig.maxOutputTokens must not be negative'],
    [{ ...hello, generationConfig: { maxOutputTokens: 1.5 } }, 'generationConfig.maxOutputTokens must be an integer'],
    [{ ...hello, tools: [{ functionDeclarations: [{ description: 'no name' }] }] }, 'tools.0.functionDeclarations.0.name must be a string'],
  ])('refuses %j: %s', (json, message) => {
    const error = refusal(json);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(message);
  });

  it('refuses a body that is not a JSON object, a body of another type, and a path without a model', () => {
    expect(() => parseGeminiRequest(generate, Buffer.from('{"contents":'), 'application/json')).toThrow(ValidationError);
    expect(() => parseGeminiRequest(generate, Buffer.from('[]'), undefined)).toThrow('the body must be a JSON object');
    expect(() => parse(hello, {}, 'text/plain')).toThrow(UnsupportedMediaTypeError);
    expect(refusal(hello, { model: 'models/' })).toMatchObject({ httpStatus: 400, details: { param: 'model' } });
  });
});
