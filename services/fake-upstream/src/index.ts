// A programmable fake OpenAI-compatible model provider shared by the tests and the benchmark.
export { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from './server';
export { FAKE_HEADERS } from './behaviour-headers';
export { DEFAULT_TEXT } from './responders/text';
export { DEFAULT_DIMENSIONS } from './responders/embeddings';
export { DEFAULT_MODELS } from './responders/misc';
export { DEFAULT_ANTHROPIC_MODELS } from './responders/anthropic-models';
export { DEFAULT_AWS_KEYS, type AwsKeys } from './aws-signature';
export { BEDROCK_ANTHROPIC_VERSION } from './responders/bedrock';
export { SPEECH_BYTES } from './responders/audio';
export type { OpenAiError } from './errors';
export type {
  FakeBehaviour,
  FakeBehaviourSource,
  FakeErrorKind,
  FakeFile,
  FakeMatcher,
  FakeOutcome,
  FakeRequest,
  FakeRule,
  FakeRuleOptions,
  FakeToolCall,
  FakeUsageMode,
} from './types';
