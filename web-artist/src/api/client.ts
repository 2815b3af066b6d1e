/**
 * The one fetch wrapper (SPEC §7): credentials on every call, JSON bodies, and a non-OK answer becomes an
 * Error whose message is `<status>: <body text or status text>`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's own message (`{message}` body), for toasts that show it. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers:
      init.body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** SPEC §6: a 401 error (message starting '401:' and containing 'Unauthorized') means signed out. */
export const isUnauthorized = (error: unknown) =>
  error instanceof Error && error.message.startsWith('401:') && error.message.includes('Unauthorized');

/** The server's own message of a failed call, when it sent one (for toasts that show it). */
export const serverMessage = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : undefined;
