/**
 * Push, pull and samples. A record's own fields are not written here: the app's parsers check
 * them (server/src/team/wire.ts), so that one definition of each record serves the app, the
 * backup file and the server; here is the envelope around them.
 */
import { Type } from 'typebox';
import { Id, ServerTime } from './common';

/** At most this many records in one push (a batch of about a minute of samples, or a season's figures in a few). */
export const PUSH_MAX_RECORDS = 1000;


export const PushBody = Type.Object(
  {
    records: Type.Array(Type.Object({ kind: Type.Union([Type.Literal('athlete'), Type.Literal('exercise'), Type.Literal('session'), Type.Literal('order'), Type.Literal('chunk'), Type.Literal('gap')]), record: Type.Unknown() }, { additionalProperties: false }), {
      maxItems: PUSH_MAX_RECORDS,
    }),
  },
  { additionalProperties: false },
);

export const PushReply = Type.Object({
  results: Type.Array(
    Type.Object({
      index: Type.Integer(),
      kind: Type.String(),
      id: Type.Union([Type.String(), Type.Null()]),
      seq: Type.Optional(Type.Integer()),
      status: Type.Union([Type.Literal('stored'), Type.Literal('unchanged'), Type.Literal('refused')]),
      reason: Type.Optional(Type.String()),
      message: Type.Optional(Type.String()),
      ignored: Type.Optional(Type.String()),
    }),
  ),
  version: Type.Integer(),
  serverTime: ServerTime,
});

/** At most this many records in one pull reply; `more` says to pull again. */
export const PULL_MAX_LIMIT = 1000;

export const PullQuery = Type.Object(
  {
    after: Type.Optional(Type.String({ maxLength: 20 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PULL_MAX_LIMIT, default: 500 })),
  },
  { additionalProperties: false },
);

export const PullReply = Type.Object({
  records: Type.Array(Type.Object({ kind: Type.String(), version: Type.Integer(), record: Type.Unknown() })),
  cursor: Type.String(),
  more: Type.Boolean(),
  serverTime: ServerTime,
});

export const SessionParams = Type.Object({ id: Id });

const Runs = Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]));

export const SamplesStateReply = Type.Object({ chunks: Runs, gaps: Runs, samples: Type.Integer(), serverTime: ServerTime });

/** At most this many chunks in one samples page (about ten minutes at 200 Hz). */
export const SAMPLES_MAX_LIMIT = 600;

export const SamplesQuery = Type.Object(
  {
    from: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SAMPLES_MAX_LIMIT, default: 300 })),
  },
  { additionalProperties: false },
);

export const SamplesReply = Type.Object({
  chunks: Type.Array(Type.Unknown()),
  gaps: Type.Array(Type.Unknown()),
  next: Type.Union([Type.Integer(), Type.Null()]),
  serverTime: ServerTime,
});
