import { FixedOptions } from '@modelgate/db';
import type { TypedOptionReader } from '../options/option-store';
import { buildPublicStatus } from './public-status';

function optionsOf(overrides: Record<string, string> = {}): TypedOptionReader {
  return new FixedOptions(overrides);
}

const context = { version: 'v9.9.9', startTime: 1_700_000_000 };

describe('buildPublicStatus', () => {
  it('reports the defaults of a fresh installation', () => {
    const status = buildPublicStatus(optionsOf(), context);
    expect(status).toMatchObject({
      system_name: 'Modelgate',
      quota_per_unit: 500000,
      display_in_currency: true,
      enable_drawing: true,
      enable_task: true,
      enable_data_export: true,
      data_export_default_time: 'hour',
      email_verification: false,
      github_oauth: false,
      oidc_enabled: false,
      self_use_mode_enabled: false,
      demo_site_enabled: false,
      server_address: '',
      min_topup: 1,
      price: 7.3,
      enable_online_topup: false,
      version: 'v9.9.9',
      start_time: 1_700_000_000,
    });
    expect(Array.isArray(JSON.parse(status.chats))).toBe(true);
  });

  it('follows the options that drive each flag and text', () => {
    const status = buildPublicStatus(
      optionsOf({
        SystemName: 'Acme AI',
        GitHubOAuthEnabled: 'true',
        GitHubClientId: 'gh-client',
        'oidc.enabled': 'true',
        'oidc.client_id': 'oidc-client',
        'oidc.authorization_endpoint': 'https://id.example.com/auth',
        TurnstileCheckEnabled: 'true',
        TurnstileSiteKey: 'site-key',
        DisplayInCurrencyEnabled: 'false',
        QuotaPerUnit: '1000',
        'general_setting.docs_link': 'https://docs.example.com',
      }),
      context,
    );
    expect(status).toMatchObject({
      system_name: 'Acme AI',
      github_oauth: true,
      github_client_id: 'gh-client',
      oidc_enabled: true,
      oidc_client_id: 'oidc-client',
      oidc_authorization_endpoint: 'https://id.example.com/auth',
      turnstile_check: true,
      turnstile_site_key: 'site-key',
      display_in_currency: false,
      quota_per_unit: 1000,
      docs_link: 'https://docs.example.com',
    });
  });

  it('enables online top-up only when address, merchant id and key are all set', () => {
    const partial = buildPublicStatus(optionsOf({ PayAddress: 'https://pay.example.com', EpayId: '1' }), context);
    expect(partial.enable_online_topup).toBe(false);
    const complete = buildPublicStatus(
      optionsOf({ PayAddress: 'https://pay.example.com', EpayId: '1', EpayKey: 'secret' }),
      context,
    );
    expect(complete.enable_online_topup).toBe(true);
  });

  it('falls back to sane numbers when a numeric option is not a number', () => {
    const status = buildPublicStatus(optionsOf({ QuotaPerUnit: 'lots', Price: '', MinTopUp: 'x' }), context);
    expect(status.quota_per_unit).toBe(500000);
    expect(status.price).toBe(7.3);
    expect(status.min_topup).toBe(1);
  });
});
