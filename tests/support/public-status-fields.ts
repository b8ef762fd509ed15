/** Every field of the public status (spec §3) plus the locally kept ones the console reads. */
export const PUBLIC_STATUS_FIELDS = [
  'system_name', 'logo', 'footer_html', 'quota_per_unit', 'display_in_currency', 'enable_drawing',
  'enable_task', 'enable_data_export', 'chats', 'data_export_default_time', 'default_collapse_sidebar',
  'mj_notify_enabled', 'chat_link', 'chat_link2', 'docs_link', 'version', 'start_time',
  'email_verification', 'turnstile_check', 'turnstile_site_key', 'github_oauth', 'github_client_id',
  'oidc_enabled', 'oidc_client_id', 'oidc_authorization_endpoint', 'wechat_login', 'wechat_qrcode',
  'telegram_oauth', 'telegram_bot_name', 'linuxdo_oauth', 'linuxdo_client_id', 'self_use_mode_enabled',
  'demo_site_enabled', 'server_address', 'top_up_link', 'min_topup', 'enable_online_topup', 'setup',
] as const;

/** Asserts the shape of a `GET /api/status` body of a freshly seeded installation. */
export function expectFreshPublicStatus(body: unknown): void {
  expect(body).toMatchObject({ success: true, message: '' });
  const data = (body as { data: Record<string, unknown> }).data;
  for (const field of PUBLIC_STATUS_FIELDS) expect(data).toHaveProperty(field);
  expect(data).toMatchObject({
    system_name: 'Modelgate',
    quota_per_unit: 500000,
    display_in_currency: true,
    enable_online_topup: false,
    setup: true,
  });
  // ServerAddress is seeded empty: the status names the origin the request reached.
  expect(data.server_address).toMatch(/^http:\/\/[^/]+:\d+$/);
  expect(Array.isArray(data.chats)).toBe(true);
  expect(typeof data.start_time).toBe('number');
  expect(Math.abs((data.start_time as number) - Date.now() / 1000)).toBeLessThan(600);
}
