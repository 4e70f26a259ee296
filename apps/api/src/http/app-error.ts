/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(message: string) {
    return new AppError('not_found', 404, message);
  }

  static badRequest(message: string, fieldErrors?: Record<string, string>) {
    return new AppError('bad_request', 400, message, fieldErrors);
  }

  static conflict(message: string) {
    return new AppError('conflict', 409, message);
  }
}
