import { SeamlessPage } from '../../features/games/seamless';

/** /seamless: the full-page game view (issue 18 item 10), its own lazy chunk; the route's guard needs a session. */
export default function SeamlessRoute() {
  return <SeamlessPage />;
}
