import { msg } from '@lingui/core/macro';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppErrorCode } from '@shared/errors';
import { ERROR_MESSAGES, errorMessageFor, isNetworkFailure, NETWORK_FAILURE_MESSAGE } from '@client/i18n/error-messages';
import { createQueryClient } from '@client/trpc';

/** What tRPC's link makes of a fetch that got no answer (offline, connection reset): the browser says TypeError. */
const noAnswer = () => TRPCClientError.from(new TypeError('Failed to fetch'));

/** What it makes of our server's error answer. */
function answered(appCode: AppErrorCode | null, httpStatus = 500) {
  return TRPCClientError.from({
    error: { message: 'x', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus, appCode } },
  });
}

describe('the message for a failed call', () => {
  it('is "Keine Verbindung zum Server …" when our server could not be reached, also where a form names its own fallback', () => {
    expect(isNetworkFailure(noAnswer())).toBe(true);
    expect(errorMessageFor(noAnswer())).toBe(NETWORK_FAILURE_MESSAGE);
    expect(errorMessageFor(noAnswer(), msg`Bitte versuche es später erneut.`)).toBe(NETWORK_FAILURE_MESSAGE);
    expect(NETWORK_FAILURE_MESSAGE.message).toBe(
      'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    );
  });

  it("is the server's code when it answered, and the fallback for an answer without one", () => {
    expect(isNetworkFailure(answered('PAYMENT_PROVIDER_UNAVAILABLE', 503))).toBe(false);
    expect(errorMessageFor(answered('PAYMENT_PROVIDER_UNAVAILABLE', 503))).toBe(ERROR_MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE);
    expect(errorMessageFor(answered(null))).toBe(ERROR_MESSAGES.INTERNAL);
    const fallback = msg`Bitte versuche es später erneut.`;
    expect(errorMessageFor(answered(null), fallback)).toBe(fallback);
    // An answer that was not ours to read (a proxy's HTML page): not "no connection".
    expect(isNetworkFailure(TRPCClientError.from(new SyntaxError('Unexpected token <')))).toBe(false);
  });

  it('tells of a full disk in words, asking to contact the operator', () => {
    expect(errorMessageFor(answered('STORAGE_FULL', 503)).message).toMatch(/^Der Speicher des Servers ist voll.*Betreiber/);
  });
});

describe('a form sent while the browser is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('fails at once with the connection message instead of waiting, paused, behind a spinner', async () => {
    const queryClient = createQueryClient();
    onlineManager.setOnline(false);
    const send = new MutationObserver(queryClient, { mutationFn: () => Promise.reject(noAnswer()) });
    const outcome = send.mutate().catch((error: unknown) => error);
    // A paused mutation would never settle while offline: give it a moment, no more.
    const settled = await Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200))]);
    expect(send.getCurrentResult().isPaused).toBe(false);
    expect(errorMessageFor(settled)).toBe(NETWORK_FAILURE_MESSAGE);
  });
});
