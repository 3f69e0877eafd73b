/** The methods the request tester can send. */
export type TesterMethod = 'GET' | 'POST' | 'DELETE';

/** What the response panel shows. */
export interface TesterResponse {
  status: number;
  statusText: string;
  data: unknown;
  headers: Record<string, string>;
}

/** Parses a JSON object typed into the tester; undefined when empty, invalid or not an object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

interface TesterRequest {
  method: TesterMethod;
  endpoint: string;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
  token: string;
}

/**
 * Sends the request with fetch. The body goes only with POST; the stored token is added as
 * `authorization: Bearer …` unless the headers already carry one.
 */
export async function sendRequest(request: TesterRequest): Promise<TesterResponse> {
  const headers = new Headers();
  Object.entries(request.headers).forEach(([name, value]) => headers.set(name, String(value)));
  if (request.token && !headers.has('authorization')) {
    headers.set('authorization', `Bearer ${request.token}`);
  }
  const init: RequestInit = { method: request.method, headers };
  if (request.method === 'POST') {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    init.body = JSON.stringify(request.body);
  }
  const response = await fetch(request.endpoint, init);
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: show the text as it came.
  }
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  return {
    status: response.status,
    statusText: response.statusText,
    data,
    headers: responseHeaders,
  };
}
