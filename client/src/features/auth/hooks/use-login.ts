import { useCallback, useState } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { graphQLErrorCode, graphQLErrorMessage } from '../../../lib/errors';
import { LoginDocument } from '../api/auth-operations';
import { useAuth } from './auth-context';

/** Where the route guard asked to come back to after signing in, if anywhere. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/home';
}

/** Whether a failed login was the server asking for the account's two-factor code. */
function needsTwoFactor(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => e.extensions?.twoFactorRequired === true)
  );
}

/**
 * Signs in, greets the user and goes back to the page the guard stopped them at (else /home).
 * `login` resolves to whether it worked; `loading` is true while the request is in flight.
 * `lead`: what the same action said first (a sign-up's "Signup successful!"), in the same
 * snackbar as the greeting or the failure. When the account has two-factor on and no right
 * `code` came with the password, `twoFactorRequired` turns true: the page asks for the code and
 * calls `login` again with it.
 */
export function useLogin() {
  const [mutate] = useMutation(LoginDocument);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  const [twoFactorRequired, setTwoFactorRequired] = useState(false);

  const login = useCallback(
    async (
      email: string,
      password: string,
      lead: readonly string[] = [],
      code?: string,
    ): Promise<boolean> => {
      setLoading(true);
      try {
        const { data } = await mutate({ variables: { email, password, code } });
        if (!data) throw new Error('login returned no data');
        signIn(data.login.token, data.login.user);
        toast.success([...lead, `Login successful, Welcome ${data.login.user.firstName}`]);
        await navigate(returnPath(location.state), { replace: true });
        return true;
      } catch (error) {
        if (needsTwoFactor(error)) {
          setTwoFactorRequired(true);
          if (code === undefined) toast.info('Enter the code from your authenticator app');
          else toast.error('That Code Is Wrong Or Was Already Used, Try Again!');
          return false;
        }
        console.error('Login failed:', error);
        // A refusal with a reason (a disabled account) says it beside the spec's words.
        const reason = graphQLErrorCode(error) === 'FORBIDDEN' && graphQLErrorMessage(error);
        toast.error([...lead, 'Login Failed, Try Again!', ...(reason ? [reason] : [])]);
        return false;
      } finally {
        setLoading(false);
      }
    },
    [mutate, signIn, navigate, location.state],
  );

  return { login, loading, twoFactorRequired };
}
