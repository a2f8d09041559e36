'use client';

import { BottomBar } from './bottom-bar';
import { Sidebar } from './sidebar';

/**
 * The signed-in frame's navigation: the sidebar (from 1024 px) and the bottom bar (under 640 px). It comes as a
 * chunk of its own, only for a visitor with a session (a guest's page does without it); the space it takes is
 * kept by the page's CSS from the first paint (the `session` mark), so nothing moves when it arrives.
 */
export function SessionFrame() {
  return (
    <>
      <Sidebar />
      <BottomBar />
    </>
  );
}
