'use client';

import { prerenderedScreen } from '@/components/ui/prerendered-screen';

/**
 * The new-password screen, drawn into the exported page, its code fetched apart from it (prerenderedScreen). Its Suspense
 * boundary is also the one useSearchParams needs in a static export.
 */
export const LazyResetPasswordForm = prerenderedScreen(() =>
  import('@/components/auth/reset-password-form').then((m) => m.ResetPasswordForm),
);
