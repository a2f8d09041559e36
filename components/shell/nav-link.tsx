'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

/** The intents are the link's own: a caller's handlers for them would be dropped, so it cannot pass any. */
type NavLinkProps = Omit<ComponentProps<typeof Link>, 'href' | 'prefetch' | 'onPointerEnter' | 'onTouchStart' | 'onFocus'> & {
  href: string;
};

/**
 * A link of the frame (the sidebar, the bottom bar, the drawer, the name in the top bar): its page is fetched
 * ahead on intent — a pointer over it, a touch, the focus — not as it comes into view. In view, a phone's bottom
 * bar and the name fetched six pages (their HTML and route data) in the load's busiest second, beside the screen's
 * own list and pictures, on a slow line.
 */
export function NavLink({ href, ...props }: NavLinkProps) {
  const router = useRouter();
  const warm = () => router.prefetch(href);
  return <Link {...props} href={href} prefetch={false} onPointerEnter={warm} onTouchStart={warm} onFocus={warm} />;
}
