import { runOperatorCli } from './cli/operator-cli';

/** Entry of `npm run operator -- <command>` (see cli/operator-cli.ts and docs/payments.md). */
const code = await runOperatorCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  fetch: (input, init) => globalThis.fetch(input, init),
});
process.exitCode = code;
