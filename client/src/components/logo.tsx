import { Link } from 'react-router-dom';

/** The Jotter mark and name, linking to the landing page. */
export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Jotter home">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden>
        <rect x="4" y="3" width="22" height="26" rx="4" className="logo__page" />
        <path d="M9 10h12M9 15h12M9 20h7" className="logo__lines" />
        <path d="M22 22l6-6 2 2-6 6h-2z" className="logo__pen" />
      </svg>
      <span className="logo__name">Jotter</span>
    </Link>
  );
}
