import type { MediaKind } from '@/contract/media';

/** A kind's screen, and how the page load reads what it shows. */
export interface KindPath {
  /** The kind's screen. */
  href: `/${string}`;
  /** Read a month at a time while sorted newest first (the timeline), so the page load asks for the months early, not the list. */
  timeline?: true;
  /**
   * What the page's first paint draws while the sign-in is checked and the screen comes (ui/skeleton.tsx,
   * ScreenSkeleton): its list's shape, and whether its header has a record button beside the upload.
   */
  skeleton: { layout: 'rows' | 'tiles'; record: boolean };
}

/**
 * What every page carries of each kind: its screen, for the shell's early requests (components/shell/early-screens.ts).
 * The kind's names and icon are kind-names.ts, which spreads these; its data, kinds.ts.
 */
export const KIND_PATHS: { readonly [K in MediaKind]: KindPath } = {
  audio: { href: '/audio', skeleton: { layout: 'rows', record: true } },
  photo: { href: '/photos', timeline: true, skeleton: { layout: 'tiles', record: false } },
  video: { href: '/video', skeleton: { layout: 'tiles', record: true } },
};

/**
 * The kinds in the order every list of them shows (the navigation, the home, the storage figures): the contract's
 * (a test holds them equal). Read off the table rather than imported, so the pages that carry it carry no zod.
 */
export const KINDS = Object.keys(KIND_PATHS) as readonly MediaKind[];
