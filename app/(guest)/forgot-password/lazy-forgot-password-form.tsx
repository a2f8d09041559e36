'use client';

import { prerenderedScreen } from '@/components/ui/prerendered-screen';

/** The password recovery screen, drawn into the exported page; its code comes apart from the page (prerenderedScreen). */
export const LazyForgotPasswordForm = prerenderedScreen(() =>
  import('@/components/auth/forgot-password-form').then((m) => m.ForgotPasswordForm),
);
