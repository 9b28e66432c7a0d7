/** A user's own strategy module as README "Plugins" shows it (imports definePlugin by absolute path, as a file outside the repository does). */
import { fileURLToPath } from "node:url";

const DEFINE = fileURLToPath(new URL("../../plugins/define-plugin.ts", import.meta.url));

/** Buys after `n` up days in a row (close above open), sells after a down day. */
export const UP_DAYS_PLUGIN = `
import { definePlugin, z } from ${JSON.stringify(DEFINE)};

export const upDays = definePlugin({
  kind: "strategy",
  id: "user_up_days",
  title: "Up days",
  description: "Buy after n up days in a row, sell after a down day.",
  params: z.object({ n: z.number().int().min(1).max(10).default(2) }),
  defaultGrid: { n: [1, 2, 3] },
  signals(s, p) {
    const entries = new Uint8Array(s.length);
    const exits = new Uint8Array(s.length);
    let run = 0;
    for (let i = 0; i < s.length; i++) {
      run = s.close[i] > s.open[i] ? run + 1 : 0;
      if (run >= p.n) entries[i] = 1;
      if (s.close[i] < s.open[i]) exits[i] = 1;
    }
    return { entries, exits };
  },
});
`;
