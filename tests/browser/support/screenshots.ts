import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Screenshots land here (git-ignored) so a person can look at every screen after a run. */
export const SCREENSHOT_DIR = resolve(__dirname, '../screenshots');

/** Saves the whole page as `screenshots/<language>/<theme>/<name>.png`; answers the file's path. */
export async function saveScreenshot(page: Page, language: string, theme: string, name: string): Promise<string> {
  const file = join(SCREENSHOT_DIR, language, theme, `${name.replace(/[^a-z0-9._-]+/gi, '_')}.png`);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Tells the person running the tests where the screenshots are. */
export function announceScreenshots(count: number): void {
  process.stdout.write(`\n${count} console screenshot(s) saved under ${SCREENSHOT_DIR}\n`);
}
