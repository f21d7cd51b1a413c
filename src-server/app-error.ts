import { ZodError } from 'zod';
import type { AppErrorCode } from '@shared/errors';
import { isInvalidText } from './db/invalid-text';
import { isStorageFull } from './db/storage-full';

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

/**
 * The code the client translates for a failure: a domain error's own, or what a refused input or a full
 * disk means; null for any other (an internal error). The tRPC error formatter and the forms posted
 * without JavaScript each map it further.
 */
export function appErrorCodeOf(cause: unknown): AppErrorCode | null {
  if (cause instanceof AppError) return cause.code;
  if (cause instanceof ZodError || isInvalidText(cause)) return 'VALIDATION_FAILED';
  if (isStorageFull(cause)) return 'STORAGE_FULL';
  return null;
}
