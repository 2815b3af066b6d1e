/** Typed errors; the error middleware turns each into its status code and a JSON body `{message, issues?}`. */
export interface Issue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Issue[],
    /** A machine-readable reason the apps key on (a step-up's `second_factor_required`, …). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const ValidationError = (message: string, issues?: Issue[]) => new HttpError(400, message, issues);
export const AuthenticationError = (message = 'Unauthorized') => new HttpError(401, message);
export const AuthorizationError = (message = 'Forbidden') => new HttpError(403, message);
export const NotFoundError = (message = 'Not Found') => new HttpError(404, message);
export const ConflictError = (message: string) => new HttpError(409, message);
export const PayloadTooLargeError = (message = 'Request body is too large') => new HttpError(413, message);
export const RateLimitError = (message = 'Too many requests, please try again later.') =>
  new HttpError(429, message);
