'use client';

import { useEffect } from 'react';
import { useAccountId } from '@/hooks/use-account-id';
import { ReauthDialogHost } from '@/components/ui/reauth-dialog';
import { queryClient } from '@/lib/query-client';
import { BottomBar } from './bottom-bar';
import { Sidebar } from './sidebar';

/** Keeps the signed-in account's lists on the device, for a start with no network (lib/query-persist). */
function ListsOnDevice() {
  const account = useAccountId();
  useEffect(() => {
    if (account) void import('@/lib/query-persist').then((m) => m.keepListsOnDevice(queryClient, account));
  }, [account]);
  return null;
}

/**
 * The signed-in frame's navigation: the sidebar (from 1024 px) and the bottom bar (under 640 px), the lists
 * kept on the device, and the «Подтвердите вход» dialog the API client asks for (recent sign-in). It comes as a chunk of its own, only for a visitor with a session (a guest's page does
 * without it); the space it takes is kept by the page's CSS from the first paint (the `session` mark), so
 * nothing moves when it arrives.
 */
export function SessionFrame() {
  return (
    <>
      <ListsOnDevice />
      <ReauthDialogHost />
      <Sidebar />
      <BottomBar />
    </>
  );
}
