import type { TesterResponse } from '../api/send-request';

/** Status, data and headers of the last response, or 'Response is undefined.' before any. */
export function ResponsePanel({ response }: { response: TesterResponse | undefined }) {
  return (
    <section className="tester__response" aria-labelledby="response-title" aria-live="polite">
      <h2 id="response-title">Response</h2>
      {response ? (
        <>
          <p className={response.status < 400 ? 'status status--ok' : 'status status--error'}>
            {response.status} {response.statusText}
          </p>
          <h3>Data</h3>
          {/* Focusable so a long answer can be scrolled from the keyboard. */}
          <pre className="code" tabIndex={0}>
            {JSON.stringify(response.data, null, 2)}
          </pre>
          <h3>Headers</h3>
          <pre className="code" tabIndex={0}>
            {JSON.stringify(response.headers, null, 2)}
          </pre>
        </>
      ) : (
        <p className="muted">Response is undefined.</p>
      )}
    </section>
  );
}
