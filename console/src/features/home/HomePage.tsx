// Placeholder until the screen lands.
export function HomePage() {
  return null;
}
