// Table types for Kysely. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers on
// both backends, so one query layer and one mapper serve SQLite and PostgreSQL alike.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  /** Bumped (from store_state.data_seq) whenever the user's league memberships change. */
  data_seq: number;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  /** The first characters of the token, safe to show in listings ("fld_ab12"). */
  token_prefix: string;
  /** Space-separated product names. */
  products: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface PlatformAccountsTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  /** The platform's id of the user (Sleeper user_id...). */
  external_user_id: string;
  username: string | null;
  /** Encrypted credentials (cookies, OAuth tokens); null for platforms that need none. */
  credentials_encrypted: string | null;
  created_at: string;
  /** JSON of the connector's non-secret settings (ESPN league ids followed, ...). */
  settings: string | null;
  /** Why the platform refused the stored credentials; set until the account is linked again. */
  link_problem: string | null;
  /** Who holds the lease on renewing the credentials (sync/credential-lease.ts); null: free. */
  credentials_lease: string | null;
  /** When that lease lapses (ISO), should its holder die holding it. */
  credentials_lease_until: string | null;
}

export interface LeaguesTable {
  /** The service's league_id. */
  id: Generated<number>;
  platform: string;
  platform_league_key: string;
  season: number;
  sport: string;
  name: string;
  num_teams: number | null;
  league_url: string | null;
  league_avatar: string | null;
  /** LeagueActivity.currentPeriod: the week or scoring period the league is in (013). */
  current_period: number | null;
  /** Hash of the last written snapshot: an unchanged re-sync writes nothing. */
  content_hash: string;
  /** Increments each time a sync changes the league. */
  version: number;
  /** store_state.data_seq at the league's last change, for cross-process cache invalidation. */
  data_seq: number;
  synced_at: string;
  created_at: string;
}

export interface LeagueMembersTable {
  league_id: number;
  user_id: number;
  /** The linked platform account through which the user sees the league (null for demo). */
  account_id: number | null;
  created_at: string;
  /** Syncs in a row that found the league gone from the platform (021-league-gone-answers). */
  gone_syncs: Generated<number>;
}

export interface FantasyTeamsTable {
  league_id: number;
  roster_id: string;
  name: string | null;
  owner_platform_user_id: string | null;
  // The team's details (domain/league-data.ts TeamDetails, migration 013); null when absent.
  abbreviation: string | null;
  logo_url: string | null;
  /** JSON array of TeamManagerRecord, the owner first. */
  managers: string | null;
  /** Set together: the platform's win-loss record, or none of it. */
  wins: number | null;
  losses: number | null;
  ties: number | null;
  points_for: number | null;
  points_against: number | null;
  standing: number | null;
  division_id: string | null;
  division_name: string | null;
}

/** A league's schedule, one row per (week, matchup), replaced with each written snapshot (013). */
export interface MatchupsTable {
  league_id: number;
  /** MatchupRecord.period: the week or matchup period, 1-based. */
  week: number;
  matchup_id: string;
  /** A MatchupStatus, null when the platform does not say. */
  status: string | null;
  /** A MatchupKind, null when the platform does not say. */
  kind: string | null;
  winner_roster_id: string | null;
  /** JSON array of MatchupSide ({rosterId, score?}), home first. */
  teams: string;
}

export interface PlayersTable {
  platform: string;
  sport: string;
  /** The pool's season; 0 for a platform whose pool serves every season (see domain/pools.ts). */
  season: number;
  player_id: string;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  position: string | null;
  irl_team: string | null;
  uniform_number: string | null;
  active: number;
  /** PlayerRecord.injury where the pool's list carries it (019); null: healthy or not said. */
  injury_status: string | null;
  injury_designation: string | null;
  injury_note: string | null;
}

export interface PlayerPoolsTable {
  platform: string;
  sport: string;
  season: number;
  content_hash: string | null;
  version: number;
  data_seq: number;
  /** When the platform's full player list was last fetched (null: only league-borne players). */
  refreshed_at: string | null;
}

/** The ids other systems give a pool's players (domain/crossref.ts); replaced with each full dump. */
export interface PlayerExternalIdsTable {
  platform: string;
  sport: string;
  season: number;
  player_id: string;
  /** An ExternalIdType: 'espn', 'sportradar'... */
  id_type: string;
  external_id: string;
}

export interface RosterEntriesTable {
  league_id: number;
  player_id: string;
  roster_id: string;
}

export interface SyncRunsTable {
  id: Generated<number>;
  user_id: number | null;
  platform: string | null;
  /** What started the run: 'cli', 'schedule', 'demo'. */
  trigger: string;
  started_at: string;
  finished_at: string | null;
  /** 'running' | 'ok' | 'partial' | 'failed' | 'interrupted' (its process died) */
  outcome: string;
  leagues_found: number;
  leagues_written: number;
  leagues_unchanged: number;
  leagues_failed: number;
  leagues_detached: number;
  pools_refreshed: number;
  error: string | null;
  /** "host:pid" of the process running it. */
  owner: string | null;
  /** Renewed while the run is alive; a 'running' run silent for long has died. */
  heartbeat_at: string | null;
}

