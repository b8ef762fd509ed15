/** Which Channels reference which Secret, so a Secret change enqueues exactly those Channels. */
export class SecretIndex {
  private readonly bySecret = new Map<string, Set<string>>();
  private readonly byChannel = new Map<string, string>();

  /** Records that Channel `channelKey` references Secret `secretKey` (both `namespace/name`). */
  set(channelKey: string, secretKey: string): void {
    const previous = this.byChannel.get(channelKey);
    if (previous === secretKey) return;
    if (previous !== undefined) this.remove(channelKey);
    this.byChannel.set(channelKey, secretKey);
    let channels = this.bySecret.get(secretKey);
    if (!channels) this.bySecret.set(secretKey, (channels = new Set()));
    channels.add(channelKey);
  }

  remove(channelKey: string): void {
    const secretKey = this.byChannel.get(channelKey);
    if (secretKey === undefined) return;
    this.byChannel.delete(channelKey);
    const channels = this.bySecret.get(secretKey);
    channels?.delete(channelKey);
    if (channels?.size === 0) this.bySecret.delete(secretKey);
  }

  /** Channels referencing the Secret `secretKey`. */
  channelsOf(secretKey: string): string[] {
    return [...(this.bySecret.get(secretKey) ?? [])];
  }
}
