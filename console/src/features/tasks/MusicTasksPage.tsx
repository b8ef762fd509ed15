// Placeholder until the screen lands.
export function MusicTasksPage() {
  return null;
}
