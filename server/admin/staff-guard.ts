import type { FastifyRequest } from 'fastify';
import { currentUser, type Guard } from '../auth/guard.ts';
import { detailError } from '../http/errors.ts';
import { NOT_STAFF } from '../../contract/admin.ts';
import type { Actor } from './audit.ts';

/**
 * The guard of /api/admin/: a signed-in session (else the guard's 401) of a staff account (else 403
 * «Недостаточно прав.»). It runs before the input is checked, so a member learns nothing from validation.
 */
export function staffGuard(guard: Guard): Guard {
  return async (request: FastifyRequest) => {
    await guard(request);
    if (!currentUser(request).is_staff) throw detailError(403, NOT_STAFF);
  };
}

/** The staff member behind a request, as the audit log names them: who, and from which address. */
export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id, email: user.email, ip: request.ip };
}
