import { countCompletion, type CountedCompletion } from '../metering';
import { collectChunkText } from '../protocols/openai/stream-text';

/**
 * What a streamed answer delivered, tallied for the usage a translator writes into its client's
 * closing event when the channel reported none. An OpenAI chunk is read by the rule billing's
 * stream observer reads it with (content, reasoning, each tool call's name and arguments, a call
 * per id), so the figure the client is told is the one billing charges, counted once for both.
 */
export class CompletionTally {
  private readonly texts: string[] = [];
  private toolCalls = 0;
  private counted: CountedCompletion | undefined;

  /** One chunk of an OpenAI chat stream, as the channel sent it. */
  addOpenAIChunk(chunk: Record<string, unknown>): void {
    this.toolCalls += collectChunkText(chunk, this.texts);
  }

  /** Text the answer produced (content or reasoning), from a channel of another protocol. */
  addText(text: string): void {
    if (text !== '') this.texts.push(text);
  }

  /** A whole tool call, from a channel of another protocol. */
  addCall(name: string, args: string): void {
    this.toolCalls++;
    this.addText(name);
    this.addText(args);
  }

  /** The completion in the client's model's vocabulary, counted on the first call only. */
  count(model: string): CountedCompletion {
    return (this.counted ??= countCompletion(model, this.texts, this.toolCalls));
  }

  /** The count, if the closing usage needed one. */
  countedCompletion(): CountedCompletion | undefined {
    return this.counted;
  }
}
