import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useCachePersistence } from '../../../lib/cache-persistence';
import { toast } from '../../../lib/toast';
import { clearAuth, readAuth, writeAuth } from '../../../lib/storage';
import type { StoredAuth, StoredUser } from '../../../lib/storage';
import { onSessionExpired, onSignedOut } from '../../../lib/session-events';

/** Toast id shared by "Please Login First" and the session-expired message, so only one shows. */
export const AUTH_REQUIRED_TOAST = 'auth-required';

interface AuthState extends StoredAuth {
  signIn: (token: string, user: StoredUser) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Holds the sign-in (restored from localStorage on start). When the server rejects the token,
 * it signs out, empties the Apollo cache and says so; the route guard then sends the user to /login.
 * Signed out, no copy of anyone's notes stays in the browser: the saved caches are deleted too.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const persistence = useCachePersistence();
  const [auth, setAuth] = useState<StoredAuth>(readAuth);

  const signIn = useCallback((token: string, user: StoredUser) => {
    writeAuth(token, user);
    setAuth({ token, user, isAuth: true });
  }, []);

  const signOut = useCallback(() => {
    clearAuth();
    setAuth({ token: '', user: null, isAuth: false });
  }, []);

  // The cache is emptied once the signed-out state is on screen, when no page still shows notes
  // (a sign-out may be part of a transition that leaves the page).
  useEffect(() => {
    if (auth.isAuth) return;
    void persistence.wipe();
    void client.clearStore();
  }, [auth.isAuth, client, persistence]);

  useEffect(
    () =>
      onSessionExpired(() => {
        if (!readAuth().isAuth) return;
        toast.error('Your Session Has Expired, Please Login Again', {
          toastId: AUTH_REQUIRED_TOAST,
        });
        signOut();
      }),
    [signOut],
  );

  // A deliberate sign-out's message (the account was deleted) is shown from an effect of this
  // provider: it runs after the route guard's "Please Login First" (a child's effects run first),
  // so the message replaces that one rather than giving way to it.
  const [signedOutNotice, setSignedOutNotice] = useState<string | null>(null);
  useEffect(
    () =>
      onSignedOut((message) => {
        setSignedOutNotice(message);
        signOut();
      }),
    [signOut],
  );
  useEffect(() => {
    if (!signedOutNotice) return;
    toast.success(signedOutNotice);
    setSignedOutNotice(null);
  }, [signedOutNotice]);

  const value = useMemo(() => ({ ...auth, signIn, signOut }), [auth, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The sign-in state with `signIn` and `signOut`. Must be used under `AuthProvider`. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
