'use client';

import { useMutation } from '@tanstack/react-query';
import { undoChange } from '@/lib/api/not-me';

/** «Это был не я» from a notice's link. */
export function useUndoChange() {
  return useMutation({ mutationFn: undoChange });
}
