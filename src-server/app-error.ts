import type { AppErrorCode } from '@shared/errors';

/**
 * A failure the client can name, thrown by domain code: `code` tells the client which translated
 * message to show (see src-shared/errors.ts); the message is for logs and developers only.
 * It knows nothing about tRPC or HTTP: the error formatter in trpc.ts turns it into the wire shape
 * and picks the HTTP status from the code.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: AppErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string = code, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
