/** Every `tdx-forge` command, in the order `--help` lists them. */
import { adminCommands } from "./admin-commands.ts";
import { announcementCommands } from "./announcement-commands.ts";
import { chanlunCommands } from "./chanlun-commands.ts";
import { formulaCommands } from "./formula-commands.ts";
import { backtestCommands } from "./backtest-commands.ts";
import { offlineCommands } from "./offline-commands.ts";
import { mcpCommands } from "./mcp-commands.ts";
import { indicatorCommands } from "./indicator-commands.ts";
import { boardCommands } from "./board-commands.ts";
import type { Command } from "./cli-command.ts";
import { marketCommands } from "./market-commands.ts";
import { quoteCommands } from "./quote-commands.ts";
import { storeCommands } from "./store-commands.ts";

export const COMMANDS: readonly Command[] = [
  ...adminCommands,
  ...marketCommands,
  ...quoteCommands,
  ...boardCommands,
  ...announcementCommands,
  ...indicatorCommands,
  ...chanlunCommands,
  ...formulaCommands,
  ...backtestCommands,
  ...offlineCommands,
  ...storeCommands,
  ...mcpCommands,
];
