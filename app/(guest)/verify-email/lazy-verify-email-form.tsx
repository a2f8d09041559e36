'use client';

import { prerenderedScreen } from '@/components/ui/prerendered-screen';

/** The e-mail confirmation screen, drawn into the exported page; its code comes apart from the page (prerenderedScreen). */
export const LazyVerifyEmailForm = prerenderedScreen(() => import('@/components/auth/verify-email-form').then((m) => m.VerifyEmailForm));
