import { useState } from 'react';
import { AccountPanel } from './account-panel';
import { PasswordPanel } from './password-panel';
import { SessionsPanel } from './sessions-panel';
import { TokensPanel } from './tokens-panel';

/** The profile's security: sessions, API tokens, the password and the account. */
export function SecuritySection() {
  // A password change signs the other sessions out: the list is read again after one.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <>
      <SessionsPanel version={sessionsVersion} />
      <TokensPanel />
      <PasswordPanel onChanged={() => setSessionsVersion((v) => v + 1)} />
      <AccountPanel />
    </>
  );
}
