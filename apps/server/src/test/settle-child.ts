import { openDatabase } from '../db/database';
import { settleDue } from '../modules/agents';

/**
 * A settlement runner in its own process, for the test that kills one mid-settlement: it settles one
 * period of each kind per call, up to the instant given, printing a line per period, until it is killed.
 */
const [url, until] = process.argv.slice(2);
if (!url || !until) throw new Error('usage: settle-child.ts <database url> <until ms>');
const database = openDatabase({ url, poolMax: 2, statementTimeoutMs: 30_000 });
for (;;) {
  const results = await settleDue(database.db, Number(until), { maxPeriods: 1 });
  for (const result of results) process.stdout.write(`settled ${result.periodKey}\n`);
}
