import { Agent, request } from 'node:http';

export interface Reply {
  status: number;
  text: string;
  /** The body as JSON, parsed when asked for (the load loop only looks at the status). */
  readonly body: unknown;
  /** Wall time from sending the request to the last byte of the answer, in ms. */
  ms: number;
}

/**
 * A minimal JSON client over keep-alive connections (node:http, lighter per request than fetch: the
 * load generator shares the machine with the service). One instance per key.
 */
export class HttpClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(
    url: string,
    private readonly token: string | undefined,
    sockets: number,
    /** Sent with every request (a `Prefer` header, say). */
    private readonly headers: Readonly<Record<string, string>> = {},
  ) {
    const parsed = new URL(url);
    this.host = parsed.hostname;
    this.port = Number(parsed.port);
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  get(path: string): Promise<Reply> {
    return this.send('GET', path);
  }

  post(path: string, body: object): Promise<Reply> {
    return this.send('POST', path, JSON.stringify(body));
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, path: string, payload?: string): Promise<Reply> {
    const headers: Record<string, string | number> = { accept: 'application/json', ...this.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((done, fail) => {
      const start = process.hrtime.bigint();
      const req = request(
        { host: this.host, port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', fail);
          res.on('end', () => {
            const ms = Number(process.hrtime.bigint() - start) / 1e6;
            const text = Buffer.concat(chunks).toString();
            done({
              status: res.statusCode ?? 0,
              text,
              ms,
              get body(): unknown {
                try {
                  return text ? JSON.parse(text) : undefined;
                } catch {
                  return text;
                }
              },
            });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.on('error', fail);
      req.end(payload);
    });
  }
}
