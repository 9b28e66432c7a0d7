/**
 * Whole-market daily panels for the strength scan (core/market/strength.ts):
 * recent closes and amounts of every A-share in an offline tree (a TDX vipdoc
 * folder), kept in memory and following the files. The tree is the one a
 * request names, checked against the configured roots, or the default one.
 */
import type { DailyPanel } from "../core/market/index.ts";

export interface PanelSecurity {
  readonly market: "sh" | "sz" | "bj";
  readonly code: string;
}

export interface StrengthPanel extends DailyPanel {
  readonly securities: readonly PanelSecurity[];
  /** YYYYMMDD of each security's last bar. */
  readonly lastDate: Int32Array;
}

export interface StrengthPanels {
  /** The tree `asked` names (or the default); refused (InvalidRequestError) when it is not one. */
  locate(asked?: string): Promise<string>;
  /** How a tree is named in answers (never a full local path). */
  shown(root: string): string;
  /** The current panel of a tree (read synchronously: it is updated in place as files change). */
  panel(root: string): StrengthPanel;
  close(): void;
}
