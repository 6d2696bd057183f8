/**
 * The players module's public face (decision 0027): the operator console's players and agents (issue
 * 16). app.ts registers players.routes.ts itself; nothing else calls into it yet.
 */
export { approvalThresholdMinor } from './adjustments.service';
