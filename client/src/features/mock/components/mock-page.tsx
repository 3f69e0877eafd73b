import { useState } from 'react';
import type { FormEvent } from 'react';
import { readToken } from '../../../lib/storage';
import { parseJsonObject, sendRequest } from '../api/send-request';
import type { TesterMethod, TesterResponse } from '../api/send-request';
import { ResponsePanel } from './response-panel';

const METHODS: TesterMethod[] = ['GET', 'POST', 'DELETE'];

/** /mock: send GET, POST or DELETE to a REST endpoint and look at the answer. */
export function MockPage() {
  const [method, setMethod] = useState<TesterMethod>('GET');
  const [endpoint, setEndpoint] = useState('/api/test-todos');
  const [body, setBody] = useState('{}');
  const [headers, setHeaders] = useState('{\n  "Accept": "application/json"\n}');
  const [response, setResponse] = useState<TesterResponse>();
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsedBody = parseJsonObject(body);
    const parsedHeaders = parseJsonObject(headers);
    if (!parsedBody || !parsedHeaders) {
      setError('Error in JSON format');
      return;
    }
    setError('');
    setSending(true);
    try {
      setResponse(
        await sendRequest({
          method,
          endpoint,
          body: parsedBody,
          headers: parsedHeaders,
          token: readToken(),
        }),
      );
    } catch (e) {
      console.error('The request tester could not reach the endpoint:', e);
      setError(`Request failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="tester">
      <h1>Request Tester</h1>
      <form className="tester__form" onSubmit={(e) => void onSubmit(e)}>
        <div className="tester__line">
          <label className="field tester__method">
            <span>Method</span>
            <select value={method} onChange={(e) => setMethod(e.target.value as TesterMethod)}>
              {METHODS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
          <label className="field tester__endpoint">
            <span>Endpoint</span>
            <input value={endpoint} onChange={(e) => setEndpoint(e.target.value)} />
          </label>
        </div>
        <label className="field">
          <span>Body (JSON)</span>
          <textarea rows={5} value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
        <label className="field">
          <span>Headers (JSON)</span>
          <textarea rows={4} value={headers} onChange={(e) => setHeaders(e.target.value)} />
        </label>
        {error && (
          <p className="hint hint--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </form>
      <ResponsePanel response={response} />
    </main>
  );
}
