import i18n from '../../../i18n';

/** One row of a table editor over a JSON option: a name and its value as typed. */
export interface NameValueRow {
  name: string;
  value: string;
}

/**
 * How a JSON option maps to table rows and back. `toRows` answers null when the text is not JSON
 * of the option's shape (the table then waits for the JSON to be fixed); `check` answers the
 * message for a value that must not be saved.
 */
export interface JsonRowsShape {
  toRows(text: string): NameValueRow[] | null;
  toJson(rows: readonly NameValueRow[]): string;
  check(text: string): string | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

type Problem = 'notObject' | 'ratioEntry' | 'textEntry' | 'chats' | 'emptyName';
const message = (problem: Problem, name = '') => i18n.t(`setting:operation.validation.${problem}`, { name });

/** The first problem of a group → value object, or undefined. */
function objectProblem(value: unknown, entryOk: (entry: unknown) => boolean, entryProblem: Problem): string | undefined {
  if (!isObject(value)) return message('notObject');
  for (const [name, entry] of Object.entries(value)) {
    if (name.trim() === '') return message('emptyName');
    if (!entryOk(entry)) return message(entryProblem, name);
  }
  return undefined;
}

const isRatio = (entry: unknown) => typeof entry === 'number' && Number.isFinite(entry) && entry >= 0;

/** A typed ratio is written as a number when it reads as one, so the JSON stays checkable. */
function ratioValue(text: string): number | string {
  const trimmed = text.trim();
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : text;
}

function objectShape(shape: 'ratios' | 'texts'): JsonRowsShape {
  const entryOk = shape === 'ratios' ? isRatio : (entry: unknown) => typeof entry === 'string';
  return {
    toRows(text) {
      const result = parsed(text);
      if (!result.ok || !isObject(result.value)) return null;
      const entries = Object.entries(result.value);
      if (!entries.every(([, entry]) => typeof entry === 'number' || typeof entry === 'string')) return null;
      return entries.map(([name, entry]) => ({ name, value: String(entry) }));
    },
    toJson(rows) {
      const object = Object.fromEntries(rows.map((row) => [row.name, shape === 'ratios' ? ratioValue(row.value) : row.value]));
      return JSON.stringify(object, null, 2);
    },
    check(text) {
      if (text.trim() === '') return undefined;
      const result = parsed(text);
      return result.ok ? objectProblem(result.value, entryOk, shape === 'ratios' ? 'ratioEntry' : 'textEntry') : undefined;
    },
  };
}

/** `GroupRatio`: group → ratio (a number not below 0). */
export const GROUP_RATIOS = objectShape('ratios');

/** `UserUsableGroups`: group → the description users see. */
export const USABLE_GROUPS = objectShape('texts');

const isChat = (item: unknown): item is Record<string, string> =>
  isObject(item) && Object.keys(item).length === 1 && typeof Object.values(item)[0] === 'string';

/** `Chats`: an array of single-entry objects, display name → link template. */
export const CHAT_LINKS: JsonRowsShape = {
  toRows(text) {
    const result = parsed(text);
    if (!result.ok || !Array.isArray(result.value) || !result.value.every(isChat)) return null;
    return result.value.map((item) => {
      const [[name, value]] = Object.entries(item);
      return { name, value };
    });
  },
  toJson(rows) {
    return JSON.stringify(
      rows.map((row) => ({ [row.name]: row.value })),
      null,
      2,
    );
  },
  check(text) {
    if (text.trim() === '') return undefined;
    const result = parsed(text);
    if (!result.ok) return undefined;
    if (!Array.isArray(result.value) || !result.value.every(isChat)) return message('chats');
    const unnamed = result.value.some((item) => Object.keys(item)[0].trim() === '');
    return unnamed ? message('emptyName') : undefined;
  },
};

/** Names that appear more than once (an object keeps only the last of them). */
export function duplicateNames(rows: readonly NameValueRow[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.name)) twice.add(row.name);
    seen.add(row.name);
  }
  return twice;
}
