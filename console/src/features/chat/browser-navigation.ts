/** Leaving the console for a chat app: kept apart so tests can watch it (jsdom cannot navigate). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
