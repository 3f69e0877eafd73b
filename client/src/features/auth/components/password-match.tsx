/** Live feedback under the confirm field, shown once it is non-empty. */
export function PasswordMatch({ password, confirm }: { password: string; confirm: string }) {
  if (!confirm) return null;
  const matched = password === confirm;
  return (
    <p className={matched ? 'hint hint--ok' : 'hint hint--error'} role="status">
      {matched ? 'Password Matched!' : 'Password Not Matched'}
    </p>
  );
}
