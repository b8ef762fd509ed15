import type { TagEdit } from './channels-api';

/** The tag editor's fields; empty lists and an empty mapping mean "leave unchanged" (spec §5). */
export interface TagEditForm {
  newTag: string;
  models: string[];
  groups: string[];
  modelMapping: string;
}

export type TagEditCheck =
  | { ok: true; body: TagEdit; dissolves: boolean }
  | { ok: false; error: 'unchanged' | 'invalidMapping' };

export const MAPPING_TEMPLATE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);

export function emptyTagEditForm(tag: string): TagEditForm {
  return { newTag: tag, models: [], groups: [], modelMapping: '' };
}

/** Whether `text` is a JSON object, the shape a model mapping has. */
export function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function cleaned(names: string[]): string[] {
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/**
 * The `PUT /api/channel/tag` body for a tag edit, or why it cannot be sent: nothing changed, or
 * a mapping that is not JSON. An empty new tag dissolves the tag (the screen confirms first).
 */
export function checkTagEdit(tag: string, form: TagEditForm): TagEditCheck {
  const newTag = form.newTag.trim();
  const models = cleaned(form.models);
  const groups = cleaned(form.groups);
  const mapping = form.modelMapping.trim();
  if (newTag === tag && models.length === 0 && groups.length === 0 && mapping === '') {
    return { ok: false, error: 'unchanged' };
  }
  if (mapping !== '' && !isJsonObject(mapping)) return { ok: false, error: 'invalidMapping' };
  const body: TagEdit = { tag, new_tag: newTag };
  if (mapping !== '') body.model_mapping = mapping;
  if (groups.length > 0) body.groups = groups.join(',');
  if (models.length > 0) body.models = models.join(',');
  return { ok: true, body, dissolves: newTag === '' };
}
