import { assert, assertEquals, assertRejects } from "../core/_assert_test.ts";
import { createDefaultReader, redactUrl } from "./reader.ts";
import { LoadError } from "../core/errors.ts";
import { ReadSet } from "../core/confine.ts";
import { join } from "node:path";

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

/** `n` bytes of zeros, gzip-compressed. */
async function gzipZeros(n: number): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([new Uint8Array(n)]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Deno.test("one size cap for every read: a file, a device, a FIFO, a gzip bomb", async () => {
  const dir = await Deno.makeTempDir();
  const ac = new AbortController();
  const bomb = await gzipZeros(8 * 1024 * 1024);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} },
    () => new Response(bomb, { headers: { "content-encoding": "gzip", "content-type": "application/yaml" } }),
  );
  try {
    const reader = createDefaultReader({ maxInputSize: 1024 * 1024 });
    const big = join(dir, "big.yaml");
    await Deno.writeTextFile(big, "a: " + "x".repeat(1024 * 1024) + "\n");
    await assertRejects(
      () => reader.readFile(big),
      LoadError,
      `file "${big}" is larger than 1048576 bytes (1 MiB) (1048580 bytes), the input size limit; raise it with --max-input-size`,
    );
    // A per-read cap (the library option maxInputSize of loadStructured) wins over the reader's.
    await assertRejects(() => reader.readFile(big, { maxBytes: 10 }), LoadError, "larger than 10 bytes");
    await assertRejects(
      () => reader.readFile("/dev/zero"),
      LoadError,
      '"/dev/zero" is a character device, not a regular file',
    );
    const fifo = join(dir, "pipe.yaml");
    await new Deno.Command("mkfifo", { args: [fifo] }).output();
    await assertRejects(
      () => reader.readFile(fifo, { role: "referenced" }),
      LoadError,
      "is a named pipe (FIFO), not a regular file",
    );
    await assertRejects(
      () => reader.fetchText(`http://127.0.0.1:${server.addr.port}/bomb.yaml`),
      LoadError,
      "is larger than 1048576 bytes (1 MiB), the input size limit",
    );
  } finally {
    ac.abort();
    await server.finished;
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a file read records its real path, device and inode in the read set", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    const file = join(dir, "a.yaml");
    await Deno.writeTextFile(file, "a: 1\n");
    const readSet = new ReadSet();
    assertEquals(await createDefaultReader().readFile(file, { readSet }), "a: 1\n");
    const info = await Deno.stat(file);
    assertEquals(readSet.files, [{ path: file, dev: info.dev, ino: info.ino ?? undefined }]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a referenced document follows redirects only within its origin", async () => {
  const ac = new AbortController();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} }, (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/same") return Response.redirect(new URL("/doc", url).href, 302);
    if (url.pathname === "/other") {
      return Response.redirect(new URL("/doc", url).href.replace("127.0.0.1", "localhost"), 302);
    }
    if (url.pathname === "/loop") return Response.redirect(new URL("/loop", url).href, 302);
    return new Response("a: 1\n");
  });
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const reader = createDefaultReader();
    const referenced = { role: "referenced" } as const;
    assertEquals((await reader.fetchText(`${base}/same`, referenced)).text, "a: 1\n");
    await assertRejects(
      () => reader.fetchText(`${base}/other`, referenced),
      LoadError,
      `${base}/other redirects to another origin (http://localhost:${server.addr.port}/doc)`,
    );
    await assertRejects(
      () => reader.fetchText(`${base}/loop`, referenced),
      LoadError,
      "redirects more than 5 times",
    );
    // A document the user named may be redirected anywhere.
    assertEquals((await reader.fetchText(`${base}/other`)).text, "a: 1\n");
  } finally {
    ac.abort();
    await server.finished;
  }
});

Deno.test("checkUrl sees the first address and every redirect target, and may refuse any of them", async () => {
  const ac = new AbortController();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} }, (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/a") return Response.redirect(new URL("/b", url).href, 302);
    if (url.pathname === "/b") return Response.redirect(new URL("/secret", url).href, 301);
    return new Response(`at ${url.pathname}\n`);
  });
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const seen: string[] = [];
    const reader = createDefaultReader({
      checkUrl: (url) => {
        seen.push(url.pathname);
        if (url.pathname === "/secret") return Promise.reject(new LoadError(`${url.pathname} is refused.`));
        return Promise.resolve();
      },
    });
    await assertRejects(() => reader.fetchText(`${base}/a`), LoadError, "/secret is refused.");
    assertEquals(seen, ["/a", "/b", "/secret"]);
    seen.length = 0;
    const fetched = await reader.fetchText(`${base}/ok`);
    assertEquals([fetched.text, fetched.url, seen], ["at /ok\n", `${base}/ok`, ["/ok"]]);
  } finally {
    ac.abort();
    await server.finished;
  }
});
