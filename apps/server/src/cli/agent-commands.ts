import type { ContractPolicy } from '@portal/contracts';
import { jsonFile } from './content-commands';
import type { Send } from './cli-arguments';

/**
 * Agent commands of `npm run operator`: the merchant's contract policy (decision 0029, docs/agents.md),
 * read and set through the same operator API as the console will use. The file is the API's body.
 */
export const agentUsage = `
Agent commands:
  contract-policy                                which contract kinds are on, top rates, dividend terms
  set-contract-policy --file <policy.json>       the whole policy, in the shape contract-policy --json prints
`;

export const agentCommands = new Set(['contract-policy', 'set-contract-policy']);

/** The usage mistake of an agent command (checked before logging in), or null. */
export function agentUsageProblem(command: string, file: string | undefined): string | null {
  return command === 'set-contract-policy' && !file ? 'set-contract-policy needs --file <policy.json>' : null;
}

/** One line per kind: on or off, the top agents' rate, and the dividend's period and deductions. */
export function policyLines(policy: ContractPolicy): string[] {
  const kinds = ['dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend'] as const;
  return kinds.map((kind) => {
    const { enabled, maxRate } = policy[kind];
    const base = `${kind.padEnd(16)}${(enabled ? 'on' : 'off').padEnd(5)}top rate ${maxRate}%`;
    if (kind !== 'dividend') return base;
    const dividend = policy.dividend;
    return `${base}  period ${dividend.period}, bonuses ${dividend.deductBonuses ? '' : 'not '}deducted, admin fee ${dividend.adminFeeRate}%`;
  });
}

/** Runs an agent command: the policy as it is (after a change, as the server stored it). */
export async function executeAgent(
  send: Send,
  command: string,
  file: string | undefined,
): Promise<{ value: unknown; lines: string[] }> {
  const value =
    command === 'set-contract-policy'
      ? await send('opsSetContractPolicy', { body: await jsonFile(file ?? '') })
      : await send('opsContractPolicy');
  return { value, lines: policyLines(value as ContractPolicy) };
}
