import { spawn } from 'node:child_process';
import { repoRoot } from '../config';

export interface ServerRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real server process (`main.ts`) with extra environment variables. */
export function startServer(environment: Record<string, string>) {
  // The suite may itself run against an external DATABASE_URL; these processes choose their own.
  const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...inherited, LOG_LEVEL: 'warn', ...environment },
  });
  const run: ServerRun = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  const exited = new Promise<ServerRun>((resolve) =>
    child.on('exit', (code) => {
      run.code = code;
      resolve(run);
    }),
  );
  return { child, run, exited };
}
