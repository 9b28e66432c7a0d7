/** Table types of the service's SQLite file, as kysely sees them. */

export interface AuthPasswordTable {
  id: number;
  algorithm: string;
  iterations: number;
  salt: string;
  hash: string;
  created_at: number;
  updated_at: number;
}

export interface AuthSessionTable {
  token_hash: string;
  created_at: number;
  expires_at: number;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface ExternalCacheTable {
  source: string;
  key: string;
  value: string;
  fetched_at: number;
  expires_at: number | null;
}

export interface TaskTable {
  id: string;
  kind: string;
  status: string;
  description: string;
  input: string;
  progress: number;
  message: string;
  result: string | null;
  error: string | null;
  attempts: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  used_at: number;
  /** UTF-8 bytes of `input` and `result`: what the byte budget of finished tasks counts. */
  bytes: number;
}

export interface SavedStrategyTable {
  id: string;
  name: string;
  kind: string;
  strategy: string;
  strategy_label: string;
  params: string;
  context: string;
  trade_config: string;
  snapshot: string;
  tags: string;
  notes: string;
  created_at: number;
  updated_at: number;
  app_version: string;
}

/** Capital flow of one security on one past day, computed from its trades (yuan). */
export interface FundFlowDayTable {
  market: number;
  code: string;
  date: number;
  super_in: number;
  large_in: number;
  medium_in: number;
  small_in: number;
  super_out: number;
  large_out: number;
  medium_out: number;
  small_out: number;
  trades: number;
  computed_at: number;
}

export interface Schema {
  auth_password: AuthPasswordTable;
  auth_session: AuthSessionTable;
  setting: SettingTable;
  fund_flow_day: FundFlowDayTable;
  external_cache: ExternalCacheTable;
  task: TaskTable;
  saved_strategy: SavedStrategyTable;
}
