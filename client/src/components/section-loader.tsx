import { Spinner } from './spinner';

/** Covers its positioned parent (a card, the editor) with a spinner while a request runs. */
export function SectionLoader({ label = 'Saving' }: { label?: string }) {
  return (
    <div className="section-loader">
      <Spinner label={label} />
    </div>
  );
}
