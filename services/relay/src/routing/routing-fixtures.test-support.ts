import type { AbilityRow, ChannelRow } from './channel-snapshot';

/** A channel row for tests: enabled OpenAI channel, priority 0, weight 0, auto-ban on. */
export function channelRow(id: number, overrides: Partial<ChannelRow> = {}): ChannelRow {
  return {
    id,
    type: 1,
    key: `sk-upstream-${id}`,
    name: `channel-${id}`,
    status: 1,
    base_url: '',
    other: '',
    openai_organization: null,
    model_mapping: null,
    status_code_mapping: '',
    priority: 0,
    weight: 0,
    auto_ban: 1,
    setting: null,
    created_time: 1_750_000_000,
    max_rpm: 0,
    max_tpm: 0,
    max_concurrency: 0,
    ...overrides,
  };
}

/** Ability rows for every (group, model) pair of a channel, enabled unless told otherwise. */
export function abilitiesOf(channelId: number, groups: string[], models: string[], enabled = true): AbilityRow[] {
  return groups.flatMap((group) => models.map((model) => ({ group, model, channel_id: channelId, enabled })));
}

/** A deterministic source of numbers in [0, 1) (mulberry32), so weighted draws are repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
