import { useSearchParams } from 'react-router';
import { AgentHome, agentMenuPages, currentAgentPage, type AgentMenuPage } from '../../features/agent';
import { useIdentity, useMemberInfo } from '../../features/identity';
import { useWhitelabel } from '../../features/system';
import { agentMenuPage } from './agent-pages';

function menuPage(value: string | null): AgentMenuPage | null {
  return agentMenuPages.find((page) => page === value) ?? null;
}

/** /agentHome?page=...: the agent centre (agents only, guarded in the route table) with the entry's page. */
export default function AgentHomeRoute() {
  const [search] = useSearchParams();
  const identity = useIdentity();
  const member = useMemberInfo();
  const whitelabel = useWhitelabel();
  const modules = whitelabel.data?.modules ?? null;
  const activePage = menuPage(search.get('page'));
  return (
    <AgentHome
      nickname={member.data ? (member.data.nickname ?? member.data.account) : null}
      gmtOffsetMinutes={member.data?.gmtOffsetMinutes ?? null}
      modules={modules}
      activePage={activePage}
      onLogout={() => identity.openDialog('logout')}
      onChangePassword={() => identity.openDialog('changePassword')}
    >
      {agentMenuPage(currentAgentPage(modules, activePage))}
    </AgentHome>
  );
}
