'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The e-mail confirmation screen, fetched with everything it uses when the page first draws it. */
export const LazyVerifyEmailForm = lazyScreen(() => import('@/components/auth/verify-email-form').then((m) => m.VerifyEmailForm));
