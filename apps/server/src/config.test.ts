import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('the read replica settings (decision 0050)', () => {
  it('are off without DATABASE_REPLICA_URL', () => {
    expect(loadConfig({}).databaseReplica).toBeUndefined();
  });

  it('take a PostgreSQL URL and a lag bound of 5 s unless told otherwise', () => {
    const url = 'postgres://portal@replica.internal:5432/portal';
    expect(loadConfig({ DATABASE_REPLICA_URL: url }).databaseReplica).toEqual({ url, maxLagMs: 5_000 });
    const tight = loadConfig({ DATABASE_REPLICA_URL: url, DATABASE_REPLICA_MAX_LAG_MS: '1500' });
    expect(tight.databaseReplica?.maxLagMs).toBe(1_500);
  });

  it('refuse another scheme and a bound outside 100 ms - 5 min, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'http://replica.internal/portal' })).toThrow(
      /DATABASE_REPLICA_URL/,
    );
    for (const bound of ['99', '300001', 'soon']) {
      expect(() =>
        loadConfig({ DATABASE_REPLICA_URL: 'postgres://r/p', DATABASE_REPLICA_MAX_LAG_MS: bound }),
      ).toThrow(ConfigError);
    }
  });
});