export interface LeagueSyncsTable {
  id: Generated<number>;
  run_id: number;
  /** Null when the league failed before it was ever written. */
  league_id: number | null;
  platform: string;
  platform_league_key: string;
  season: number;
  sport: string;
  started_at: string;
  finished_at: string | null;
  /** 'written' | 'unchanged' | 'failed' */
  outcome: string;
  teams: number;
  roster_entries: number;
  error: string | null;
}

/** Single-row counters, e.g. data_seq: bumped by every write that changes what the API shows. */
export interface StoreStateTable {
  key: string;
  value: number;
}

/** One row (id 1): the check value of the store's secret key (migration 009). */
export interface SecretKeyCheckTable {
  id: number;
  check_value: string;
  recorded_at: string;
}

export interface AdminKeysTable {
  id: Generated<number>;
  /** What the operator called the key ("billing app"). */
  name: string;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string;
  key_prefix: string;
  created_at: string;
  revoked_at: string | null;
  /** Space-separated scopes (domain/admin-scopes.ts); 'full' for keys made before scopes. */
  scopes: Generated<string>;
  expires_at: string | null;
}

export interface ConnectSessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the session token in the page's URL. */
  token_hash: string;
  token_prefix: string;
  /** Space-separated platforms the page offers. */
  platforms: string;
  return_url: string | null;
  /** Put in every form of the page and checked on every POST. */
  csrf_token: string;
  created_at: string;
  expires_at: string;
  /** Set when the user finished on the page: the link is then refused. */
  used_at: string | null;
  /** Links of the page being checked against their platform; finishing waits for none. */
  links_in_flight: Generated<number>;
  /** When the links in flight are given up as dead (their process died mid-link). */
  links_until: string | null;
  /** The application asking, shown on the page; null: CONNECT_APP_NAME. */
  app_name: string | null;
  /** The application's logo as a data: URI (domain/app-logo.ts); null: CONNECT_APP_LOGO. */
  app_logo: string | null;
  /** Space-separated products the application will read, shown in plain words; null: unsaid. */
  products: string | null;
  /** JSON list of the links the page could not make (ConnectLinkFailure). */
  link_failures: string | null;
  /** How the session ended (ConnectOutcomeStatus), set with used_at. */
  outcome: string | null;
}

export interface ConnectOauthStatesTable {
  /** SHA-256 of the state's random part. */
  nonce_hash: string;
  session_id: number;
  platform: string;
  /** The session token (encrypted), to send the browser back to its page after the redirect. */
  session_token_encrypted: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** SHA-256 of the value in the cookie of the browser that started the sign-in (migration 011). */
  browser_hash: string | null;
}

/** A sync asked for over HTTP (the admin API, the connect page): what was asked, when. */
export interface SyncRequestsTable {
  id: Generated<number>;
  user_id: number;
  /** Null: every linked platform of the user. */
  platform: string | null;
  /** The hosted page's session that started it (its first sync after a link). */
  connect_session_id: number | null;
  created_at: string;
}

/**
 * One account of a sync request: recorded by whichever process syncs the account next (the
 * engine, sync/request-tracking.ts), so any instance can show the request's progress.
 */
export interface SyncRequestAccountsTable {
  id: Generated<number>;
  request_id: number;
  /** Null once the account is unlinked, and on rows carried over from before migration 007. */
  account_id: number | null;
  /** Null only on rows carried over from before migration 007 (their error names platforms). */
  platform: string | null;
  /** 'queued' | 'running' while open; then 'ok' | 'unchanged' | 'partial' | 'failed' | 'interrupted' */
  status: string;
  /** The sync_runs row serving it now (a retried or taken-over job starts another). */
  run_id: number | null;
  /** The queued job to sync it (REDIS_URL), checked when read: a lost job ends it (008). */
  job_id: string | null;
  leagues_found: number;
  leagues_written: number;
  leagues_unchanged: number;
  leagues_failed: number;
  pools_refreshed: number;
  /** 1 when the platform refused the account's credentials. */
  needs_relink: number;
  error: string | null;
  /** Null while open. */
  finished_at: string | null;
}

/** A finished season (per sport) an account has synced in full; later syncs skip it. */
export interface AccountSeasonsTable {
  account_id: number;
  sport: string;
  season: number;
  completed_at: string;
}

/** A league's transaction (migration 014); `body` is the JSON of TransactionBodyJson. */
export interface LeagueTransactionsTable {
  league_id: number;
  transaction_id: string;
  /** A TransactionType. */
  type: string;
  /** A TransactionStatus. */
  status: string;
  /** ISO 8601 UTC, as Date#toISOString writes it, so text order is time order. */
  occurred_at: string;
  week: number | null;
  body: string;
}

/** One team a transaction involves, for the roster_id filter (occurred_at repeated for order). */
export interface LeagueTransactionRostersTable {
  league_id: number;
  roster_id: string;
  occurred_at: string;
  transaction_id: string;
}

/** A league's draft; `picks` is the JSON of its DraftPickRecords in draft order. */
export interface LeagueDraftsTable {
  league_id: number;
  draft_id: string;
  type: string | null;
  status: string | null;
  started_at: string | null;
  rounds: number | null;
  picks: string;
}

