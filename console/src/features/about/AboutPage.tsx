// Placeholder until the screen lands.
export function AboutPage() {
  return null;
}
