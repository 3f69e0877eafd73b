import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { randomDemoUser } from '../api/demo-users';
import type { SignupValues } from '../api/demo-users';
import { signupProblems, type CheckedField } from '../api/signup-rules';
import { useAuthOptions } from '../hooks/use-auth-options';
import { useRedirectIfSignedIn } from '../hooks/use-redirect-if-signed-in';
import { useSignup } from '../hooks/use-signup';
import { useSignupOpen } from '../hooks/use-signup-open';
import { PasswordMatch } from './password-match';
import { SsoOnlySignup } from './sso-sign-in';

const EMPTY: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

const FIELDS: { name: keyof SignupValues; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    label: 'Confirm Password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

const problemId = (field: CheckedField) => `signup-${field}-problem`;

/**
 * /signup: five required fields with a demo-data filler, and live feedback under the fields as
 * the user types: the email's format, the password's length (the server's rules, said before
 * the server does) and whether the passwords match. A form with a problem is not sent: the
 * focus goes to the first field at fault.
 */
export function SignupPage() {
  useRedirectIfSignedIn();
  const { signup, loading } = useSignup();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  // An admin's invitation link (/signup?invite=…) opens signup while it is off.
  const invite = useSearchParams()[0].get('invite') ?? undefined;
  const { open, problem } = useSignupOpen(invite);
  const form = useRef<HTMLFormElement>(null);
  const problems = signupProblems(values);
  const options = useAuthOptions();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const first = (['email', 'password'] as const).find((field) => problems[field]);
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    void signup(values, invite);
  };

  if (options?.passwordLogin === false) return <SsoOnlySignup options={options} />;

  return (
    <main className="auth-page">
      {loading && <LoadingOverlay label="Signing up" />}
      <form className="auth-card" onSubmit={onSubmit} ref={form}>
        <h1>Sign Up</h1>
        {!open && (
          <p role="alert" className="auth-card__closed">
            {problem ??
              'Signup is turned off on this server: only existing accounts can sign in. Ask the person who runs it for an account.'}
          </p>
        )}
        <fieldset className="auth-card__fields" disabled={!open}>
          {FIELDS.map((field) => {
            const checked = field.name === 'email' || field.name === 'password';
            const problem = checked ? problems[field.name as CheckedField] : undefined;
            const id = problemId(field.name as CheckedField);
            return (
              <div className="field" key={field.name}>
                <label className="field__label">
                  <span>{field.label}</span>
                  <input
                    name={field.name}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    required
                    value={values[field.name]}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? id : undefined}
                    onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                  />
                </label>
                {checked && (
                  <p id={id} className="hint hint--error field__problem" aria-live="polite">
                    {problem}
                  </p>
                )}
              </div>
            );
          })}
          <PasswordMatch password={values.password} confirm={values.confirmPassword} />
          <button type="submit" className="button button--primary button--block">
            Sign Up
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => setValues(randomDemoUser())}
          >
            Fill Demo Data
          </button>
        </fieldset>
        <p className="auth-card__switch">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </form>
    </main>
  );
}
