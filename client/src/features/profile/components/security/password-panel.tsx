import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '../../../../lib/toast';
import { AccountError, accountRequest, withoutField } from '../../api/account';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** What is wrong with the form before it is sent, by field. */
function check(current: string, next: string, confirm: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!current) errors.currentPassword = 'Enter your current password.';
  if (next.length < 8) errors.newPassword = 'At least 8 characters.';
  if (confirm !== next) errors.confirmPassword = 'Does not match the new password.';
  return errors;
}

/** Change password: the current one, the new one twice. Every other session is signed out. */
export function PasswordPanel({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values.currentPassword, values.newPassword, values.confirmPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await accountRequest('POST', '/api/user/password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      toast.success('Password Changed. Your Other Sessions Were Signed Out');
      onChanged();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const field: Field = message.startsWith('newPassword') ? 'newPassword' : 'currentPassword';
      if (e instanceof AccountError && e.status !== 400) toast.error(message);
      else setErrors({ [field]: withoutField(message) });
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, autoComplete: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        name={field}
        autoComplete={autoComplete}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      />
      {errors[field] && (
        <span id={`${id}-${field}`} role="alert" className="hint hint--error">
          {errors[field]}
        </span>
      )}
    </label>
  );

  return (
    <section className="files-panel security-panel" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className="security-form" onSubmit={(e) => void submit(e)} noValidate>
        {input('currentPassword', 'Current password', 'current-password')}
        {input('newPassword', 'New password', 'new-password')}
        {input('confirmPassword', 'Confirm new password', 'new-password')}
        <p>Changing it signs out every other session.</p>
        <div className="files-panel__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
