import { useSearchParams } from 'react-router';
import { AgentHome, agentMenuPages, currentAgentPage, type AgentMenuPage } from '../../features/agent';
import { contractFlagsState, useContractFlags } from '../../features/agent/api/contract-queries';
import { useIdentity, useMemberInfo } from '../../features/identity';
import { agentMenuPage } from './agent-pages';

function menuPage(value: string | null): AgentMenuPage | null {
  return agentMenuPages.find((page) => page === value) ?? null;
}

/**
 * /agentHome?page=...: the agent centre (agents only, guarded in the route table) with the entry's page.
 * The contract flags are read here, with the agent calls, so the /agent landing never loads them.
 */
export default function AgentHomeRoute() {
  const [search] = useSearchParams();
  const identity = useIdentity();
  const member = useMemberInfo();
  const contractFlags = contractFlagsState(useContractFlags());
  const activePage = menuPage(search.get('page'));
  return (
    <AgentHome
      nickname={member.data ? (member.data.nickname ?? member.data.account) : null}
      gmtOffsetMinutes={member.data?.gmtOffsetMinutes ?? null}
      contractFlags={contractFlags}
      activePage={activePage}
      onLogout={() => identity.openDialog('logout')}
      onChangePassword={() => identity.openDialog('changePassword')}
    >
      {agentMenuPage(currentAgentPage(activePage))}
    </AgentHome>
  );
}
