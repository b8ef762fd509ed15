// The responses a fake stores (`store` defaults to true on the Responses API), kept per API key:
// two channels with different keys on one fake see separate stores, as they would on two real
// upstreams, so `previous_response_id` only resolves for the key that created the response.

/** A stored response: the Response object and the input items it was created from. */
export interface StoredResponse {
  /** The Response object as `GET /v1/responses/{id}` answers it. */
  response: Record<string, unknown>;
  /** Its input items (each with an `id`), oldest first. */
  readonly inputItems: readonly Record<string, unknown>[];
  /** Whether it was created with `background: true`. */
  readonly background: boolean;
  /** The conversation so far (previous inputs and outputs), for token estimates of follow-ups. */
  readonly context: readonly unknown[];
}

/** Stored responses by API key, then by id. */
export class ResponseStore {
  private readonly byKey = new Map<string, Map<string, StoredResponse>>();

  /** The response `id` stored under `apiKey`. */
  get(apiKey: string | undefined, id: string): StoredResponse | undefined {
    return this.byKey.get(apiKey ?? '')?.get(id);
  }

  put(apiKey: string | undefined, id: string, stored: StoredResponse): void {
    const key = apiKey ?? '';
    let responses = this.byKey.get(key);
    if (responses === undefined) this.byKey.set(key, (responses = new Map()));
    responses.set(id, stored);
  }

  /** Removes the response `id` of `apiKey`; whether it was there. */
  delete(apiKey: string | undefined, id: string): boolean {
    return this.byKey.get(apiKey ?? '')?.delete(id) ?? false;
  }

  /** How many responses are stored under `apiKey` (every key when omitted). */
  size(apiKey?: string): number {
    if (apiKey !== undefined) return this.byKey.get(apiKey)?.size ?? 0;
    let total = 0;
    for (const responses of this.byKey.values()) total += responses.size;
    return total;
  }

  clear(): void {
    this.byKey.clear();
  }
}
