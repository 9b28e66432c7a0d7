/**
 * `announcement CODE`: a company's announcements (cninfo; the demo provider
 * offline), and with `--download N` the first N attachments saved under
 * `--download-dir`, fetched through the service's provider adapter
 * (`/announcements/attachment`), as easy_tdx's `announcement --download` does.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Command, frameRows, num, str } from "./cli-command.ts";
import type { Row } from "./cli-output.ts";

/** The file name an attachment is saved under: date, id and a cleaned title (easy_tdx names files by title). */
function fileName(row: Row): string {
  const title = String(row.title ?? "")
    .replace(/[\\/:*?"<>|\s]+/g, "_")
    .slice(0, 60);
  const ext = /\.(\w{1,5})$/.exec(String(row.pdf_url))?.[1]?.toLowerCase() ?? "pdf";
  return `${row.date}_${row.announcement_id}_${title}.${ext}`;
}

export const announcementCommands: readonly Command[] = [
  {
    name: "announcement",
    summary: "A company's announcements, newest first; --download N saves the first N PDFs.",
    args: [{ name: "CODE", help: "six-digit stock code" }],
    options: [
      { name: "count", type: "integer", default: 30, help: "announcements per page" },
      { name: "page", type: "integer", default: 1, help: "page, from 1" },
      { name: "download", type: "integer", default: 0, help: "save the attachments of the first N rows" },
      { name: "download-dir", type: "string", default: ".", meta: "DIR", help: "where --download saves (created when missing)" },
    ],
    examples: ["announcement 601088 --count 5 --table", "announcement 601088 --count 5 --download 2 --download-dir ./pdfs"],
    async run(ctx, { args, opts }, io) {
      const api = await ctx.api();
      const frame = (await api.get("/api/v1/announcements", { code: args.CODE, count: num(opts, "count"), page: num(opts, "page") })) as { columns: string[]; data: Row[] };
      const wanted = frame.data.slice(0, num(opts, "download")).filter((r) => r.pdf_url);
      if (wanted.length > 0) {
        const dir = str(opts, "download-dir")!;
        mkdirSync(dir, { recursive: true });
        for (const row of wanted) {
          const path = join(dir, fileName(row));
          writeFileSync(path, await api.bytes("/api/v1/announcements/attachment", { url: String(row.pdf_url) }));
          io.note(`saved ${path}`);
        }
      }
      return frameRows(frame);
    },
  },
];
