import { TRPCError } from '@trpc/server';
import type { AppErrorCode } from '@shared/errors';

type TRPCCode = ConstructorParameters<typeof TRPCError>[0]['code'];

const TRPC_CODE: Record<AppErrorCode, TRPCCode> = {
  VALIDATION_FAILED: 'BAD_REQUEST',
  ACCOUNT_EXISTS: 'CONFLICT',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  TOKEN_INVALID: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  FORBIDDEN_ORIGIN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/**
 * A failure the client can name: the tRPC code sets the HTTP status, `appCode` tells the client which
 * translated message to show (see src-shared/errors.ts). The message is for logs and developers only.
 */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(appCode: AppErrorCode, message: string = appCode, details?: Record<string, unknown>) {
    super({ code: TRPC_CODE[appCode], message });
    this.appCode = appCode;
    this.details = details;
  }
}
