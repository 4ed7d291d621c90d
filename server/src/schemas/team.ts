/** Joining, the device's own view of itself, the team's devices and join codes. */
import { Type } from 'typebox';
import { DeviceName, Id, Role, ServerTime } from './common';

export const JoinBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 40 }),
    deviceName: DeviceName,
  },
  { additionalProperties: false },
);

export const Me = Type.Object({
  deviceId: Type.String(),
  role: Role,
  athleteId: Type.Union([Type.String(), Type.Null()]),
  team: Type.Object({ id: Type.String(), name: Type.String() }),
  serverTime: ServerTime,
});

export const JoinReply = Type.Object({
  deviceId: Type.String(),
  token: Type.String(),
  role: Role,
  athleteId: Type.Union([Type.String(), Type.Null()]),
  team: Type.Object({ id: Type.String(), name: Type.String() }),
  serverTime: ServerTime,
});

/** A coach's code, or an athlete's naming the athlete (one object, not a union: Ajv's removal of extra fields would strip `athleteId` while trying the coach's branch). */
export const JoinCodeBody = Type.Object({ role: Role, athleteId: Type.Optional(Id) }, { additionalProperties: false });

export const JoinCodeReply = Type.Object({
  code: Type.String(),
  role: Role,
  athleteId: Type.Union([Type.String(), Type.Null()]),
  expiresAt: ServerTime,
  serverTime: ServerTime,
});

const DeviceInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Role,
  athleteId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer(),
  lastSeenAt: Type.Union([Type.Integer(), Type.Null()]),
  revokedAt: Type.Union([Type.Integer(), Type.Null()]),
  thisDevice: Type.Boolean(),
});

export const DevicesReply = Type.Object({ devices: Type.Array(DeviceInfo), serverTime: ServerTime });

export const DeviceParams = Type.Object({ id: Id });

export const Done = Type.Object({ serverTime: ServerTime });
