import { HomePage } from '../../features/home';
import { useWhitelabel } from '../../features/system';
import { readSession } from '../../lib/session';

/** Home for /, /index, /index.html, /home, and for /login and /register until their popups exist. */
export default function HomeRoute() {
  const whitelabel = useWhitelabel();
  const isVisitor = readSession().token === null;
  return <HomePage merchantName={whitelabel.data?.merchantName ?? null} isVisitor={isVisitor} />;
}
