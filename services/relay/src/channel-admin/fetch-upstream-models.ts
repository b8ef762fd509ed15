import { ChannelMessage, normaliseBaseUrl } from '@modelgate/channels';
import { type Logger, PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { isOutboundRefusal, type OutboundPolicy } from '@modelgate/runtime/outbound';
import { errors as undiciErrors, request } from 'undici';
import { findChannelType } from '@modelgate/channel-types';

/** Where and how to ask an upstream for its models. */
export interface UpstreamModelsTarget {
  type: number;
  /** Empty for the type's default base URL. */
  baseUrl: string;
  /** The channel's key (the first line is used). */
  key: string;
}

/** Options of {@link fetchUpstreamModels}. */
export interface FetchModelsOptions {
  /** Whole-call limit, in ms. Default 10 s. */
  timeoutMs?: number;
  /** Largest response body read. Default 4 MiB. */
  maxBytes?: number;
  /** Where the cause of a failed call is logged (the admin gets a generic message). */
  logger?: Logger;
}

const FAILED = '获取模型列表失败';
/** Where OpenAI and most compatible vendors list their models. */
const DEFAULT_MODELS_PATH = '/v1/models';
const NO_LISTING = '该渠道类型的上游不提供模型列表，请手动填写模型';
/** A connection the outbound address policy refused (no address, no detail: see the policy). */
export const ADDRESS_REFUSED =
  '上游地址不被允许：本机、内网、链路本地和云元数据地址默认禁止访问（超级管理员可在设置 OutboundAllowedRanges 中放行）';
/** Any other failure to reach the upstream: no network error text, which would map internal ports. */
const UNREACHABLE = '无法连接上游';

const failure = (detail: string) => new PreconditionFailedError(`${FAILED}：${detail}`, { code: 'fetch_models_failed' });

/**
 * The model-list URL of an upstream: the catalogue's models path below the base URL (`/v1/models`
 * unless the vendor lists elsewhere, like Gemini's own paged listing), or undefined when
 * the vendor offers no listing (Bedrock).
 */
export function modelsUrlOf(type: number, baseUrl: string): string | undefined {
  const path = findChannelType(type)?.rules.modelsPath;
  return path === null ? undefined : `${baseUrl}${path ?? DEFAULT_MODELS_PATH}`;
}

/**
 * Asks an upstream for its model list (`GET {base}/v1/models` with the channel's key, every page of
 * a paged one) and returns the model ids, distinct, in the upstream's order. The call goes through the outbound address
 * policy (`outbound`'s Agent: no loopback, private, link-local or metadata address unless the
 * root allows it, checked after DNS resolution; redirects are not followed). Every failure — no
 * key, no address, refused, unreachable, too slow, not a model list — is a readable refusal,
 * never a fault; a refused or unreachable address gets a generic text, the cause is only logged.
 */
export async function fetchUpstreamModels(
  target: UpstreamModelsTarget,
  outbound: Pick<OutboundPolicy, 'agent'>,
  options: FetchModelsOptions = {},
): Promise<string[]> {
  const key = target.key.split('\n').map((line) => line.trim()).find((line) => line !== '');
  if (!key) throw new ValidationError(ChannelMessage.keyRequiredForFetch, { code: 'key_required' });
  const type = target.type === 0 ? 1 : target.type;
  if (findChannelType(type)?.rules.modelsPath === null) throw failure(NO_LISTING);
  const base = target.baseUrl.trim() || findChannelType(type)?.defaultBaseUrl || '';
  if (base === '') throw new ValidationError('请填写渠道的 API 地址', { code: 'base_url_required' });
  const url = modelsUrlOf(type, normaliseBaseUrl(base));
  if (url === undefined) throw failure(NO_LISTING);

  const timeoutMs = options.timeoutMs ?? 10_000;
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'application/json' };
  const auth = findChannelType(type)?.auth;
  // Anthropic's listing takes its own key header and an API version; Gemini's, Google's key header.
  if (auth === 'x-api-key-header') Object.assign(headers, { 'x-api-key': key, 'anthropic-version': '2023-06-01' });
  if (auth === 'goog-api-key-header') headers['x-goog-api-key'] = key;
  const ids: string[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = modelPageOf(await fetchModelPage(pageUrl(url, pageToken), headers, outbound, timeoutMs, options));
    ids.push(...listed.ids);
    pageToken = listed.nextPageToken;
    if (pageToken === undefined) break;
  }
  return [...new Set(ids)];
}

