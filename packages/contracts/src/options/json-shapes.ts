import type { JsonShape } from './rule';

/** Why a JSON option was refused: its text does not parse, or parses to the wrong shape. */
export type JsonProblem = { kind: 'syntax' } | { kind: 'shape'; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Checks the JSON text of option `key` against its shape; undefined when it is fine. Messages
 * name the offending entry (never the value, which may be long or secret).
 */
export function checkJsonOption(key: string, text: string, shape: JsonShape): JsonProblem | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'syntax' };
  }
  const message = shapeProblem(key, value, shape);
  return message === undefined ? undefined : { kind: 'shape', message };
}

function shapeProblem(key: string, value: unknown, shape: JsonShape): string | undefined {
  if (shape === 'chats') return chatsProblem(value);
  if (!isObject(value)) return `${key} 必须是 JSON 对象`;
  for (const [name, entry] of Object.entries(value)) {
    const problem = entryProblem(key, name, entry, shape);
    if (problem) return problem;
  }
  return undefined;
}

function entryProblem(key: string, name: string, entry: unknown, shape: Exclude<JsonShape, 'chats'>): string | undefined {
  switch (shape) {
    case 'ratios':
      if (typeof entry !== 'number' || !Number.isFinite(entry)) return `${key} 中 ${name} 的值必须是数字`;
      if (entry < 0) {
        // The reference's own message for a negative group ratio.
        return key === 'GroupRatio' ? `group ratio must be not less than 0: ${name}` : `${key} 中 ${name} 的值不能小于 0`;
      }
      return undefined;
    case 'texts':
      return typeof entry === 'string' ? undefined : `${key} 中 ${name} 的值必须是字符串`;
    case 'maxTokens':
      return Number.isSafeInteger(entry) && (entry as number) > 0 ? undefined : `${key} 中 ${name} 的值必须是正整数`;
    case 'headers': {
      const valid =
        isObject(entry) &&
        Object.values(entry).every((values) => Array.isArray(values) && values.every((item) => typeof item === 'string'));
      return valid ? undefined : `${key} 中 ${name} 的值必须是 {"请求头": ["值", ...]} 形式的对象`;
    }
  }
}

/** `Chats`: an array whose every item maps one display name to a link template. */
function chatsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'Chats 必须是 JSON 数组';
  const valid = value.every(
    (item) => isObject(item) && Object.keys(item).length === 1 && typeof Object.values(item)[0] === 'string',
  );
  return valid ? undefined : 'Chats 的每一项必须是 {"名称": "链接"} 形式的对象';
}
