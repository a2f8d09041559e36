import { queryOptions } from '@tanstack/react-query';
import type { SessionInfo } from '@/contract/account';
import { api } from './client';

/** A signed-in device as GET auth/sessions/ lists it: the shared contract's schema, so both halves agree on it. */
export type { SessionInfo };

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const getSessions = () => api.get('auth/sessions/', { headers: NO_CACHE }).json<SessionInfo[]>();

/** Ends one of the owner's sessions: that device is signed out at its next request. */
export const endSession = async (id: string): Promise<void> => {
  await api.delete(`auth/sessions/${encodeURIComponent(id)}/`);
};

/** Ends every session but this browser's. */
export const endOtherSessions = () => api.post('auth/sessions/revoke-others/').json<{ detail?: string; revoked?: number }>();

export const sessionQueries = {
  all: () => ['sessions'] as const,
  list: () => queryOptions({ queryKey: [...sessionQueries.all(), 'list'] as const, queryFn: getSessions }),
};
