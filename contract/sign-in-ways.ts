import { z } from 'zod';

/** A passkey as the owner's list shows it (ISO 8601 times; `last_used_at` null until its first sign-in). */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The longest name of a passkey. */
export const PASSKEY_NAME_MAX = 100;

/** The sign-in providers: VK ID and Yandex ID. */
export const providerIds = ['vkid', 'yandex'] as const;
export const providerIdSchema = z.enum(providerIds);
export type ProviderId = z.infer<typeof providerIdSchema>;

/** Each provider's name as people read it. */
export const PROVIDER_LABELS: Record<ProviderId, string> = { vkid: 'VK ID', yandex: 'Яндекс ID' };

/** Which providers the operator switched on (`GET /api/auth/oauth/providers/`). */
export const providersAvailableSchema = z.object({ vkid: z.boolean(), yandex: z.boolean() });
export type ProvidersAvailable = z.infer<typeof providersAvailableSchema>;

/** A provider linked to the account, as the profile lists it. */
export const linkedProviderSchema = z.object({ provider: providerIdSchema, email: z.string().nullable(), created_at: z.string() });

/** The profile's view of the ways in: the linked providers, whether a password is set, how many passkeys. */
export const signInWaysSchema = z.object({
  providers: z.array(linkedProviderSchema),
  has_password: z.boolean(),
  passkeys: z.number().int(),
});
export type SignInWays = z.infer<typeof signInWaysSchema>;

/**
 * A provider's sign-in found an account with the provider's verified e-mail that is not linked yet: the
 * link is made only after that account's password (`POST /api/auth/oauth/link/ {link_token, password}`).
 */
export const linkRequiredSchema = z.object({
  link_required: z.literal(true),
  link_token: z.string(),
  email: z.string(),
  provider: providerIdSchema,
});
export type LinkRequired = z.infer<typeof linkRequiredSchema>;
