import type { JsonBodyType } from 'msw';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import type { SelfUser } from '../account/self-api';
import { selfUser } from '../wallet/wallet-test-data';

/** Answers the calls the personal page makes on opening. */
export function answerPersonalPage(options: { self?: Partial<SelfUser>; models?: string[]; aff?: string } = {}) {
  server.use(
    http.get('*/api/user/self', () => HttpResponse.json(ok(selfUser(options.self) as unknown as JsonBodyType))),
    http.get('*/api/user/models', () => HttpResponse.json(ok(options.models ?? ['gpt-4o']))),
    http.get('*/api/user/aff', () => HttpResponse.json(ok(options.aff ?? 'AbCd'))),
  );
}

/** Makes the fallback copy path succeed and records what it copied. */
export function recordCopies(): string[] {
  const copies: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: () => {
      const area = document.querySelector<HTMLTextAreaElement>('textarea[readonly]');
      if (area) copies.push(area.value);
      return true;
    },
  });
  return copies;
}
