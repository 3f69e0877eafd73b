import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { TEST_CREDENTIALS } from '../api/demo-users';
import { useAuthOptions } from '../hooks/use-auth-options';
import { passkeysSupported } from '../api/passkey-sign-in';
import { useLogin } from '../hooks/use-login';
import { usePasskeyLogin } from '../hooks/use-passkey-login';
import { useRedirectIfSignedIn } from '../hooks/use-redirect-if-signed-in';
import { SsoChoice, SsoErrorNotice, SsoOnlyLogin } from './sso-sign-in';

/** /login: email and password, a test-credentials shortcut and a link to sign up. */
export function LoginPage() {
  useRedirectIfSignedIn();
  const { login, loading, twoFactorRequired } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const options = useAuthOptions();
  const [code, setCode] = useState('');
  const { loginWithPasskey, loading: passkeyLoading } = usePasskeyLogin();
  const [canUsePasskeys] = useState(passkeysSupported);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login(email, password, [], twoFactorRequired ? code : undefined);
  };

  const loginWithTestCredentials = () => {
    setEmail(TEST_CREDENTIALS.email);
    setPassword(TEST_CREDENTIALS.password);
    void login(TEST_CREDENTIALS.email, TEST_CREDENTIALS.password);
  };

  const passkeyButton = canUsePasskeys && (
    <button
      type="button"
      className="button button--secondary button--block"
      onClick={() => void loginWithPasskey()}
    >
      Sign in with a passkey
    </button>
  );

  if (options?.passwordLogin === false) {
    return (
      <SsoOnlyLogin options={options}>
        {passkeyLoading && <LoadingOverlay label="Logging in" />}
        {passkeyButton}
      </SsoOnlyLogin>
    );
  }

  return (
    <main className="auth-page">
      {(loading || passkeyLoading) && <LoadingOverlay label="Logging in" />}
      <form className="auth-card" onSubmit={onSubmit}>
        <h1>Login</h1>
        <SsoErrorNotice />
        <label className="field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {twoFactorRequired && (
          <label className="field">
            <span>Two-factor code</span>
            <input
              type="text"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              aria-describedby="code-hint"
              placeholder="123456"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <small id="code-hint" className="field__hint">
              The 6-digit code from your authenticator app, or one of your recovery codes.
            </small>
          </label>
        )}
        <button type="submit" className="button button--primary button--block">
          Login
        </button>
        {passkeyButton}
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={loginWithTestCredentials}
        >
          Login With Test Credentials
        </button>
        <SsoChoice options={options} />
        <p className="auth-card__switch">
          New to Jotter? <Link to="/signup">Create an account</Link>
        </p>
      </form>
    </main>
  );
}