export interface LeagueFuturePicksTable {
  league_id: number;
  season: number;
  round: number;
  original_roster_id: string;
  owner_roster_id: string;
}

export interface Schema {
  admin_keys: AdminKeysTable;
  connect_sessions: ConnectSessionsTable;
  connect_oauth_states: ConnectOauthStatesTable;
  sync_requests: SyncRequestsTable;
  sync_request_accounts: SyncRequestAccountsTable;
  users: UsersTable;
  tokens: TokensTable;
  platform_accounts: PlatformAccountsTable;
  account_seasons: AccountSeasonsTable;
  leagues: LeaguesTable;
  league_members: LeagueMembersTable;
  fantasy_teams: FantasyTeamsTable;
  matchups: MatchupsTable;
  players: PlayersTable;
  player_pools: PlayerPoolsTable;
  player_external_ids: PlayerExternalIdsTable;
  roster_entries: RosterEntriesTable;
  sync_runs: SyncRunsTable;
  league_syncs: LeagueSyncsTable;
  store_state: StoreStateTable;
  secret_key_check: SecretKeyCheckTable;
  league_transactions: LeagueTransactionsTable;
  league_transaction_rosters: LeagueTransactionRostersTable;
  league_drafts: LeagueDraftsTable;
  league_future_picks: LeagueFuturePicksTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  league_rules: LeagueRulesTable;
  lineups: LineupsTable;
  league_injuries: LeagueInjuriesTable;
  league_seasons: LeagueSeasonsTable;
  league_refreshes: LeagueRefreshesTable;
}

/** A league's live refreshes: when last and next, and which process holds it now (022). */
export interface LeagueRefreshesTable {
  league_id: number;
  /** The live period last refreshed. */
  period: number | null;
  last_refresh_at: string | null;
  next_refresh_at: string | null;
  /** 'written', 'unchanged' or 'failed'. */
  last_outcome: string | null;
  last_error: string | null;
  /** A refresh in progress holds the league until then (a process that died lets it lapse). */
  claimed_until: string | null;
}

/** A league's LeagueRules (domain/game.ts) as JSON, read and replaced whole (migration 019). */
export interface LeagueRulesTable {
  league_id: number;
  rules: string;
}

/** One team's lineup in one period (TeamLineupRecord); period 0 is the current lineup (019). */
export interface LineupsTable {
  league_id: number;
  period: number;
  roster_id: string;
  points: number | null;
  projected_points: number | null;
  /** JSON array of {playerId, slot, platformSlot, points?, projectedPoints?}, in lineup order. */
  entries: string;
}

/** A player the league's calls list as hurt or unavailable (InjuryRecord, 019). */
export interface LeagueInjuriesTable {
  league_id: number;
  player_id: string;
  status: string;
  designation: string;
  note: string | null;
}

/** One season of the league as its platform links them (LeagueSeasonRecord, 019). */
export interface LeagueSeasonsTable {
  league_id: number;
  season: number;
  platform_league_key: string;
}

/** Where webhooks go (migration 015); a deleted endpoint keeps its row, with `disabled_at`. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  /** JSON array of event types (domain/webhooks.ts). */
  events: string;
  /** The `whsec_...` signing secret, encrypted like credentials (secrets.ts). */
  secret_encrypted: string;
  description: string | null;
  created_at: string;
  disabled_at: string | null;
  /** Failed attempts in a row; a delivered one sets it back to 0 (migration 020). */
  consecutive_failures: Generated<number>;
  /** Times the circuit opened since the endpoint last delivered: the pause doubles with each. */
  circuit_opens: Generated<number>;
  /** While in the future, no delivery to the endpoint is claimed (its circuit is open). */
  circuit_open_until: string | null;
}

/** The outbox: one row per event, written in the transaction of what it reports. */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** The `webhook-id` header ("msg_..."), the same on every attempt and replay. */
  message_id: string;
  type: string;
  /** Null for a test event (`webhook.test`), which belongs to no user. */
  user_id: number | null;
  /** The exact JSON body sent (and signed). */
  payload: string;
  created_at: string;
}

/** One event to one endpoint, and where its delivery stands. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  endpoint_id: number;
  /** 'pending' | 'delivered' | 'failed' */
  status: string;
  attempts: number;
  /** When a pending delivery is next due; null once it is delivered or failed. */
  next_attempt_at: string | null;
  /** The relay holding it while it posts (a random id per process), and until when. */
  lease_owner: string | null;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  /** The last attempt's outcome class (domain/webhooks.ts WebhookOutcome), migration 020. */
  last_outcome: string | null;
  /** 'event' (made with its event), 'replay' or 'test' (an operator's), migration 020. */
  origin: Generated<string>;
  created_at: string;
  delivered_at: string | null;
}

/** One POST of a delivery: the HTTP status it got, or why it got none. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  at: string;
  status: number | null;
  error: string | null;
  /** The outcome class (domain/webhooks.ts WebhookOutcome); null for attempts before 020. */
  outcome: string | null;
  duration_ms: number;
}
