/**
 * Device tokens and join codes: made from the system's random source, kept only as SHA-256 hashes
 * (a copy of the database gives nobody a way in).
 *
 * - A token is 32 random bytes in base64url (43 characters): a device sends it as
 *   `Authorization: Bearer <token>` and nowhere else.
 * - A join code is 10 characters of Crockford's base32 (50 bits; no I, L, O or U to misread),
 *   shown as `ABCDE-FGHJK`; typed in any case, with or without the dash or spaces. It is short
 *   because a person types it; it is safe because it expires, joins are rate-limited, and an
 *   athlete's code works once.
 */
import { createHash, randomBytes } from 'node:crypto';

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 10;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(secret, 'utf8').digest());
}

/** A new join code, as shown to people (`ABCDE-FGHJK`). */
export function newJoinCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  const code = Array.from(bytes, (b) => CODE_ALPHABET[b & 31]).join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The code as stored (hashed from this form): upper case, without separators, the letters people confuse read as the digits they look like. */
export function normalizeJoinCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}
