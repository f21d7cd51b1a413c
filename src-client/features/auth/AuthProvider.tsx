import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { SessionUser } from '@shared/schemas/auth';
import { appErrorCode } from '@client/i18n/error-messages';
import { trpc } from '@client/trpc';

type AuthContextValue = {
  user: SessionUser | null;
  isAdmin: boolean;
  /** True until the first session check has finished (successfully or not). */
  loading: boolean;
  signIn(input: { email: string; password: string }): Promise<SessionUser>;
  signOut(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who is signed in. The session lives in an HttpOnly cookie; this provider asks the server once at
 * start and then follows sign-in and sign-out, recomputing the admin flag each time.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const sessionQuery = trpc.auth.session.queryOptions(undefined, { staleTime: 60_000, retry: 1 });
  const session = useQuery(sessionQuery);
  const signInMutation = useMutation(trpc.auth.signIn.mutationOptions());
  const signOutMutation = useMutation(trpc.auth.signOut.mutationOptions());

  const signIn = useCallback(
    async (input: { email: string; password: string }) => {
      const user = await signInMutation.mutateAsync(input);
      queryClient.setQueryData(sessionQuery.queryKey, user);
      return user;
    },
    [signInMutation, queryClient, sessionQuery.queryKey],
  );

  const signOut = useCallback(async () => {
    try {
      await signOutMutation.mutateAsync();
    } finally {
      // Whatever the server said, this browser forgets the user and everything loaded for them.
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey).includes('"blog","listAll"') });
      queryClient.setQueryData(sessionQuery.queryKey, null);
    }
  }, [signOutMutation, queryClient, sessionQuery.queryKey]);

  // A call refused with UNAUTHENTICATED means the session ended on the server (expired, signed out
  // elsewhere, password reset): ask again who is signed in, so the page shows the truth.
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (appErrorCode(error) === 'UNAUTHENTICATED') void queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
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
  }, [queryClient]);

  const user = session.data ?? null;
  const value = useMemo(
    () => ({ user, isAdmin: user?.isAdmin ?? false, loading: session.isPending, signIn, signOut }),
    [user, session.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
