/**
 * Reading option values, which are all stored as text. Shared by every service that holds the
 * options in memory, so they all read a value the same way.
 */

/**
 * A JSON-object option (GroupRatio, UserUsableGroups, …) as a plain record; `{}` when the text
 * is not a JSON object. Identity validates these options before storing them, so only a value
 * stored before validation existed can be malformed; readers skip it rather than fail.
 */
export function jsonObjectOption(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
