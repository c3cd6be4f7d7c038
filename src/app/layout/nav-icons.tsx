/** Small line icons for the sidebar and top bar (decorative: always aria-hidden). */
const PATHS: Record<string, string> = {
  Dashboard: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  Penilaian: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8.5 12.5l2 2 4.5-4.5',
  Presensi: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5M8.5 15l2 2 4-4',
  Peserta: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.7-3.5 3.3-5.5 6.5-5.5s5.8 2 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.8c1.9.8 3.1 2.5 3.5 5.2',
  Approval: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l2.8 2.8L16.5 9.5',
  Certificate: 'M4 4h16v11H4zM8 8h8M8 11h5M10 15l-1.5 6 3.5-2 3.5 2-1.5-6',
  Management: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 13.5l1.6 1.2-2 3.5-1.9-.7a7.6 7.6 0 0 1-2.1 1.2L14.7 21h-4l-.4-2.3a7.6 7.6 0 0 1-2.1-1.2l-1.9.7-2-3.5 1.6-1.2a7.4 7.4 0 0 1 0-2.9L4.3 9.4l2-3.5 1.9.7a7.6 7.6 0 0 1 2.1-1.2L10.7 3h4l.4 2.3a7.6 7.6 0 0 1 2.1 1.2l1.9-.7 2 3.5-1.6 1.2a7.4 7.4 0 0 1 0 3z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  chevron: 'M9 6l6 6-6 6',
  caret: 'M6 9l6 6 6-6',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c.8-4 4-6 8-6s7.2 2 8 6',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5M15 12H3',
  // The install entry: a download tray for the browser's dialog, iOS's Share glyph for its hint.
  install: 'M12 3v12M7 10l5 5 5-5M5 20h14',
  share: 'M12 14V3M8 7l4-4 4 4M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0',
  offline: 'M2 8.5a15 15 0 0 1 6-3.2M22 8.5a15 15 0 0 0-9.5-3.7M5.5 12a10 10 0 0 1 4-2.3M18.5 12a10 10 0 0 0-2.1-1.5M9 15.5a5 5 0 0 1 5.5-.4M12 19h.01M3 3l18 18',
};

export function NavIcon({ name, className }: { name: string; className?: string }) {
  const d = PATHS[name];
  if (!d) return null;
  return (
    <svg
      className={className ?? 'icon'}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
