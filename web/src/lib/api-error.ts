/*
 * Apart from the API client, so that the query client's retry rule does not load the client and
 * every route's schema before the first screen.
 */

/** An API failure: HTTP status (0 when no response), machine code and a sentence to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
