'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endOtherSessions, endSession, sessionQueries } from '@/lib/api/sessions';

/** The owner's signed-in devices. */
export function useSessions() {
  return useQuery(sessionQueries.list());
}

/** Ending a session (one, or all but this one) reloads the list. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
  });
}
