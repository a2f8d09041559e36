'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The password recovery screen, fetched with everything it uses when the page first draws it. */
export const LazyForgotPasswordForm = lazyScreen(() => import('@/components/auth/forgot-password-form').then((m) => m.ForgotPasswordForm));
