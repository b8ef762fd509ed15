/** One `/api` response: HTTP status, the envelope, and the raw headers. */
export interface ApiResponse<T = any> {
  status: number;
  body: { success: boolean; message: string; data?: T } & Record<string, any>;
  headers: Headers;
}

/**
 * A console-like `/api` client for tests: keeps the session cookie it is given, and once signed
 * in sends `New-Api-User` like the console does. One client is one browser.
 */
export class ApiClient {
  private cookies = new Map<string, string>();
  /** The signed-in user's id, sent as `New-Api-User`; set by `login` or by hand. */
  userId: number | undefined;
  /** Extra headers sent with every request (e.g. `Authorization` for access-token tests). */
  headers: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  /** Puts a cookie in the jar, as a browser that already holds it would. */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** A cookie this browser holds, e.g. the session a sign-in left. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The same browser (cookies, user id, headers) talking to another base URL, e.g. a replica. */
  sameBrowserOn(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl);
    other.cookies = this.cookies;
    other.userId = this.userId;
    other.headers = { ...this.headers };
    return other;
  }

  get<T = any>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path);
  }

  /** Signs in through `POST /api/user/login` and remembers the user id; fails loudly. */
  async login(username: string, password: string): Promise<ApiResponse> {
    const res = await this.post('/api/user/login', { username, password });
    if (!res.body.success) throw new Error(`login as ${username} failed: ${res.body.message}`);
    this.userId = Number(res.body.data.id);
    return res;
  }

  /** Sends a raw body (malformed JSON tests). */
  async raw(method: string, path: string, body: string, contentType = 'application/json'): Promise<ApiResponse> {
    return this.request(method, path, undefined, { body, contentType });
  }

  async request<T>(
    method: string,
    path: string,
    json?: unknown,
    raw?: { body: string; contentType: string },
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (this.userId !== undefined) headers['New-Api-User'] = String(this.userId);
    let body: string | undefined;
    if (raw) {
      body = raw.body;
      headers['Content-Type'] = raw.contentType;
    } else if (json !== undefined) {
      body = JSON.stringify(json);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const value = rest.join('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: ApiResponse<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { success: false, message: `non-JSON response: ${text.slice(0, 200)}` };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
}
