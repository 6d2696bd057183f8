import { runBackupCli } from './cli/backup-cli';

/** Entry of `npm run backup` and `npm run restore` (see cli/backup-cli.ts and docs/operations.md). */
process.exitCode = await runBackupCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
