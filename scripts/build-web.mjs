// Builds the web app only when its inputs changed since the last build (a hash stamped into dist/).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'apps/web/dist');
const stampFile = path.join(distDir, '.source-hash');

/** Everything the web build reads: its sources, its configuration and the shared contracts. */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/scripts',
  'packages/contracts/src',
  'package-lock.json',
];

function listFiles(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => path.relative(root, path.join(item.parentPath, item.name)));
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(listFiles).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Returns true when it built, false when the existing build was current; throws when the build fails. */
export function ensureWebBuild(log = (line) => process.stdout.write(`${line}\n`)) {
  const wanted = sourceHash();
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (wanted === built && fs.existsSync(path.join(distDir, 'index.html'))) return false;
  log('portal: web app sources changed; building it');
  // Test runners set NODE_ENV=test, which would give React's development build: always build for production.
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('the web app build failed; see the output above');
  fs.writeFileSync(stampFile, wanted);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureWebBuild();
  } catch (error) {
    process.stderr.write(`portal: ${error.message}\n`);
    process.exit(1);
  }
}
