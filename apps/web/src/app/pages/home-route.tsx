import { HomePage } from '../../features/home';
import { useWhitelabel } from '../../features/system';
import { useSession } from '../../lib/use-session';

/** Home for /, /index, /index.html, /home, and under the login and registration popups. */
export default function HomeRoute() {
  const whitelabel = useWhitelabel();
  const isVisitor = useSession().token === null;
  return <HomePage merchantName={whitelabel.data?.merchantName ?? null} isVisitor={isVisitor} />;
}
