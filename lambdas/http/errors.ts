/** An error whose message a person can act on; it becomes a 4xx `{ error, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, code = 'bad_request', details?: unknown) {
    super(400, code, message, details);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'No active session. Please sign in.') {
    super(401, 'unauthorized', message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this.', code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found.', code = 'not_found') {
    super(404, code, message);
  }
}
export class ConflictError extends HttpError {
  /** `details` travel in the answer: the state the request ran into, so the screen can show it. */
  constructor(message: string, code = 'conflict', details?: unknown) {
    super(409, code, message, details);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many requests. Please wait a moment and try again.') {
    super(429, 'rate_limited', message);
  }
}
