import { Messages } from '@shop/contracts';

/** Every failure the API reports on purpose. One handler maps the type to its HTTP status. */
export type AppErrorType =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'token_expired'
  | 'rate_limited'
  | 'payload_too_large'
  | 'internal';

export const statusOf: Record<AppErrorType, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  token_expired: 409,
  unprocessable: 422,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
};

export class AppError extends Error {
  constructor(
    readonly type: AppErrorType,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** an envelope code other than the HTTP status (spec 8: 40003), and facts for the client in `result` */
    readonly extra?: { code?: number; result?: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status() {
    return statusOf[this.type];
  }

  /** A 400 that names the field, the way schema validation does. */
  static field(name: string, message: string) {
    return new AppError('bad_request', message, { [name]: message });
  }
  static unauthorized(message: string = Messages.loginInvalid) {
    return new AppError('unauthorized', message);
  }
  static forbidden(message: string = Messages.forbidden) {
    return new AppError('forbidden', message);
  }
  static notFound(message: string = Messages.notFound) {
    return new AppError('not_found', message);
  }
  static tooMany(retryAfterS: number) {
    return new AppError('rate_limited', Messages.tooManyAttempts, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterS))),
    });
  }
}

/** For `.catch()`: a record that is not there (an AppError 'not_found') becomes null; anything else is thrown on. */
export function missingAsNull(error: unknown): null {
  if (error instanceof AppError && error.type === 'not_found') return null;
  throw error;
}
