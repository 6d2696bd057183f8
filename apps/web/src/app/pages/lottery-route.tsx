import { useLocation } from 'react-router';
import { defaultLotteryOf, LotteryPage } from '../../features/lottery';
import { useWhitelabel } from '../../features/system';
import { useSession } from '../../lib/use-session';

/**
 * /lottery, /seaLottery, /vnLottery (query gameCode) and their side-menu-less twins /lottert,
 * /sealottery, /vnlottery: one page, the route table decides the guard and the side menu.
 */
export default function LotteryRoute() {
  const { pathname } = useLocation();
  const whitelabel = useWhitelabel();
  const session = useSession();
  return (
    <LotteryPage
      defaultGameCode={defaultLotteryOf(pathname)}
      currency={whitelabel.data?.currency}
      signedIn={session.token !== null}
    />
  );
}
