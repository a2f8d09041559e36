import { PROVIDER_LABELS } from '../../contract/sign-in-ways.ts';
import { undoOffer } from '../auth/messages.ts';
import type { OAuthProviderId } from '../db/tables/accounts.ts';

/** The e-mail of the sign-in providers (Russian, signed by Копилка). */

/** Told to the account's address when a provider account is linked, with the «Это был не я» link that unlinks it. */
export const providerLinkedNotice = (provider: OAuthProviderId, undoLink: string) => ({
  subject: `Копилка: привязан ${PROVIDER_LABELS[provider]}`,
  text:
    `Здравствуйте!\n\n` +
    `К вашей учётной записи в Копилке привязан аккаунт ${PROVIDER_LABELS[provider]}: через него можно войти без пароля.\n\n` +
    undoOffer(`отвяжет ${PROVIDER_LABELS[provider]}`, undoLink),
});
