import { agentCommands, agentUsage, agentUsageProblem, executeAgent } from './agent-commands';
import { auditCommands, auditUsage, auditUsageProblem, executeAudit } from './audit-commands';
import { listQuery, needId, type CommandResult, type Parsed, type Send } from './cli-arguments';
import {
  checkContentUsage,
  contentCommands,
  contentUsage,
  executeContent,
  type ContentArguments,
} from './content-commands';
import { executePoints, pointsCommands, pointsUsage, pointsUsageProblem } from './points-commands';
import { executeReferral, referralCommands, referralUsage, referralUsageProblem } from './referral-commands';
import { executeReward, rewardCommands, rewardUsage, rewardUsageProblem } from './reward-commands';
import {
  executeRewardDraw,
  rewardDrawCommands,
  rewardDrawUsage,
  rewardDrawUsageProblem,
} from './reward-draw-commands';

/**
 * The operator CLI's command groups beyond the payment queues, one entry each: its usage text, its
 * commands, the usage check run before logging in (a problem's text, or null; it may also throw) and how
 * it runs. A new area of the operator API adds its commands file and one entry here.
 */
export interface CommandGroup {
  usage: string;
  commands: ReadonlySet<string>;
  problem: (parsed: Parsed) => string | null;
  execute: (send: Send, parsed: Parsed) => Promise<CommandResult>;
}

/** What the content commands need from the parsed command line. */
function contentArguments(parsed: Parsed): ContentArguments {
  return {
    command: parsed.command,
    id: () => needId(parsed),
    option: (name) => parsed.options.get(name),
    // Only --page here: feedback checks its own --status values.
    page: () =>
      listQuery(
        { ...parsed, options: new Map([...parsed.options].filter(([name]) => name !== 'status')) },
        [],
      ),
  };
}

/** The id, file, status, page, reason and activity of a command, as the reward and points groups read them. */
function commonArguments(parsed: Parsed) {
  return {
    command: parsed.command,
    id: parsed.positional[0],
    file: parsed.options.get('file'),
    status: parsed.options.get('status'),
    page: parsed.options.get('page'),
    reason: parsed.options.get('reason'),
    activity: parsed.options.get('activity'),
  };
}

export const commandGroups: readonly CommandGroup[] = [
  {
    usage: auditUsage,
    commands: auditCommands,
    problem: (parsed) => auditUsageProblem(parsed.options.get('page')),
    execute: (send, parsed) => executeAudit(send, parsed.command, parsed.options.get('page')),
  },
  {
    usage: contentUsage,
    commands: contentCommands,
    problem: (parsed) => {
      checkContentUsage(contentArguments(parsed));
      return null;
    },
    execute: (send, parsed) => executeContent(send, contentArguments(parsed)),
  },
  {
    usage: agentUsage,
    commands: agentCommands,
    problem: (parsed) => agentUsageProblem(parsed.command, parsed.options.get('file')),
    execute: (send, parsed) => executeAgent(send, parsed.command, parsed.options.get('file')),
  },
  {
    usage: rewardUsage,
    commands: rewardCommands,
    problem: (parsed) => rewardUsageProblem(commonArguments(parsed)),
    execute: (send, parsed) => executeReward(send, commonArguments(parsed)),
  },
  {
    usage: referralUsage,
    commands: referralCommands,
    problem: (parsed) => referralUsageProblem(parsed.options.get('status'), parsed.options.get('page')),
    execute: (send, parsed) =>
      executeReferral(send, parsed.options.get('status'), parsed.options.get('page')),
  },
  {
    usage: rewardDrawUsage,
    commands: rewardDrawCommands,
    problem: (parsed) => rewardDrawUsageProblem(parsed.command, parsed.options.get('file')),
    execute: (send, parsed) => executeRewardDraw(send, parsed.command, parsed.options.get('file')),
  },
  {
    usage: pointsUsage,
    commands: pointsCommands,
    problem: (parsed) => pointsUsageProblem(commonArguments(parsed)),
    execute: (send, parsed) => executePoints(send, commonArguments(parsed)),
  },
];

/** The group that runs `command`, if any. */
export const groupOf = (command: string) => commandGroups.find((group) => group.commands.has(command));
