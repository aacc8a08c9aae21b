import type { ApiErrorBody } from "#shared/api/error-contract.ts";

/** An API answer other than 2xx, carrying the server's error code for translation. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

// The server renderer swaps this for an in-process call to the API, so pages render with the
// same requests the browser would make (see src/server/ssr/render-page.ts).
let fetcher: Fetcher = (input, init) => fetch(input, init);

export function setApiFetcher(next: Fetcher): void {
  fetcher = next;
}

export async function apiRequest<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetcher(path, {
    ...init,
    headers: {
      accept: "application/json",
      ...(init?.body ? { "content-type": "application/json" } : {}),
      ...init?.headers,
    },
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/** Like apiRequest, but a 404 is an answer (null) rather than an error. */
export async function apiGetOrNull<T>(path: string): Promise<T | null> {
  try {
    return await apiRequest<T>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Our errors are { error: { code, message } }; the identity endpoints answer { code, message }. */
async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody> & { code?: string; message?: string };
    const code = body.error?.code ?? body.code ?? "http-error";
    return new ApiError(response.status, code, body.error?.message ?? body.message ?? response.statusText);
  } catch {
    return new ApiError(response.status, "http-error", response.statusText);
  }
}
