import { formatMillis, formatTimestamp } from './dates';
import i18n from '../i18n';

describe('console dates', () => {
  it('shows every timestamp as local YYYY-MM-DD HH:mm:ss in both languages', async () => {
    const seconds = new Date(2025, 5, 2, 9, 4, 5).getTime() / 1000;
    for (const language of ['zh', 'en']) {
      await i18n.changeLanguage(language);
      expect(formatTimestamp(seconds)).toBe('2025-06-02 09:04:05');
      expect(formatMillis(seconds * 1000)).toBe('2025-06-02 09:04:05');
    }
    expect(formatTimestamp(0)).toBe('');
    expect(formatTimestamp(undefined)).toBe('');
  });
});
