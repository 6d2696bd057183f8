import type { CallDefinition } from '@portal/contracts';
import * as mainCatalogue from '@portal/contracts/calls';
import { agentCalls } from '@portal/contracts/calls/agents';
import { pointsCalls } from '@portal/contracts/calls/points';
import { rewardCalls } from '@portal/contracts/calls/rewards';
import { rgCalls } from '@portal/contracts/calls/rg';

/** Every group of the call catalogue: the main catalogue module's and the areas' own entries. */
export const catalogue = { ...mainCatalogue, agentCalls, rewardCalls, pointsCalls, rgCalls };

/** The catalogue's aggregates (they repeat the groups' calls). */
const aggregates = new Set(['calls', 'operatorCalls', 'partnerCalls']);

export function isCallDefinition(value: unknown): value is CallDefinition {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

/** The catalogue's area groups by their export names (the aggregates left out), each call by name. */
export function callGroups(): Array<[string, Map<string, CallDefinition>]> {
  return Object.entries(catalogue)
    .filter(([groupName, group]) => !aggregates.has(groupName) && typeof group === 'object' && group !== null)
    .map(
      ([groupName, group]) =>
        [
          groupName,
          new Map(
            Object.entries(group as object).filter((entry): entry is [string, CallDefinition] =>
              isCallDefinition(entry[1]),
            ),
          ),
        ] as [string, Map<string, CallDefinition>],
    )
    .filter(([, calls]) => calls.size > 0);
}

/**
 * Every call of every area group the catalogue exports, by name; `onDuplicate` hears of a name defined
 * twice (the catalogue test fails on it).
 */
export function definedCalls(
  onDuplicate: (name: string) => void = () => undefined,
): Map<string, CallDefinition> {
  const found = new Map<string, CallDefinition>();
  for (const [groupName, group] of Object.entries(catalogue)) {
    if (aggregates.has(groupName) || typeof group !== 'object' || group === null) continue;
    for (const [name, call] of Object.entries(group)) {
      if (!isCallDefinition(call)) continue;
      if (found.has(name)) onDuplicate(name);
      found.set(name, call);
    }
  }
  return found;
}

type Catalogue = typeof catalogue;

/** The name of every call the catalogue defines (the union over its groups). */
export type DefinedCallName = {
  [Group in keyof Catalogue]: Catalogue[Group] extends Record<string, CallDefinition>
    ? keyof Catalogue[Group] & string
    : never;
}[keyof Catalogue];
