import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';
import { isAlive } from '../lib/process';

/**
 * One portal process per data directory: a second `npm start` on the same directory gets a clear
 * message instead of a fight over the embedded PostgreSQL. A lock left by a killed process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'portal.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new ConfigError(
          `another portal (pid ${holder}) is already running on data directory ${dataDir}; stop it or set DATA_DIR`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new ConfigError(`could not lock data directory ${dataDir}`);
}
