import { useEffect, useState } from 'react';

/** Whether the page is scrolling: true from a scroll until it has rested `restMs`. */
export function useScrolling(restMs = 1200): boolean {
  const [scrolling, setScrolling] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      setScrolling(true);
      clearTimeout(timer);
      timer = setTimeout(() => setScrolling(false), restMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [restMs]);
  return scrolling;
}
