/**
 * Leaving the console for a provider's authorization page. An object, so tests can observe the
 * redirect without the browser leaving.
 */
export const externalNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
