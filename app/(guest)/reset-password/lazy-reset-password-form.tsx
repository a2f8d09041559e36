'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/**
 * The new-password screen, fetched apart from the page (lazyScreen). Its Suspense
 * boundary is also the one useSearchParams needs in a static export.
 */
export const LazyResetPasswordForm = lazyScreen(() => import('@/components/auth/reset-password-form').then((m) => m.ResetPasswordForm));
