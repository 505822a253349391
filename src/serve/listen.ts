import type { Server } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { CommandError, UsageError } from '../errors.ts';

/** A `--host` value a server can be asked to listen on: an IP address or a host name. */
export function checkHost(host: string): string {
  const name = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(name) !== 0 || /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(name)) return name;
  throw new UsageError(`--host ${JSON.stringify(host)} is not an IP address or a host name (e.g. 127.0.0.1, ::1 or localhost)`);
}

/**
 * Starts listening, turning the usual failures into one-line errors: a port
 * in use (or not allowed) is the machine's state, exit 1; an address this
 * machine does not have is a mistake in `--host`, exit 2.
 */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  // A client that shuts down its sending side once its request is sent (HTTP/1.0 tools, `nc -N`, health
  // checks) still gets its answer. By default Node's HTTP server aborts the request and ends the
  // connection then, and a file still being read was never sent. This switch (not in Node's typings,
  // but what its server reads on each half-close) makes it end the connection after its last answer.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // What never reaches a request handler is answered too: CONNECT (a proxy's method) with 405, a
  // request Node cannot parse with 400 (431 for headers too large), both with nosniff as every other answer.
  server.on('connect', (_request, socket: Duplex) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Headers past Node's limit (16 KB) are too large, not malformed: 431 says which (RFC 6585).
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') reject(new CommandError(`port ${port} is already in use on ${host}`, 'stop the other server, or pass another --port (--port 0 picks a free one)'));
      else if (error.code === 'EACCES') reject(new CommandError(`not allowed to listen on port ${port} of ${host}`, 'pass a port above 1023 with --port'));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EAFNOSUPPORT') reject(new UsageError(`--host ${host} is not an address of this machine (${error.code})`));
      else reject(error);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}
