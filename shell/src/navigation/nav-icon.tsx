const ICON_PATHS: Record<string, string> = {
  dashboard: 'M3 13h8V3H3v10zm0 8h8v-6H3v6zm10 0h8V11h-8v10zm0-18v6h8V3h-8z',
  transactions: 'M4 6h16v2H4zm0 5h16v2H4zm0 5h10v2H4z',
  claim: 'M12 2a10 10 0 100 20 10 10 0 000-20zm1 15h-2v-4H7v-2h4V7h2v4h4v2h-4z',
  redeem:
    'M20 7h-2.2A3 3 0 0012 3.8 3 3 0 006.2 7H4v5h1v8h14v-8h1V7zm-7-1a1 1 0 111 1h-1V6zm-3 0a1 1 0 011 1H10a1 1 0 010-1zm1 12H7v-6h4v6zm6 0h-4v-6h4v6z',
  calendar: 'M7 2v2H5a2 2 0 00-2 2v14a2 2 0 002 2h14a2 2 0 002-2V6a2 2 0 00-2-2h-2V2h-2v2H9V2H7zm12 8v10H5V10h14z',
  card: 'M3 5a2 2 0 00-2 2v10a2 2 0 002 2h18a2 2 0 002-2V7a2 2 0 00-2-2H3zm0 4h18v2H3V9zm2 5h6v2H5v-2z',
  points:
    'M12 2a10 10 0 100 20 10 10 0 000-20zm0 4l1.8 3.9 4.2.5-3.1 2.9.8 4.2L12 15.4 8.3 17.5l.8-4.2-3.1-2.9 4.2-.5L12 6z',
  voucher:
    'M2 6a2 2 0 012-2h16a2 2 0 012 2v3a3 3 0 000 6v3a2 2 0 01-2 2H4a2 2 0 01-2-2v-3a3 3 0 000-6V6zm7 1v2h2V7H9zm0 4v2h2v-2H9zm0 4v2h2v-2H9z',
  help: 'M12 2a10 10 0 100 20 10 10 0 000-20zm1 17h-2v-2h2v2zm2.1-7.7l-.9.9C13.5 12.9 13 13.5 13 15h-2v-.5c0-1.1.5-2.1 1.2-2.8l1.2-1.3A2 2 0 1010 9H8a4 4 0 118 0c0 .9-.4 1.7-.9 2.3z',
  tier: 'M7 2h4l1 4 1-4h4l-3 7.2A6 6 0 1112 21a6 6 0 01-2-11.8L7 2zm5 9a4 4 0 100 8 4 4 0 000-8z',
  household: 'M12 3L2 12h3v8h5v-6h4v6h5v-8h3L12 3z',
  user: 'M12 12a5 5 0 100-10 5 5 0 000 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z',
};

/** Icons named by the server's menu; an unknown name gets a neutral dot instead of nothing. */
export function NavIcon({ name }: { name: string }) {
  const path = ICON_PATHS[name];
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      {path ? <path d={path} /> : <circle cx="12" cy="12" r="4" />}
    </svg>
  );
}
