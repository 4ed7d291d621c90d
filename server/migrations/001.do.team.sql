-- The team, its devices and join codes; the log's records (athletes, exercises, sessions, today's
-- order) each as one row holding its JSON (log/codec.ts) and the team version it was last changed
-- at; sample chunks and link gaps written once. See docs/sync.md.

create table teams (
  id text primary key,
  name text not null,
  -- The pull cursor: each push transaction that changes rows adds their number, under this row's lock.
  version bigint not null default 0,
  created_at timestamptz not null default now()
);

create table devices (
  id text primary key,
  team_id text not null references teams (id),
  name text not null,
  role text not null check (role in ('coach', 'athlete')),
  athlete_id text,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz,
  revoked_at timestamptz,
  check ((role = 'athlete') = (athlete_id is not null))
);
create index devices_team on devices (team_id);

create table join_codes (
  code_hash bytea primary key,
  team_id text not null references teams (id),
  role text not null check (role in ('coach', 'athlete')),
  athlete_id text,
  created_by text references devices (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((role = 'athlete') = (athlete_id is not null))
);

create table athletes (
  team_id text not null references teams (id),
  id text not null,
  record text not null,
  version bigint not null,
  primary key (team_id, id)
);
create index athletes_version on athletes (team_id, version);

create table exercises (
  team_id text not null references teams (id),
  id text not null,
  record text not null,
  version bigint not null,
  primary key (team_id, id)
);
create index exercises_version on exercises (team_id, version);

create table sessions (
  team_id text not null references teams (id),
  id text not null,
  -- The session record, or its tombstone once deleted.
  record text not null,
  deleted boolean not null,
  -- The device that first pushed it: it recorded the session (an athlete's device may write it whole).
  recorded_by text references devices (id),
  -- Every athlete its tags ever named: whose devices see it (redacted to them).
  athlete_ids text[] not null,
  version bigint not null,
  primary key (team_id, id)
);
create index sessions_version on sessions (team_id, version);

create table orders (
  team_id text primary key references teams (id),
  record text not null,
  version bigint not null
);

create table chunks (
  team_id text not null,
  session_id text not null,
  seq integer not null check (seq >= 0),
  -- The chunk's times and angles, packed without loss (server/src/team/samplePack.ts).
  samples bytea not null,
  sample_count integer not null,
  version bigint not null,
  primary key (team_id, session_id, seq),
  foreign key (team_id, session_id) references sessions (team_id, id)
);

create table gaps (
  team_id text not null,
  session_id text not null,
  seq integer not null check (seq >= 0),
  from_us double precision not null,
  to_us double precision not null,
  version bigint not null,
  primary key (team_id, session_id, seq),
  foreign key (team_id, session_id) references sessions (team_id, id)
);
