// Placeholder until the screen lands.
export function Chat2LinkPage() {
  return null;
}
