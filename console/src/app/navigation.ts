/**
 * Navigation for code outside React components (the error middleware's 401 redirect). The app
 * registers its router here once; tests register a recorder.
 */
type Navigate = (to: string) => void;

let navigateTo: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): void {
  navigateTo = navigate;
}

export function navigate(to: string): void {
  navigateTo(to);
}
