/**
 * The id of the account a stored access token belongs to (its `user_id` claim), read without checking
 * the signature: the browser cannot, and needs only to know whose session it holds — an offline start
 * has the token but no profile yet. Null for anything that is not such a token.
 */
export function accountOfToken(token: string | null | undefined): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { user_id?: unknown };
    return typeof claims.user_id === 'number' && Number.isSafeInteger(claims.user_id) && claims.user_id > 0 ? claims.user_id : null;
  } catch {
    return null;
  }
}

/** The signed-in account: the profile's id when it is known, else the one its access token names. */
export function accountIdOf(user: { id: number } | null, accessToken: string | null): number | null {
  return user?.id ?? accountOfToken(accessToken);
}
