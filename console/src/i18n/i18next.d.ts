import 'i18next';
import type { zh } from './resources';

// Keys are checked at compile time against the Chinese resources (the fallback language).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof zh;
    returnNull: false;
  }
}
