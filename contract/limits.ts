/**
 * Limits both halves enforce: the forms check them before sending, the API checks them again.
 * Lengths count characters (Unicode code points) of the trimmed text unless a rule says otherwise.
 */

/** A media item's title and description. */
export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 5000;

/** First and last name. */
export const NAME_MAX = 150;

/** An e-mail address is at most this long (RFC 5321's path limit less the angle brackets). */
export const EMAIL_MAX = 254;

/** A password that is being set has at least this many characters; no password is longer than the maximum. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 4096;

/** E-mail and SMS codes are exactly six digits. */
export const CODE_PATTERN = /^\d{6}$/;

/** Characters in a text as people count them: an emoji or a letter outside the BMP is one. */
export const charCount = (text: string): number => [...text].length;
