/** The in-house games module's public face (decision 0027): the BGS wallet client and round recovery. */
export { injectedBgsWallet, type BgsWallet } from './bgs-wallet';
export { recoverStuckRounds, type RecoveryReport } from './recovery.service';
export { CrashLeader, type CrashTiming } from './crash/crash-leader';
export { crashPublisher } from './crash/crash-push';
