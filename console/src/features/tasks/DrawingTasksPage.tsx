// Placeholder until the screen lands.
export function DrawingTasksPage() {
  return null;
}
