import { useSearchParams } from 'react-router';
import { AgentHome, agentMenuPages, type AgentMenuPage } from '../../features/agent';
import { useIdentity, useMemberInfo } from '../../features/identity';
import { useWhitelabel } from '../../features/system';

function menuPage(value: string | null): AgentMenuPage | null {
  return agentMenuPages.find((page) => page === value) ?? null;
}

/** /agentHome (agents only, guarded in the route table). */
export default function AgentHomeRoute() {
  const [search] = useSearchParams();
  const identity = useIdentity();
  const member = useMemberInfo();
  const whitelabel = useWhitelabel();
  return (
    <AgentHome
      nickname={member.data ? (member.data.nickname ?? member.data.account) : null}
      gmtOffsetMinutes={member.data?.gmtOffsetMinutes ?? null}
      modules={whitelabel.data?.modules ?? null}
      activePage={menuPage(search.get('page'))}
      onLogout={() => identity.openDialog('logout')}
      onChangePassword={() => identity.openDialog('changePassword')}
    />
  );
}
