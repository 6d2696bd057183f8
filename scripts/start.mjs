// `npm start`: rebuild the web app only when its sources changed, then run the server in this process.
import { ensureWebBuild } from './build-web.mjs';

try {
  ensureWebBuild();
} catch (error) {
  process.stderr.write(`portal: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
