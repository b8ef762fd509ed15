import { ValidationError } from '@modelgate/runtime';
import { z } from 'zod';
import { ChannelMessage } from '../channel-messages';
import { CHANNEL_WEIGHT } from '@modelgate/channel-types';
import { ChannelLimits, checkPriority, normaliseGroups, normaliseModels } from './channel-fields';
import { checkJsonObject } from './json-columns';

const invalid = (message: string) => new ValidationError(message, { code: 'invalid_channel' });

const nameList = z.union([z.string(), z.array(z.string())]).nullish();

/** `PUT /api/channel/tag`: what a tag edit may carry. */
export const tagEditSchema = z.object({
  new_tag: z.string().nullish(),
  model_mapping: z.string().nullish(),
  models: nameList,
  groups: nameList,
  priority: z.number().nullish(),
  weight: z.number().nullish(),
});

/** What a tag edit writes to every channel of the tag; absent fields stay as they are. */
export interface TagEdit {
  /** The new tag; null removes the tag from its channels (dissolves it). */
  tag?: string | null;
  model_mapping?: string;
  models?: string;
  group?: string;
  priority?: number;
  weight?: number;
}

/** A tag as named by a tag call: trimmed, non-empty, at most 255 characters. */
export function checkTag(raw: unknown): string {
  const tag = typeof raw === 'string' ? raw.trim() : '';
  if (tag === '') throw invalid(ChannelMessage.tagRequired);
  if (tag.length > ChannelLimits.tag) throw invalid(ChannelMessage.tooLong('tag', ChannelLimits.tag));
  return tag;
}

/**
 * The rules of spec §5 for a tag edit: an empty field means unchanged, except `new_tag: ""`
 * which dissolves the tag; the mapping must be a JSON object; priority an integer from -999,
 * weight a non-negative integer; an edit that changes nothing is refused (没有任何修改！).
 */
export function normaliseTagEdit(tag: string, raw: unknown): TagEdit {
  const parsed = tagEditSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || '请求体';
    throw invalid(ChannelMessage.invalidInput(`${field} 的类型错误`));
  }
  const input = parsed.data;
  const edit: TagEdit = {};
  if (input.new_tag !== null && input.new_tag !== undefined) {
    const newTag = input.new_tag.trim();
    if (newTag.length > ChannelLimits.tag) throw invalid(ChannelMessage.tooLong('new_tag', ChannelLimits.tag));
    if (newTag !== tag) edit.tag = newTag === '' ? null : newTag;
  }
  const mapping = input.model_mapping?.trim();
  if (mapping) {
    if (mapping.length > ChannelLimits.text) throw invalid(ChannelMessage.tooLong('model_mapping', ChannelLimits.text));
    checkJsonObject(mapping, 'string', ChannelMessage.modelMappingInvalid);
    edit.model_mapping = mapping;
  }
  if (input.models !== null && input.models !== undefined) {
    const joined = typeof input.models === 'string' ? input.models : input.models.join(',');
    if (joined.trim() !== '') edit.models = normaliseModels(input.models);
  }
  if (input.groups !== null && input.groups !== undefined) {
    const groups = normaliseGroups(input.groups);
    if (groups !== undefined) edit.group = groups;
  }
  if (input.priority !== null && input.priority !== undefined) edit.priority = checkPriority(input.priority);
  if (input.weight !== null && input.weight !== undefined) {
    if (!Number.isInteger(input.weight) || input.weight < 0 || input.weight > CHANNEL_WEIGHT.max) {
      throw invalid(ChannelMessage.weightInvalid);
    }
    edit.weight = input.weight;
  }
  if (Object.keys(edit).length === 0) throw invalid(ChannelMessage.nothingChanged);
  return edit;
}
