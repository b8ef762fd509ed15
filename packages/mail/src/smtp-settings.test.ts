import { FixedOptions } from '@modelgate/db';
import { smtpSettingsFrom } from './smtp-settings';

const optionsOf = (values: Record<string, string>) => new FixedOptions(values);

describe('SMTP settings', () => {
  const base = { SMTPServer: 'smtp.example.com', SMTPPort: '587', SMTPAccount: 'me@example.com', SMTPToken: 't', SystemName: 'Gate' };

  it('is not configured without a server or any sender address', () => {
    expect(smtpSettingsFrom(optionsOf({ ...base, SMTPServer: ' ' }))).toBeUndefined();
    expect(smtpSettingsFrom(optionsOf({ ...base, SMTPAccount: '', SMTPFrom: '' }))).toBeUndefined();
  });

  it('sends from SMTPFrom, else the account, named after the system', () => {
    expect(smtpSettingsFrom(optionsOf(base))).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      user: 'me@example.com',
      pass: 't',
      from: 'me@example.com',
      senderName: 'Gate',
    });
    expect(smtpSettingsFrom(optionsOf({ ...base, SMTPFrom: 'noreply@example.com' }))?.from).toBe('noreply@example.com');
  });

  it('forces implicit TLS on port 465 and otherwise follows SMTPSSLEnabled', () => {
    expect(smtpSettingsFrom(optionsOf({ ...base, SMTPPort: '465' }))?.secure).toBe(true);
    expect(smtpSettingsFrom(optionsOf({ ...base, SMTPSSLEnabled: 'true' }))?.secure).toBe(true);
    expect(smtpSettingsFrom(optionsOf({ ...base, SMTPPort: '25' }))?.secure).toBe(false);
  });

  it('falls back to port 587 for a missing or invalid port', () => {
    for (const port of ['', 'abc', '0', '70000', '5.5']) {
      expect(smtpSettingsFrom(optionsOf({ ...base, SMTPPort: port }))?.port).toBe(587);
    }
  });
});
