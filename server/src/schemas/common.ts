/** Shapes every route shares: the error reply, and the server's time that every reply carries. */
import { Type } from 'typebox';

/** Every 4xx and 5xx: the HTTP status, a machine-readable reason, one sentence for a person. */
export const ErrorReply = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  reason: Type.String(),
  message: Type.String(),
});

/** The server's clock, ms since the epoch, when it answered: a device learns its offset from it. */
export const ServerTime = Type.Integer({ minimum: 0 });

export const Role = Type.Union([Type.Literal('coach'), Type.Literal('athlete')]);

/** A device's name as a person gives it (no NUL: PostgreSQL's text cannot hold one). */
export const DeviceName = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000]+$' });

/** An id as the log makes them (UUIDs, `builtin:…`): a bounded string. */
export const Id = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000]+$' });
