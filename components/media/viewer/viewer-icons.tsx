import { LineIcon } from '@/components/ui/line-icon';

const PATHS = {
  share: 'M4 12v7a1 1 0 001 1h14a1 1 0 001-1v-7M16 6l-4-4-4 4M12 2v13',
  album: 'M4 5h16v14H4zM4 15l4.5-4.5 3.5 3.5 2.5-2.5L20 17M15 9.5h.01M8 2h8',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v5M12 8h.01',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  download: 'M12 3v12m0 0-4-4m4 4 4-4M4 19h16',
  left: 'M15 18l-6-6 6-6',
  right: 'M9 18l6-6-6-6',
} as const;

/** The viewer's 24 px line icons. */
export function ViewerIcon({ name, className = 'h-5 w-5' }: { name: keyof typeof PATHS; className?: string }) {
  return <LineIcon d={PATHS[name]} className={className} strokeWidth={name === 'left' || name === 'right' ? 2.5 : 1.8} />;
}
