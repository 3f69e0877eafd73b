import type { ReactNode } from 'react';

/** An error illustration above caller-supplied content (message, buttons). */
export function ErrorPanel({ children }: { children: ReactNode }) {
  return (
    <section className="error-panel">
      <svg className="error-panel__art" viewBox="0 0 120 100" aria-hidden>
        <rect x="10" y="14" width="100" height="72" rx="10" className="error-panel__sheet" />
        <path d="M10 30h100" className="error-panel__line" />
        <circle cx="22" cy="22" r="3" className="error-panel__dot" />
        <circle cx="32" cy="22" r="3" className="error-panel__dot" />
        <path d="M46 50l12 12M58 50L46 62M64 50l12 12M76 50L64 62" className="error-panel__cross" />
        <path d="M46 76q15-8 30 0" className="error-panel__line" />
      </svg>
      {children}
    </section>
  );
}
