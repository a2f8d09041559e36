import { z } from 'zod';
import { secondStepRequiredSchema, tokenPairSchema } from '../../contract/account.ts';
import { linkRequiredSchema, providerIdSchema, providersAvailableSchema, signInWaysSchema } from '../../contract/sign-in-ways.ts';
import { userWire } from '../accounts/user-json.ts';
import { passwordField } from '../accounts/validation.ts';
import { BLANK } from '../http/validation.ts';

/** Request bodies and answers of /api/auth/oauth/*. */

const opaque = (max: number) => z.string().min(1, BLANK).max(max);

export const providerParams = z.object({ provider: providerIdSchema });
/** The provider's return as the callback page read it from its address: `code`, `state`, and VK ID's `device_id`. */
export const callbackBody = z.object({ code: opaque(2048), state: opaque(256), device_id: opaque(512).optional() });
export const linkBody = z.object({ link_token: opaque(256), password: passwordField() });

export const providersAnswer = z.strictObject(providersAvailableSchema.shape);
export const waysAnswer = z.strictObject(signInWaysSchema.shape);
const signedIn = z.strictObject({ ...tokenPairSchema.shape, user: userWire });
/** Tokens and the user; or the second step's token; or (callback only) the password of the account to link. */
export const signInAnswer = z.union([signedIn, z.strictObject(secondStepRequiredSchema.shape)]);
export const callbackAnswer = z.union([signedIn, z.strictObject(secondStepRequiredSchema.shape), z.strictObject(linkRequiredSchema.shape)]);
