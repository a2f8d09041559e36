import { z } from 'zod';
import { ALBUM_MEMBER_ROLES, albumMemberSchema } from '../../../contract/household.ts';
import { emailField } from '../../accounts/validation.ts';
import { REQUIRED } from '../../http/validation.ts';

/** The members routes' schemas: what each request part must be and what each answer is. */

const userId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= 2_147_483_647);

/** The album in the path, and a member's account id (anything else names nobody: 404). */
export const memberParams = z.object({ id: userId, user: userId });

/** `/api/albums/{id}/members/me/`: the album in the path. */
export const albumIdParams = z.object({ id: userId });

/** A role: missing is REQUIRED, anything but the two is worded here. */
const role = z.enum(ALBUM_MEMBER_ROLES, {
  error: (issue) => (issue.input === undefined ? REQUIRED : 'Выберите роль: «Просмотр» или «Участник».'),
});

/** POST /api/albums/{id}/members/: the account's e-mail and its role. */
export const inviteBody = z.object({ email: emailField(), role });

/** PATCH /api/albums/{id}/members/{user_id}/: the new role. */
export const roleBody = z.object({ role });

/** A member as the server writes it: the contract's fields, no other. */
export const memberWire = z.strictObject({
  ...albumMemberSchema.shape,
  user: z.strictObject(albumMemberSchema.shape.user.shape),
});
export type MemberWire = z.input<typeof memberWire>;
