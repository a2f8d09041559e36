import { atom } from 'jotai';
import type { AuthStatus, User } from './types';

/** The auth state: user, access token, refresh token, loading flag, error message. */
export const userAtom = atom<User | null>(null);
export const accessTokenAtom = atom<string | null>(null);
export const refreshTokenAtom = atom<string | null>(null);
export const authLoadingAtom = atom(false);
export const authErrorAtom = atom<string | null>(null);
/** 'unknown' until the start-up sequence has run once. */
export const authStatusAtom = atom<AuthStatus>('unknown');
