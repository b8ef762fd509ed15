import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, StorageKey, writeStored } from '../common/local-storage';
import { namespaces, resources } from './resources';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The saved choice, else the browser's language when it is English, else Chinese (the fallback). */
export function initialLanguage(): Language {
  const saved = readStored(StorageKey.language);
  if (saved === 'zh' || saved === 'en') return saved;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language ?? '';
  return browser.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
  defaultNS: 'common',
  lng: initialLanguage(),
  fallbackLng: 'zh',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguage(language: string): void {
  writeStored(StorageKey.language, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export default i18n;
