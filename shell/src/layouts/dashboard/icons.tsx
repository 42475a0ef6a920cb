/** Small inline icons of the dashboard frame (decorative: their buttons carry the names). */
function Icon({ d }: { d: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={d} />
    </svg>
  );
}

export const MenuIcon = () => <Icon d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />;
export const SettingsIcon = () => (
  <Icon d="M19.4 13a7.8 7.8 0 000-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 00-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 00-1.7 1l-2.5-1-2 3.5L6.6 11a7.8 7.8 0 000 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 001.7 1L11 21h4l.4-2.9a7.6 7.6 0 001.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 110-7 3.5 3.5 0 010 7z" />
);
export const CollapseIcon = () => <Icon d="M15.4 7.4L14 6l-6 6 6 6 1.4-1.4L10.8 12z" />;
export const ExpandIcon = () => <Icon d="M8.6 16.6L10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />;