/** Pages of a paged listing (Gemini's, 50 models a page by default) followed at most. */
const MAX_PAGES = 20;

function pageUrl(url: string, pageToken: string | undefined): string {
  if (pageToken === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}pageToken=${encodeURIComponent(pageToken)}`;
}

/** One page of a listing, as text; a refusal when it is not a 200. */
async function fetchModelPage(
  url: string,
  headers: Record<string, string>,
  outbound: Pick<OutboundPolicy, 'agent'>,
  timeoutMs: number,
  options: FetchModelsOptions,
): Promise<string> {
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      dispatcher: outbound.agent,
      method: 'GET',
      headers,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (error) {
    throw transportFailure(error, timeoutMs, options.logger);
  }
  let text: string;
  try {
    text = await readLimited(response.body, options.maxBytes ?? 4 * 1024 * 1024);
  } catch (error) {
    throw transportFailure(error, timeoutMs, options.logger);
  }
  if (response.statusCode !== 200) {
    const detail = upstreamMessage(text);
    throw failure(`上游返回 HTTP ${response.statusCode}${detail ? `（${detail}）` : ''}`);
  }
  return text;
}

function trimmedText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The ids of one page of a model list: OpenAI's shape (`{data:[{id}]}`), or Gemini's (`{models:
 * [{name: "models/x"}], nextPageToken}`, ids without `models/`); refuses anything else.
 */
function modelPageOf(text: string): { ids: string[]; nextPageToken?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw failure('上游返回的不是 JSON');
  }
  const list = parsed as { data?: unknown; models?: unknown; nextPageToken?: unknown } | null;
  const field = <T>(item: unknown, name: string): T | undefined =>
    item !== null && typeof item === 'object' ? ((item as Record<string, unknown>)[name] as T) : undefined;
  if (Array.isArray(list?.data)) {
    return { ids: list.data.map((item) => trimmedText(field(item, 'id'))).filter((id): id is string => id !== undefined) };
  }
  if (Array.isArray(list?.models)) {
    const ids = list.models
      .map((item) => trimmedText(field(item, 'name'))?.replace(/^models\//, ''))
      .filter((id): id is string => id !== undefined && id !== '');
    const next = trimmedText(list.nextPageToken);
    return next === undefined ? { ids } : { ids, nextPageToken: next };
  }
  throw failure('上游返回的不是模型列表');
}

/** The distinct ids of a one-page model list, OpenAI's or Gemini's shape; refuses anything else. */
export function modelIdsOf(text: string): string[] {
  return [...new Set(modelPageOf(text).ids)];
}

/** The upstream's own error message, shortened, when its body carries one. */
function upstreamMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === 'string' ? message.slice(0, 200) : '';
  } catch {
    return '';
  }
}

function transportFailure(error: unknown, timeoutMs: number, logger: Logger | undefined): PreconditionFailedError {
  if (error instanceof PreconditionFailedError) return error;
  logger?.warn({ err: error }, 'upstream model listing failed');
  if (isOutboundRefusal(error)) return failure(ADDRESS_REFUSED);
  const name = (error as { name?: string } | null)?.name;
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return failure(`上游在 ${timeoutMs / 1000} 秒内没有响应`);
  }
  return failure(UNREACHABLE);
}

async function readLimited(body: AsyncIterable<Buffer | Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw failure('上游返回的模型列表过大');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}
