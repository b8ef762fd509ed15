// Placeholder until the screen lands.
export function OAuthCallbackPage() {
  return null;
}
