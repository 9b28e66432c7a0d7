/** An error that maps to `{"detail": "..."}` with the given status. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503 | 504,
    readonly detail: string,
  ) {
    super(detail);
  }
}
