import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';

/**
 * The console's one toaster: every success, error, warning and notice goes through here, at the
 * top centre of the window. The container is fixed to the viewport (`mg-toaster`, shell.css), so
 * a message shows wherever the page is scrolled: Blueprint's own container sits at the top of
 * the document, out of sight of a form saved from the bottom of a long page. Durations follow
 * the reference (success 1.5 s … warning 10 s).
 */
let toaster: Promise<Toaster> | undefined;

/** The toaster's class: shell.css pins it to the viewport, above the top bar and drawers. */
export const TOASTER_CLASS = 'mg-toaster';

function theToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 5, className: TOASTER_CLASS });
  return toaster;
}

function show(message: string, intent: Intent, icon: IconName, timeout: number): void {
  void theToaster().then((instance) => instance.show({ message, intent, icon, timeout }));
}

export function showSuccess(message: string): void {
  show(message, Intent.SUCCESS, 'tick-circle', 2_000);
}

export function showError(message: string): void {
  show(message, Intent.DANGER, 'error', 5_000);
}

export function showInfo(message: string): void {
  show(message, Intent.PRIMARY, 'info-sign', 3_000);
}

export function showWarning(message: string): void {
  show(message, Intent.WARNING, 'warning-sign', 10_000);
}

/** Dismisses every toast on screen (component tests start each test with none). */
export async function clearToasts(): Promise<void> {
  if (toaster) (await toaster).clear();
}
