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

export interface Schema {
  auth_password: AuthPasswordTable;
  auth_session: AuthSessionTable;
  setting: SettingTable;
}
