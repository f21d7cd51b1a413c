/** Domain errors know nothing of tRPC; one formatter (src-server/trpc.ts) gives every error its wire shape. */
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@server/app-error';
import { errorShapeOf } from '@server/trpc';
import { APP_ERROR_CODES } from '@shared/errors';

describe('AppError', () => {
  it('is a plain domain error with a code, a message for developers and optional details', () => {
    const error = new AppError('RATE_LIMITED', 'rate limit sign-in', { retryAfterSeconds: 30 });
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({
      name: 'AppError',
      code: 'RATE_LIMITED',
      message: 'rate limit sign-in',
      details: { retryAfterSeconds: 30 },
    });
    expect(new AppError('NOT_FOUND')).toMatchObject({ message: 'NOT_FOUND', details: undefined });
  });
});

describe('the wire shape of an error', () => {
  it('takes the HTTP status from the domain code and keeps the fields the client reads', () => {
    expect(errorShapeOf(new AppError('RATE_LIMITED', 'rate limit sign-in', { retryAfterSeconds: 30 }), 'auth.signIn')).toEqual({
      message: 'rate limit sign-in',
      code: -32029,
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, appCode: 'RATE_LIMITED', fieldErrors: null, details: { retryAfterSeconds: 30 } },
    });
    expect(errorShapeOf(new AppError('UNAUTHENTICATED')).data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    expect(errorShapeOf(new AppError('FORBIDDEN')).data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    expect(errorShapeOf(new AppError('ACCOUNT_EXISTS')).data).toMatchObject({ code: 'CONFLICT', httpStatus: 409 });
  });

  it('gives every domain code a 4xx status, except INTERNAL (500), an unavailable shop or payment provider and a full disk (503)', () => {
    for (const code of APP_ERROR_CODES) {
      const { httpStatus } = errorShapeOf(new AppError(code)).data;
      if (code === 'INTERNAL') expect(httpStatus, code).toBe(500);
      else if (code === 'SHOP_UNAVAILABLE' || code === 'PAYMENT_PROVIDER_UNAVAILABLE' || code === 'STORAGE_FULL')
        expect(httpStatus, code).toBe(503);
      else {
        expect(httpStatus, code).toBeGreaterThanOrEqual(400);
        expect(httpStatus, code).toBeLessThan(500);
      }
    }
  });

  it('names the fields of a refused input', () => {
    const invalid = z.object({ email: z.string().email(), title: z.string().min(1) }).safeParse({ email: 'x', title: '' });
    const shape = errorShapeOf(new TRPCError({ code: 'BAD_REQUEST', cause: invalid.error }));
    expect(shape.data).toMatchObject({ httpStatus: 400, appCode: 'VALIDATION_FAILED' });
    expect(Object.keys(shape.data.fieldErrors ?? {}).sort()).toEqual(['email', 'title']);
  });

  it('never shows the text of an unexpected error', () => {
    const shape = errorShapeOf(new Error('connection string postgres://user:secret@db'));
    expect(shape.message).toBe('Internal error');
    expect(shape.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, appCode: null });
    expect(JSON.stringify(shape)).not.toContain('secret');
  });
});
