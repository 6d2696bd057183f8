import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files (deposit proofs, later content images) live. Callers keep only the returned key;
 * a deployment with several instances swaps the local disk for an object store behind this interface.
 */
export interface FileStorage {
  /** Stores the bytes under a new unguessable key beneath `folder` and returns the key. */
  put(folder: string, bytes: Buffer, extension: string): Promise<string>;
  /** The stored bytes, or undefined when the key names nothing. */
  get(key: string): Promise<Buffer | undefined>;
}

const folderPattern = /^[a-z0-9-]{1,32}$/;
const extensionPattern = /^[a-z0-9]{1,8}$/;
const keyPattern = /^[a-z0-9-]{1,32}\/\d{4}-\d{2}\/[A-Za-z0-9_-]{22}\.[a-z0-9]{1,8}$/;

/**
 * Files on the local disk under `root` (the data directory's `files/`). Keys are generated here and
 * checked against one pattern on every read, so no key can climb out of the root.
 */
export function localDiskStorage(root: string): FileStorage {
  const resolved = path.resolve(root);
  return {
    async put(folder, bytes, extension) {
      if (!folderPattern.test(folder) || !extensionPattern.test(extension)) {
        throw new Error(`invalid storage folder or extension: ${folder} ${extension}`);
      }
      const month = new Date().toISOString().slice(0, 7);
      const key = `${folder}/${month}/${randomBytes(16).toString('base64url')}.${extension}`;
      const file = path.join(resolved, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // 'wx': a key is never overwritten, even in the (2^-128) case of a repeated random name.
      await fs.writeFile(file, bytes, { flag: 'wx' });
      return key;
    },
    async get(key) {
      if (!keyPattern.test(key)) return undefined;
      try {
        return await fs.readFile(path.join(resolved, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}
