/**
 * Claude on AWS Bedrock: the Bedrock model id of each Claude model name clients use, and which
 * models Bedrock serves only through cross-region inference profiles (`us.…`, `eu.…`, `apac.…`).
 * A name not listed here that already looks like a Bedrock id (`anthropic.…`, `us.anthropic.…`,
 * an ARN) is sent as it is; admins map other names with the channel's model mapping.
 */

interface BedrockModel {
  readonly id: string;
  /** On-demand calls must name a cross-region inference profile rather than the model itself. */
  readonly profileOnly: boolean;
}

const model = (id: string, profileOnly: boolean): BedrockModel => Object.freeze({ id, profileOnly });

export const BEDROCK_CLAUDE_MODELS: Readonly<Record<string, BedrockModel>> = Object.freeze({
  'claude-3-haiku-20240307': model('anthropic.claude-3-haiku-20240307-v1:0', false),
  'claude-3-sonnet-20240229': model('anthropic.claude-3-sonnet-20240229-v1:0', false),
  'claude-3-opus-20240229': model('anthropic.claude-3-opus-20240229-v1:0', false),
  'claude-3-5-sonnet-20240620': model('anthropic.claude-3-5-sonnet-20240620-v1:0', false),
  'claude-3-5-sonnet-20241022': model('anthropic.claude-3-5-sonnet-20241022-v2:0', false),
  'claude-3-5-haiku-20241022': model('anthropic.claude-3-5-haiku-20241022-v1:0', true),
  'claude-3-7-sonnet-20250219': model('anthropic.claude-3-7-sonnet-20250219-v1:0', true),
  'claude-sonnet-4-20250514': model('anthropic.claude-sonnet-4-20250514-v1:0', true),
  'claude-opus-4-20250514': model('anthropic.claude-opus-4-20250514-v1:0', true),
  'claude-opus-4-1-20250805': model('anthropic.claude-opus-4-1-20250805-v1:0', true),
  'claude-sonnet-4-5-20250929': model('anthropic.claude-sonnet-4-5-20250929-v1:0', true),
  'claude-haiku-4-5-20251001': model('anthropic.claude-haiku-4-5-20251001-v1:0', true),
  'claude-opus-4-5-20251101': model('anthropic.claude-opus-4-5-20251101-v1:0', true),
});

/** The inference-profile prefix of an AWS region: `us` for us- and ca- regions, `eu` for eu-, `apac` for ap-. */
function profilePrefix(region: string): string | undefined {
  if (region.startsWith('us-') || region.startsWith('ca-')) return 'us';
  if (region.startsWith('eu-')) return 'eu';
  if (region.startsWith('ap-')) return 'apac';
  return undefined;
}

/**
 * The Bedrock model id to call for `model` in `region`: the catalogue's id (behind the region's
 * inference profile when Bedrock requires one), else `model` itself.
 */
export function bedrockModelId(model: string, region: string): string {
  const known = BEDROCK_CLAUDE_MODELS[model];
  if (!known) return model;
  const prefix = known.profileOnly ? profilePrefix(region) : undefined;
  return prefix ? `${prefix}.${known.id}` : known.id;
}
