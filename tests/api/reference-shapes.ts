/**
 * The answer shapes of the reference's `/api` (new-api, the spec's §7 calls): field names and
 * JSON types, as clients written for the reference read them. Recorded from the reference's
 * models and handlers (`/work/shared/reference/new-api-backend.md` §4.1, §5) and the spec's §3
 * field lists. `reference-shapes.test.ts` holds every call's answer against these, so the console
 * and old clients cannot drift apart from the server again.
 *
 * A shape is a JSON type name (`'?'` after it: may also be null), `'any'`, an object shape (every
 * named field present with its shape; more fields are allowed), `[shape]` (an array whose every
 * element has the shape), or `{ [MAP]: shape }` (an object whose every value has the shape).
 */
export const MAP = '*';
export type Shape =
  | 'string' | 'number' | 'boolean' | 'object' | 'any'
  | 'string?' | 'number?' | 'boolean?' | 'object?'
  | readonly [Shape]
  | { readonly [field: string]: Shape };

/** A user as the admin's list, search and view answer it (password never returned). */
export const USER: Shape = {
  id: 'number', username: 'string', display_name: 'string', role: 'number', status: 'number', email: 'string',
  github_id: 'string', oidc_id: 'string', wechat_id: 'string', telegram_id: 'string', linux_do_id: 'string',
  quota: 'number', used_quota: 'number', request_count: 'number', group: 'string', aff_code: 'string',
  aff_count: 'number', aff_quota: 'number', aff_history_quota: 'number', inviter_id: 'number', setting: 'string',
};

/** `GET /api/user/self`: the user, plus the access token. */
export const SELF: Shape = { ...USER, access_token: 'string?' };

/** The paged shape of users, redemption codes and logs (spec §7: items, page, total). */
export const paged = (item: Shape): Shape => ({ items: [item], total: 'number', page: 'number', page_size: 'number' });

/** A channel as lists, search and view answer it (the key left out of lists). */
export const CHANNEL: Shape = {
  id: 'number', type: 'number', name: 'string', status: 'number', openai_organization: 'string?', test_model: 'string?',
  weight: 'number?', created_time: 'number', test_time: 'number', response_time: 'number', base_url: 'string?',
  other: 'string', balance: 'number', balance_updated_time: 'number', models: 'string', group: 'string',
  used_quota: 'number', model_mapping: 'string?', status_code_mapping: 'string?', priority: 'number?',
  auto_ban: 'number?', other_info: 'string', tag: 'string?', setting: 'string?',
};

/** A token (spec §3; the full key, without `sk-`, goes to its owner). */
export const TOKEN: Shape = {
  id: 'number', user_id: 'number', key: 'string', status: 'number', name: 'string', created_time: 'number',
  accessed_time: 'number', expired_time: 'number', remain_quota: 'number', unlimited_quota: 'boolean',
  model_limits_enabled: 'boolean', model_limits: 'string', allow_ips: 'string', used_quota: 'number', group: 'string',
};

export const REDEMPTION: Shape = {
  id: 'number', user_id: 'number', key: 'string', status: 'number', name: 'string', quota: 'number',
  created_time: 'number', redeemed_time: 'number', used_user_id: 'number',
};

/** A log row; `other` is the JSON text the reference stores, `channel` the channel's id. */
export const LOG: Shape = {
  id: 'number', user_id: 'number', created_at: 'number', type: 'number', content: 'string', username: 'string',
  token_name: 'string', model_name: 'string', quota: 'number', prompt_tokens: 'number', completion_tokens: 'number',
  use_time: 'number', is_stream: 'boolean', channel: 'number', group: 'string', other: 'string',
};

/**
 * A log row as a user's own list answers it: the reference blanks the channel's name there;
 * Modelgate leaves the channel out entirely (spec §6: channel columns are the admin's).
 */
export const USER_LOG: Shape = Object.fromEntries(Object.entries(LOG as Record<string, Shape>).filter(([field]) => field !== 'channel'));

