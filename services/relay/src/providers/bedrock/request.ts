import { bedrockModelId, type ChannelType } from '@modelgate/channel-types';
import { InternalError, UnsupportedOperationError } from '@modelgate/runtime';
import { lazy } from '../../protocols/request';
import { betaFeatures, shapeClaudeBody } from '../anthropic/claude-request';
import type { BuildRequestInput, UpstreamOperation, UpstreamRequest } from '../types';

/**
 * AWS's SigV4 signer and hash, loaded on the first Bedrock call: a relay without Bedrock channels
 * does not carry their modules (about 15 MB of memory).
 */
const aws = lazy(() => ({
  SignatureV4: (require('@smithy/signature-v4') as typeof import('@smithy/signature-v4')).SignatureV4,
  Sha256: (require('@aws-crypto/sha256-js') as typeof import('@aws-crypto/sha256-js')).Sha256,
}));

/** The Messages API version Bedrock's Claude models take in the body. */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** A Bedrock channel's key: `AccessKeyId|SecretAccessKey|Region`. */
export interface AwsKey {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
}

/** Reads an `Ak|Sk|Region` key; a malformed one is a fault of the channel, refused before any call. */
export function parseAwsKey(key: string, channelId: number): AwsKey {
  const [accessKeyId, secretAccessKey, region, ...rest] = key.split('|').map((part) => part.trim());
  if (!accessKeyId || !secretAccessKey || !region || rest.length > 0) {
    throw new InternalError(`channel #${channelId} has a key that is not Ak|Sk|Region`, { code: 'channel_misconfigured' });
  }
  return { accessKeyId, secretAccessKey, region };
}

/** Bedrock serves Claude's Messages; token counting is answered by the gateway itself. */
export function supportsBedrockOperation(type: ChannelType, operation: UpstreamOperation): boolean {
  return type.schema === 'aws-bedrock' && operation === 'messages';
}

/** The runtime endpoint: the channel's base URL (a VPC endpoint), else the key's region's. */
function endpointOf(input: BuildRequestInput, region: string): URL {
  const configured = input.channel.base_url?.trim().replace(/\/+$/, '');
  return new URL(configured || `https://bedrock-runtime.${region}.amazonaws.com`);
}

/**
 * The Bedrock Runtime call for a Claude Messages request: `InvokeModel` (or
 * `InvokeModelWithResponseStream`) of the model's Bedrock id, with the Messages body Bedrock takes
 * (no `model` or `stream`, `anthropic_version` and `anthropic_beta` in the body), signed with
 * SigV4 by AWS's own signer.
 */
export async function buildBedrockRequest(type: ChannelType, input: BuildRequestInput): Promise<UpstreamRequest> {
  if (!supportsBedrockOperation(type, input.operation)) {
    throw new UnsupportedOperationError(`channel type ${type.id} (${type.name}) does not support ${input.operation}`, {
      code: 'endpoint_not_supported',
    });
  }
  const key = parseAwsKey(input.channel.key, input.channel.id);
  const shaped = shapeClaudeBody(input);
  const { model: _model, stream: _stream, ...body } = shaped.json;
  body['anthropic_version'] = BEDROCK_ANTHROPIC_VERSION;
  const beta = betaFeatures(input, shaped.model);
  if (beta.length > 0) body['anthropic_beta'] = beta;
  const modelId = bedrockModelId(shaped.model, key.region);
  const endpoint = endpointOf(input, key.region);
  const action = input.stream ? 'invoke-with-response-stream' : 'invoke';
  const path = `${endpoint.pathname.replace(/\/+$/, '')}/model/${encodeURIComponent(modelId)}/${action}`;
  const payload = Buffer.from(JSON.stringify(body));
  const { SignatureV4, Sha256 } = aws();
  const signer = new SignatureV4({
    service: 'bedrock',
    region: key.region,
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    sha256: Sha256,
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
    path,
    query: {},
    headers: {
      host: endpoint.host,
      'content-type': 'application/json',
      accept: input.stream ? 'application/vnd.amazon.eventstream' : 'application/json',
    },
    body: payload,
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) if (name !== 'host') headers[name] = value;
  return {
    url: `${endpoint.origin}${path}`,
    headers,
    body: payload,
    bodyRewritten: true,
    streamUsageRequested: input.stream,
    clientRequestedUsage: false,
  };
}
