// The one error type routes and services throw for an expected failure. The error-handler
// plugin answers it as `{"message": ...}` with its status (the error envelope of every failure).

/** An error with an HTTP status and an Indonesian message for the client. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
