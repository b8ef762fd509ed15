import { type OptionKey, parseOption } from '@modelgate/contracts/options';
import { DEFAULT_GEMINI_SETTINGS, parseGeminiSettings } from './gemini-settings';

const settings = (options: Record<string, string>) =>
  parseGeminiSettings({ value: <K extends OptionKey>(key: K) => parseOption(key, options[key] ?? '') });

describe('the gemini.* options', () => {
  it("default to v1beta (gemini-1.0-pro on v1) and every category OFF but civic integrity's BLOCK_NONE", () => {
    expect(DEFAULT_GEMINI_SETTINGS.apiVersion('gemini-2.5-pro')).toBe('v1beta');
    expect(DEFAULT_GEMINI_SETTINGS.apiVersion('gemini-1.0-pro')).toBe('v1');
    expect(DEFAULT_GEMINI_SETTINGS.safetySettings).toHaveLength(5);
    expect(DEFAULT_GEMINI_SETTINGS.safetySettings.find((s) => s.category === 'HARM_CATEGORY_CIVIC_INTEGRITY')?.threshold).toBe('BLOCK_NONE');
  });

  it('name no safety settings without a default, only the categories named, and ignore invalid versions and JSON', () => {
    const some = settings({ 'gemini.safety_settings': '{"HARM_CATEGORY_HATE_SPEECH":"BLOCK_ONLY_HIGH","HARM_CATEGORY_IMAGE_HATE":"OFF"}' });
    expect(some.safetySettings).toEqual([
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' },
      { category: 'HARM_CATEGORY_IMAGE_HATE', threshold: 'OFF' },
    ]);
    const broken = settings({ 'gemini.safety_settings': 'not json', 'gemini.version_settings': '{"default":"v1/../../x"}' });
    expect(broken.safetySettings).toEqual([]);
    expect(broken.apiVersion('any')).toBe('v1beta');
  });
});
