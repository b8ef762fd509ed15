// A programmable fake model provider (OpenAI-compatible, Anthropic, Bedrock, Gemini, Vertex AI and
// Google's OAuth token endpoint) shared by the tests and the benchmark.
export { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from './server';
export { FAKE_HEADERS } from './behaviour-headers';
export { DEFAULT_TEXT } from './responders/text';
export { DEFAULT_DIMENSIONS } from './responders/embeddings';
export { DEFAULT_MODELS } from './responders/misc';
export { DEFAULT_ANTHROPIC_MODELS } from './responders/anthropic-models';
export { DEFAULT_AWS_KEYS, type AwsKeys } from './aws-signature';
export { BEDROCK_ANTHROPIC_VERSION } from './responders/bedrock';
export { SPEECH_BYTES } from './responders/audio';
export {
  DEFAULT_GEMINI_API_KEYS,
  DEFAULT_GOOGLE_TOKEN_LIFETIME_SECONDS,
  DEFAULT_GOOGLE_TOKEN_PATH,
  type GoogleCredentials,
  type IssuedToken,
  type ServiceAccount,
} from './google-credentials';
export {
  CLOUD_PLATFORM_SCOPE,
  GOOGLE_TOKEN_URL,
  googleAuthOptions,
  makeServiceAccountKey,
  tokenUriFetch,
  type ServiceAccountKey,
  type ServiceAccountKeyOptions,
} from './service-account';
export { VERTEX_ANTHROPIC_VERSION } from './responders/vertex';
export { JWT_BEARER_GRANT } from './responders/google-token';
export { DEFAULT_GEMINI_MODELS } from './responders/gemini-models';
export { DEFAULT_THOUGHT, IMAGE_INPUT_TOKENS, IMAGE_OUTPUT_TOKENS } from './gemini-content';
export type { OpenAiError } from './errors';
export type { ResponseStore, StoredResponse } from './responses-store';
export type {
  FakeBehaviour,
  FakeBehaviourSource,
  FakeBlock,
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
export {
  FAKE_PNG,
  MJ_SUBMIT_PATHS,
  startFakeTaskUpstream,
  type FakeTask,
  type FakeTaskUpstream,
  type FakeTaskUpstreamOptions,
  type MjSubmitOutcome,
  type SunoSubmitOutcome,
  type TaskScript,
} from './task-upstream';
