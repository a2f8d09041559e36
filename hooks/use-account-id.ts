'use client';

import { useAtomValue } from 'jotai';
import { accountIdOf } from '@/lib/auth/account-id';
import { accessTokenAtom, userAtom } from '@/lib/auth/atoms';

/** The signed-in account's id: the profile's, else (an offline start, before the profile) the one its access token names. */
export function useAccountId(): number | null {
  return accountIdOf(useAtomValue(userAtom), useAtomValue(accessTokenAtom));
}
