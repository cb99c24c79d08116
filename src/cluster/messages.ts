/** What the primary and its instances tell each other over the IPC channel. */
export const READY = { umpire: 'ready' } as const;

/** A connection handed to an instance, with the bytes the primary read from it (base64). */
export interface HandedConnection {
  umpire: 'connection';
  head: string;
}

export function isHandedConnection(message: unknown): message is HandedConnection {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { umpire?: unknown }).umpire === 'connection' &&
    typeof (message as { head?: unknown }).head === 'string'
  );
}

export function isReady(message: unknown): boolean {
  return (
    typeof message === 'object' && message !== null && (message as { umpire?: unknown }).umpire === 'ready'
  );
}
