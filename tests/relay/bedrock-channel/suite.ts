// What the Anthropic SDK → Bedrock cases share: the stack and user the test file starts and its
// request helpers.
import type Anthropic from '@anthropic-ai/sdk';
import type { RelayStack } from '../../support/relay-stack';
import type { User } from '../anthropic-sdk-support';

/** The Bedrock id of claude-sonnet-4-20250514 in us-east-1: its US cross-region inference profile. */
export const MODEL_ID = 'us.anthropic.claude-sonnet-4-20250514-v1:0';

/** The running stack and the helpers bound to it, read when a case runs (after `beforeAll`). */
export interface BedrockChannelSuite {
  readonly stack: RelayStack;
  readonly user: User;
  client(apiKey?: string): Anthropic;
  freshUser(): ReturnType<RelayStack['userWithToken']>;
  /** The body of the upstream request number `index` (0-based). */
  sent(index: number): Record<string, any>;
}
