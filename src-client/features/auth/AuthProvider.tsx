import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { SessionUser, SignInResult } from '@shared/schemas/auth';
import { appErrorCode } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';
import { sessionQuery } from './session';

type AuthContextValue = {
  user: SessionUser | null;
  isAdmin: boolean;
  /** True until the first session check has finished (successfully or not). */
  loading: boolean;
  /** The password step: signed in, or (two-factor sign-in, ADR 041) the challenge for signInWithCode. */
  signIn(input: { email: string; password: string }): Promise<SignInResult>;
  signInWithCode(input: { challenge: string; code: string }): Promise<SessionUser>;
  signOut(): Promise<void>;
  /** Forgets the user and everything loaded for them, for a session that ended on the server (password reset). */
  forgetUser(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who is signed in. The session lives in an HttpOnly cookie; the server knows it when it renders the
 * page, so the answer arrives with the page. This provider follows sign-in and sign-out and lets the
 * router run its guards again (beforeLoad reads the same query).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery(trpc));
  const signInMutation = useMutation(trpc.auth.signIn.mutationOptions());
  const signInWithCodeMutation = useMutation(trpc.auth.signInWithCode.mutationOptions());
  const signOutMutation = useMutation(trpc.auth.signOut.mutationOptions());
  const sessionKey = trpc.auth.session.queryKey();

  const signedIn = useCallback(
    async (user: SessionUser) => {
      queryClient.setQueryData(sessionKey, user);
      await router.invalidate();
    },
    [queryClient, sessionKey, router],
  );

  const signIn = useCallback(
    async (input: { email: string; password: string }) => {
      const result = await signInMutation.mutateAsync(input);
      if (!('twoFactorChallenge' in result)) await signedIn(result);
      return result;
    },
    [signInMutation, signedIn],
  );

  const signInWithCode = useCallback(
    async (input: { challenge: string; code: string }) => {
      const user = await signInWithCodeMutation.mutateAsync(input);
      await signedIn(user);
      return user;
    },
    [signInWithCodeMutation, signedIn],
  );

  const forgetUser = useCallback(async () => {
    // Anything in the cache may have been loaded for this user: all of it goes, not a list of private
    // keys that the next private query would have to join. The loaders fetch the public rest again.
    queryClient.clear();
    queryClient.setQueryData(sessionKey, null);
    await router.invalidate();
  }, [queryClient, sessionKey, router]);

  const signOut = useCallback(async () => {
    try {
      await signOutMutation.mutateAsync();
    } finally {
      // Whatever the server said, this browser forgets the user and everything loaded for them.
      await forgetUser();
    }
  }, [signOutMutation, forgetUser]);

  // A call refused with UNAUTHENTICATED means the session ended on the server (expired, signed out
  // elsewhere, password reset): ask again who is signed in, so the page shows the truth.
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (appErrorCode(error) === 'UNAUTHENTICATED') void queryClient.invalidateQueries(trpc.auth.session.queryFilter());
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, trpc]);

  const user = session.data ?? null;
  const value = useMemo(
    () => ({ user, isAdmin: user?.isAdmin ?? false, loading: session.isPending, signIn, signInWithCode, signOut, forgetUser }),
    [user, session.isPending, signIn, signInWithCode, signOut, forgetUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
