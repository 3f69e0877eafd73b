import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ssoErrorMessage } from '../api/sso-errors';
import type { AuthOptions } from '../hooks/use-auth-options';
import { SsoButton } from './sso-button';

/** Why the last single sign-on failed (`/login?sso_error=…`), where the login page shows it. */
export function SsoErrorNotice() {
  const [params] = useSearchParams();
  const message = ssoErrorMessage(params.get('sso_error'));
  if (!message) return null;
  return (
    <p role="alert" className="auth-card__closed">
      {message}
    </p>
  );
}

/** The login page's single sign-on button, when the server has one. */
export function SsoChoice({ options }: { options: AuthOptions | null }) {
  if (!options?.oidc) return null;
  return <SsoButton label={options.oidc.label} startUrl={options.oidc.startUrl} />;
}

/** The login page when PASSWORD_LOGIN is off: single sign-on only, no password form. */
export function SsoOnlyLogin({
  options,
  children,
}: {
  options: AuthOptions;
  /** The other ways that stay: signing in with a passkey. */
  children?: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Login</h1>
        <SsoErrorNotice />
        {options.oidc ? (
          <SsoButton label={options.oidc.label} startUrl={options.oidc.startUrl} primary />
        ) : (
          <p className="auth-card__switch">
            Signing in with a password is turned off on this server.
          </p>
        )}
        {children}
      </div>
    </main>
  );
}

/** The signup page when PASSWORD_LOGIN is off: says why there is no form, and offers single sign-on. */
export function SsoOnlySignup({ options }: { options: AuthOptions }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Sign Up</h1>
        <p role="alert" className="auth-card__closed">
          Accounts on this server use single sign-on: there is no signup with a password.
          {options.oidc ? ' Sign in with your account there instead.' : ''}
        </p>
        {options.oidc && (
          <SsoButton label={options.oidc.label} startUrl={options.oidc.startUrl} primary />
        )}
      </div>
    </main>
  );
}
