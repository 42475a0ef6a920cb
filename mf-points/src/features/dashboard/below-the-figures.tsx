import UpcomingStaysCard from './upcoming-stays-card';
import { ActiveVouchersCard } from './active-vouchers-card';

/**
 * The dashboard's cards below its figures, in a chunk of their own that the dashboard asks for
 * once the balance is on screen (dashboard-page.tsx). Each shows only once its own answer has come
 * (and only with something to say), and they are the page's last parts, so arriving they move
 * nothing the member is reading.
 */
export default function BelowTheFigures() {
  return (
    <>
      <UpcomingStaysCard />
      <ActiveVouchersCard />
    </>
  );
}
