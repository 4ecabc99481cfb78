import type { ApiError, ApiFieldErrors } from '../../shared/errors';

// Thin fetch wrapper for the JSON API. Deliberately zod-free (a runtime import of src/shared
// would pull zod into the first-load bundle); the server validates and documents every shape.

/** Shown when the server's answer carries no usable message (network failure, proxy page). */
export const FALLBACK_MESSAGE = 'An unexpected error occurred';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The refused fields by their path in the request (`username`, `offers.2`), each with its message. */
    readonly fields: ApiFieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function isApiError(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

function isFieldErrors(fields: unknown): fields is ApiFieldErrors {
  return (
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((message) => typeof message === 'string')
  );
}

/** Where requests go: the browser's fetch, or, while the server renders a first screen
 * (render.tsx), the server answering them itself. */
let send: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);
export function sendRequestsWith(transport: typeof send): void {
  send = transport;
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const multipart = body instanceof FormData;
  // No content-type without a body: the server rejects an empty JSON body (e.g. sign-out).
  // A FormData body sets its own (multipart, with the boundary).
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await send(path, {
      method,
      headers,
      credentials: 'same-origin',
      signal,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
  } catch (error) {
    // A cancelled request (a newer search replaced it) is no failure to report.
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', FALLBACK_MESSAGE);
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (isApiError(data)) {
      const { code, message, fields } = data.error;
      throw new ApiRequestError(response.status, code, message, isFieldErrors(fields) ? fields : {});
    }
    throw new ApiRequestError(response.status, 'HTTP_ERROR', FALLBACK_MESSAGE);
  }
  return data as T;
}

export const api = {
  /** `signal` cancels the request (e.g. a search that a newer one replaced). */
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** POSTs files as multipart field "file" (one or several); errors as for JSON calls. */
  upload: <T>(path: string, files: File | File[]) => {
    const form = new FormData();
    for (const file of Array.isArray(files) ? files : [files]) form.append('file', file);
    return request<T>('POST', path, form);
  },
};

/** The server's own image limit (platform/images.ts), checked first so a big file fails at once. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The server's reason for a refused request (not an image, too large), when it gave one. */
export const refusalReason = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : '';

/** The message to show a user for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK_MESSAGE;
}
