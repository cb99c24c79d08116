/**
 * The page's only way to the match: the service's own API with the key the viewer typed in. Whatever
 * the key may not see, the API does not answer, so the page cannot show it (AA-2).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly ruleId?: string,
  ) {
    super(message);
  }
}

export class Api {
  constructor(private readonly key: string) {}

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }

  /** A body read as text, as it came (an NDJSON export is hashed byte for byte, not reparsed here). */
  async text(path: string, accept: string): Promise<string> {
    const response = await fetch(path, { headers: { authorization: `Bearer ${this.key}`, accept } });
    if (!response.ok) throw await errorOf(response);
    return response.text();
  }

  post<T>(path: string, body: object): Promise<T> {
    return this.call<T>('POST', path, body);
  }

  /** DELETE, which answers 204 with no body. */
  async delete(path: string): Promise<void> {
    const response = await fetch(path, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${this.key}`, accept: 'application/json, application/problem+json' },
    });
    if (!response.ok) throw await errorOf(response);
  }

  /** An SSE body as a stream of bytes (fetch, not EventSource: see live.ts). */
  async stream(url: string, lastEventId: number, signal: AbortSignal): Promise<Response> {
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', 'last-event-id': String(lastEventId) },
      signal,
    });
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  private async call<T>(method: string, path: string, body?: object): Promise<T> {
    const response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${this.key}`,
        accept: 'application/json, application/problem+json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw await errorOf(response);
    return (await response.json()) as T;
  }
}

/**
 * Errors come as application/problem+json (`detail`, `title`, `ruleId`) or, from older services, as
 * `{ message }` (a string, or a list of the fields that failed): the reader gets the plainest of them.
 */
async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status line below says what there is to say.
  }
  const message = body.detail ?? body.message ?? body.title;
  const said = Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : '';
  const ruleId = typeof body.ruleId === 'string' ? body.ruleId : undefined;
  return new ApiError(response.status, said || `the service answered ${response.status}`, ruleId);
}
