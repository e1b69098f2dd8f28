// The console's calls to the service: JSON both ways, the session's cookie sent by the browser,
// and the anti-forgery token (kept here, in memory only) on every change.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSignedOut: (message: string) => void = () => undefined;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** What to do when the service says the session is gone (401): show the sign-in again. */
export function whenSignedOut(handler: (message: string) => void): void {
  onSignedOut = handler;
}

async function errorOf(response: Response): Promise<ApiError> {
  let message = `the service answered ${response.status} ${response.statusText}`;
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body.error?.message) message = body.error.message;
  } catch {
    // not JSON: keep the status
  }
  const retry = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, message, Number.isFinite(retry) && retry > 0 ? retry : null);
}

/** Calls the console's API; a 401 of a signed-in page signs it out. */
export async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, signingIn = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'the service cannot be reached: check your connection and try again');
  }
  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401 && !signingIn) onSignedOut(error.message);
    throw error;
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}
