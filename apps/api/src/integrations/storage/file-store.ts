import type { Readable } from 'node:stream';

/** Where file bytes live. Metadata is in the `files` table; this port only stores and reads bytes. */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** A stream of the bytes, or null when nothing is stored under `key`. */
  read(key: string): Promise<Readable | null>;
  /** The stored size in bytes, or null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Lets go of connections (the object store's sockets); a no-op for the local disk. */
  close(): void;
}
