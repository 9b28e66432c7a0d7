/**
 * The market panels port (ports/strength-panels.ts) over vipdoc trees: the
 * locator picks and checks the tree, and each tree gets one columnar panel of
 * its SH/SZ A-shares (as the original system scans; BJ and B shares are not in
 * its universe) that lives as long as the service and follows the files. At
 * most four trees are kept; the oldest is closed first.
 */
import { classifySecurity } from "../../core/bars/index.ts";
import { PANEL_WINDOW } from "../../core/market/index.ts";
import type { StrengthPanel, StrengthPanels } from "../../ports/strength-panels.ts";
import { VipdocDailyPanel } from "./vipdoc-daily-panel.ts";
import type { VipdocLocator } from "./vipdoc-locator.ts";
import type { VipdocMarket } from "./vipdoc-price-scale.ts";

const A_SHARE_BOARDS = new Set(["SH_MAIN", "STAR", "SZ_MAIN", "CHINEXT"]);
const acceptAShare = (m: VipdocMarket, code: string) => A_SHARE_BOARDS.has(classifySecurity(m === "sh" ? "SH" : "SZ", code).board);

const PANELS_KEPT = 4;

export class VipdocStrengthPanels implements StrengthPanels {
  readonly #locator: VipdocLocator;
  readonly #panels = new Map<string, VipdocDailyPanel>();

  constructor(locator: VipdocLocator) {
    this.#locator = locator;
  }

  locate(asked?: string): Promise<string> {
    return this.#locator.locate(asked);
  }

  shown(root: string): string {
    return this.#locator.shown(root);
  }

  panel(root: string): StrengthPanel {
    let p = this.#panels.get(root);
    if (!p) {
      if (this.#panels.size >= PANELS_KEPT) {
        const [oldest, old] = this.#panels.entries().next().value!;
        old.close();
        this.#panels.delete(oldest);
      }
      p = new VipdocDailyPanel(root, { window: PANEL_WINDOW, accept: acceptAShare });
      this.#panels.set(root, p);
    }
    return p.current();
  }

  close(): void {
    for (const p of this.#panels.values()) p.close();
    this.#panels.clear();
  }
}
