import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request exactly as written (request line and headers), as a
 * hostile client would: `fetch` and `http.request` clean up or refuse the
 * malformed targets these tests need to send.
 */
export function rawRequest(url: string, request: { method?: string; target: string; headers?: Record<string, string> }): Promise<RawResponse> {
  const { hostname, port, host } = new URL(url);
  const headers = { Host: host, Connection: 'close', ...request.headers };
  const text = `${request.method ?? 'GET'} ${request.target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      // An event stream never ends: its head is enough.
      if (/\r\n\r\n/.test(data) && /content-type: text\/event-stream/i.test(data)) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])),
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}
