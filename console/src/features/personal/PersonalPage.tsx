// Placeholder until the screen lands.
export function PersonalPage() {
  return null;
}
