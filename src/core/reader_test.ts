import { assert, assertEquals, assertRejects } from "./_assert_test.ts";
import { createDefaultReader, redactUrl } from "./reader.ts";
import { LoadError } from "./errors.ts";

Deno.test("fetching: timeout, refused connection, unknown host, size cap are clear LoadErrors", async () => {
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} },
    async (req) => {
      if (req.url.endsWith("/slow")) await new Promise((r) => setTimeout(r, 2000));
      return new Response("x".repeat(5000));
    },
  );
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const reader = createDefaultReader({ timeoutMs: 200, maxBytes: 1000 });
    await assertRejects(() => reader.fetchText(`${base}/slow`), LoadError, "timed out after 0.2 s");
    await assertRejects(() => reader.fetchText(`${base}/big`), LoadError, "larger than 1000 bytes");
  } finally {
    ac.abort();
    await server.finished;
  }
  const reader = createDefaultReader({ timeoutMs: 3000 });
  // A port nobody listens on (the server above is closed).
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  await assertRejects(() => reader.fetchText(`http://127.0.0.1:${port}/a.yaml`), LoadError, "refused");
  const e = await assertRejects(() => reader.fetchText("http://no-such-host.invalid/a.yaml"), LoadError);
  assert(/cannot resolve the host|failed|timed out/.test(e.message), e.message);
});

Deno.test("redactUrl hides credentials and query strings", () => {
  assertEquals(redactUrl("https://u:p@h.example/a?b=1"), "https://***@h.example/a?***");
  assertEquals(redactUrl("https://h.example/a?token=s3cret"), "https://h.example/a?***");
  assertEquals(redactUrl("https://u@h.example/a"), "https://***@h.example/a");
  assertEquals(redactUrl("https://h.example/a"), "https://h.example/a");
});
