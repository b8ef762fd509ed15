import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The HTTP side of component tests: msw answers the console's real fetches. Every test starts
 * with `/api/status` answered; a test adds the calls its screen makes with `server.use(...)`.
 * An unexpected call fails the test.
 */
export const server = setupServer(http.get('*/api/status', () => HttpResponse.json(ok(defaultStatus()))));

/** `{success: true, message: '', data}`. */
export function ok<T extends JsonBodyType>(data: T, message = ''): JsonBodyType {
  return { success: true, message, data };
}

/** `{success: false, message, data: null}`. */
export function rejected(message: string): JsonBodyType {
  return { success: false, message, data: null };
}

export function defaultStatus(): Record<string, JsonBodyType> {
  return {
    system_name: 'Modelgate',
    logo: '',
    footer_html: '',
    quota_per_unit: 500000,
    display_in_currency: true,
    enable_drawing: false,
    enable_task: false,
    enable_data_export: true,
    chats: [],
    data_export_default_time: 'hour',
    default_collapse_sidebar: false,
    mj_notify_enabled: false,
    chat_link: '',
    chat_link2: '',
    docs_link: '',
    version: 'v0.1.0',
    start_time: 1_700_000_000,
    email_verification: false,
    turnstile_check: false,
    turnstile_site_key: '',
    github_oauth: false,
    github_client_id: '',
    oidc_enabled: false,
    oidc_client_id: '',
    oidc_authorization_endpoint: '',
    wechat_login: false,
    wechat_qrcode: '',
    telegram_oauth: false,
    telegram_bot_name: '',
    linuxdo_oauth: false,
    linuxdo_client_id: '',
    self_use_mode_enabled: false,
    demo_site_enabled: false,
    server_address: 'http://localhost:3000',
    top_up_link: '',
    min_topup: 1,
    enable_online_topup: false,
  };
}

export { http, HttpResponse };
