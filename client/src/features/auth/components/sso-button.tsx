/**
 * "Sign in with {label}": a plain link, so the browser itself goes to the server, which sends it
 * on to the provider (a full navigation, not a fetch).
 */
export function SsoButton({
  label,
  startUrl,
  primary = false,
}: {
  label: string;
  startUrl: string;
  primary?: boolean;
}) {
  return (
    <a
      className={`button ${primary ? 'button--primary' : 'button--secondary'} button--block`}
      href={startUrl}
    >
      Sign in with {label}
    </a>
  );
}
