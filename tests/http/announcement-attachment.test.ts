/**
 * `GET /api/v1/announcements/attachment`: a row's PDF fetched through the
 * provider adapter (here the default demo provider on loopback), counted at
 * the provider; any address off the provider's file host is a 422 in FastAPI's
 * shape and is never dialled.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, startTestServer, type TestServer } from "../support/server.ts";

describe("announcement attachments", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s?.dispose());

  test("a row's pdf_url answers the PDF", async () => {
    const list = await call(s.url, "GET", "/api/v1/announcements?code=601088&count=2");
    const url = list.body.data[0].pdf_url as string;
    assert.match(url, /\/finalpage\/\d{4}-\d{2}-\d{2}\/\d+\.PDF$/, "a cninfo-style file path");
    const res = await fetch(`${s.url}/api/v1/announcements/attachment?url=${encodeURIComponent(url)}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString("latin1"), "%PDF-", "a PDF");
    assert.ok(
      Buffer.from(bytes)
        .toString("latin1")
        .includes(url.match(/(\d+)\.PDF$/)![1]!),
      "the announcement's own file",
    );
  });

  test("addresses off the provider's file host are refused with 422", async () => {
    const list = await call(s.url, "GET", "/api/v1/announcements?code=601088&count=1");
    const root = (list.body.data[0].pdf_url as string).replace(/\/finalpage\/.*$/, "");
    for (const url of ["http://example.com/finalpage/2024-01-01/1.PDF", `${root}/../../cninfo/new/disclosure`, `${root}x/finalpage/1.PDF`, `${root}/finalpage/1.PDF?x=1`]) {
      const r = await call(s.url, "GET", `/api/v1/announcements/attachment?url=${encodeURIComponent(url)}`);
      assert.equal(r.status, 422, url);
      assert.deepEqual(r.body.detail[0].loc, ["query", "url"], `${url}: located at the url parameter`);
    }
    const missing = await call(s.url, "GET", "/api/v1/announcements/attachment");
    assert.equal(missing.status, 422, "url is required");
  });
});
