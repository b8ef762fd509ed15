// Placeholder until the screen lands.
export function TokensPage() {
  return null;
}