/** A drawing task (times in milliseconds). */
export const DRAWING_TASK: Shape = {
  id: 'number', code: 'number', user_id: 'number', action: 'string', mj_id: 'string', prompt: 'string',
  prompt_en: 'string', description: 'string', state: 'string', submit_time: 'number', start_time: 'number',
  finish_time: 'number', image_url: 'string', status: 'string', progress: 'string', fail_reason: 'string',
  channel_id: 'number',
};

/** A music or lyrics task. */
export const MUSIC_TASK: Shape = {
  id: 'number', created_at: 'number', updated_at: 'number', task_id: 'string', platform: 'string', user_id: 'number',
  channel_id: 'number', quota: 'number', action: 'string', status: 'string', fail_reason: 'string',
  submit_time: 'number', start_time: 'number', finish_time: 'number', progress: 'string',
};

/** Without the channel, as a user's own task lists answer them (spec §6: the channel is the admin's). */
const withoutChannel = (shape: Shape): Shape =>
  Object.fromEntries(Object.entries(shape as Record<string, Shape>).filter(([field]) => field !== 'channel_id'));
export const USER_DRAWING_TASK = withoutChannel(DRAWING_TASK);
export const USER_MUSIC_TASK = withoutChannel(MUSIC_TASK);

export const PRICING_ROW: Shape = {
  model_name: 'string', quota_type: 'number', model_ratio: 'number', model_price: 'number',
  completion_ratio: 'number', enable_groups: ['string'],
};

/** `GET /api/status` (§5.4), the fields the spec's console keeps. */
export const STATUS: Shape = {
  version: 'string', start_time: 'number', email_verification: 'boolean', github_oauth: 'boolean',
  github_client_id: 'string', linuxdo_oauth: 'boolean', linuxdo_client_id: 'string', telegram_oauth: 'boolean',
  telegram_bot_name: 'string', system_name: 'string', logo: 'string', footer_html: 'string', wechat_qrcode: 'string',
  wechat_login: 'boolean', server_address: 'string', price: 'number', min_topup: 'number', turnstile_check: 'boolean',
  turnstile_site_key: 'string', top_up_link: 'string', docs_link: 'string', quota_per_unit: 'number',
  display_in_currency: 'boolean', enable_drawing: 'boolean', enable_task: 'boolean', enable_data_export: 'boolean',
  data_export_default_time: 'string', default_collapse_sidebar: 'boolean', enable_online_topup: 'boolean',
  mj_notify_enabled: 'boolean', chats: 'any', demo_site_enabled: 'boolean', self_use_mode_enabled: 'boolean',
  oidc_enabled: 'boolean', oidc_client_id: 'string', oidc_authorization_endpoint: 'string', setup: 'boolean',
};

/** Whether `value` has `shape`; answers the first mismatch as `path: expected …, got …`, or ''. */
export function shapeMismatch(value: unknown, shape: Shape, path = 'data'): string {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (typeof shape === 'string') {
    if (shape === 'any') return '';
    const nullable = shape.endsWith('?');
    const type = nullable ? shape.slice(0, -1) : shape;
    if (got === type || (nullable && got === 'null')) return '';
    return `${path}: expected ${shape}, got ${got}`;
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return `${path}: expected an array, got ${got}`;
    for (const [index, element] of value.entries()) {
      const mismatch = shapeMismatch(element, shape[0] as Shape, `${path}[${index}]`);
      if (mismatch) return mismatch;
    }
    return '';
  }
  if (got !== 'object') return `${path}: expected an object, got ${got}`;
  const record = value as Record<string, unknown>;
  const fields = shape as Record<string, Shape>;
  if (MAP in fields) {
    for (const [key, inner] of Object.entries(record)) {
      const mismatch = shapeMismatch(inner, fields[MAP]!, `${path}.${key}`);
      if (mismatch) return mismatch;
    }
    return '';
  }
  for (const [field, inner] of Object.entries(fields)) {
    if (!(field in record)) return `${path}.${field}: missing`;
    const mismatch = shapeMismatch(record[field], inner, `${path}.${field}`);
    if (mismatch) return mismatch;
  }
  return '';
}
