// Placeholder until the screen lands.
export function PlaygroundPage() {
  return null;
}
