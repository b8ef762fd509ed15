// Placeholder until the screen lands.
export function ChatPage() {
  return null;
}
