/** Named readiness flags; the process is ready when every registered dependency is up. */
export class Readiness {
  private readonly states = new Map<string, boolean>();

  /** Registers `name` as not ready yet. */
  register(name: string): void {
    if (!this.states.has(name)) this.states.set(name, false);
  }

  set(name: string, ready: boolean): void {
    this.states.set(name, ready);
  }

  get ready(): boolean {
    return this.states.size > 0 && [...this.states.values()].every(Boolean);
  }

  /** Each dependency and whether it is up, for `/readyz` bodies. */
  snapshot(): Record<string, boolean> {
    return Object.fromEntries(this.states);
  }
}
