// Placeholder until the screen lands.
export function WalletPage() {
  return null;
}
