import { execFileSync } from 'node:child_process';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Desktop and phone sizes the browser tests use. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Browser locales for the console's two languages (the first paint follows `navigator.language`). */
export const LOCALES = { zh: 'zh-CN', en: 'en-US' } as const;
export type ConsoleLanguage = keyof typeof LOCALES;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The machine's Chromium (the Debian package), found on PATH. */
export function chromiumPath(): string {
  try {
    const path = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
    if (path) return path;
  } catch {
    // fall through to the explanation below
  }
  throw new Error('Chromium is not installed: run `apt-get install chromium` (CI does this in .ci/run).');
}

/** Launches headless Chromium; one per test file. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** One thing that went wrong in the page: a console error or warning, an uncaught error, a failed request. */
export interface PageProblem {
  kind: 'console-error' | 'console-warning' | 'page-error' | 'request-failed';
  text: string;
  url: string;
}

/** Records every problem a page reports, from the moment it is opened. */
export class ProblemCollector {
  readonly problems: PageProblem[] = [];

  attach(page: Page): void {
    page.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      this.problems.push({
        kind: type === 'error' ? 'console-error' : 'console-warning',
        text: message.text(),
        url: message.location().url || page.url(),
      });
    });
    page.on('pageerror', (error) => {
      this.problems.push({ kind: 'page-error', text: `${error.name}: ${error.message}`, url: page.url() });
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      // A favicon nobody serves, and requests the browser dropped because the page navigated away.
      if (/\/favicon\.[a-z]+$/.test(new URL(request.url()).pathname)) return;
      if (reason.includes('ERR_ABORTED')) return;
      this.problems.push({ kind: 'request-failed', text: `${request.method()} ${request.url()}: ${reason}`, url: page.url() });
    });
  }

  /** Forgets what was recorded so far (e.g. after a step that is expected to log). */
  clear(): void {
    this.problems.length = 0;
  }

  /** Fails with every recorded problem unless there are none (those matching `allow` are ignored). */
  expectNoConsoleErrors(allow: RegExp[] = []): void {
    const unexpected = this.problems.filter((problem) => !allow.some((pattern) => pattern.test(problem.text)));
    if (unexpected.length > 0) {
      const lines = unexpected.map((problem) => `  [${problem.kind}] ${problem.text} (at ${problem.url})`);
      throw new Error(`the page reported ${unexpected.length} problem(s):\n${lines.join('\n')}`);
    }
  }
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  language?: ConsoleLanguage;
  /** Cookies and local storage the browser starts with (e.g. a signed-in user, a saved theme). */
  storageState?: BrowserContextOptions['storageState'];
}

/** A fresh browser context (its own cookies and storage) with one page and a problem collector. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  problems: ProblemCollector;
  expectNoConsoleErrors(allow?: RegExp[]): void;
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: LOCALES[options.language ?? 'zh'],
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems = new ProblemCollector();
  problems.attach(page);
  return {
    context,
    page,
    problems,
    expectNoConsoleErrors: (allow) => problems.expectNoConsoleErrors(allow),
    close: () => context.close(),
  };
}

/** A value read in the page (an expression in the page's own scope, e.g. `localStorage.getItem('user')`). */
export function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}

/** Polls `read` until `accept` holds, else fails with the last value read. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs = 10_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`${what} never held; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
