import { spawn } from 'node:child_process';
import { repoRoot } from '../config';

/**
 * The crash tests of the jobs: runs `script` (a runner in its own process that prints a line starting
 * with `marker` after each unit of work) with `args`, waits until it has printed `count` of them, then
 * kills it with SIGKILL mid-work and waits for it to be gone.
 */
export async function killAfter(script: string, args: string[], marker: string, count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = 0;
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk
        .toString()
        .split('\n')
        .filter((line) => line.startsWith(marker)).length;
      if (seen >= count) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited early (${code})`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('close', resolve));
}
