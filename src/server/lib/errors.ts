/**
 * Typed domain errors. Services throw them; the one error handler (plugins/error-handler.ts) maps them
 * to HTTP. Their messages are shown to users, so they are written in plain words.
 */
export class AppError extends Error {
  /** What the refusal's log line adds (a lockout and its end); never sent to the client. */
  logDetails?: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in.') {
    super(401, message, { 'www-authenticate': 'Bearer' });
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not authorized to do this.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number, message = 'Too many attempts. Please wait a minute and try again.') {
    super(429, message, { 'retry-after': String(retryAfterSeconds) });
  }
}
