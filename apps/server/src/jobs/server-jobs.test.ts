import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import { ManualClock } from './clock';
import { jobLockKeys, type JobName } from './lock-keys';
import { startServerJobs } from './server-jobs';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => testApp.close());

describe('the server jobs', () => {
  it('are all registered, run their real work under their keys, and stop with the runner', async () => {
    const clock = new ManualClock(Date.now());
    const runner = startServerJobs(testApp.app, clock);
    await clock.advance(0); // the jobs that run at start
    for (const name of Object.keys(jobLockKeys) as JobName[]) {
      expect([name, await runner.runNow(name)]).toEqual([name, 'ran']);
    }
    await runner.stop();
    expect(clock.pendingTimers).toBe(0);
  });
});
