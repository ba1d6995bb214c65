import { assertEquals } from "../core/_assert_test.ts";
import { recoverId, StdioTransport } from "./stdio_transport.ts";

/** Runs a transport over `chunks` of input; the messages it passed on and the lines it wrote. */
async function run(
  chunks: string[],
  maxMessageSize: number,
): Promise<{ messages: unknown[]; written: unknown[] }> {
  const encoder = new TextEncoder();
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  let out = "";
  const output = new WritableStream<Uint8Array>({ write: (c) => void (out += new TextDecoder().decode(c)) });
  const transport = new StdioTransport({ input, output, maxMessageSize });
  const messages: unknown[] = [];
  transport.onmessage = (m) => {
    messages.push(m);
    const id = (m as { id?: number }).id;
    if (id !== undefined) transport.send({ jsonrpc: "2.0", id, result: {} }); // the end of input waits for it
  };
  await transport.start();
  await transport.drained();
  await transport.close();
  return { messages, written: out.trim() === "" ? [] : out.trim().split("\n").map((l) => JSON.parse(l)) };
}

const ping = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });

Deno.test("StdioTransport: lines split anywhere, CRLF and blank lines; the last line needs no newline", async () => {
  const text = `${ping(1)}\r\n\n${ping(2)}\n   \n${ping(3)}`;
  const byByte = [...text];
  const { messages } = await run(byByte, 1000);
  assertEquals(messages.map((m) => (m as { id: number }).id), [1, 2, 3]);
});

Deno.test("StdioTransport: an over-long line is skipped whatever its chunks, and the next line is read", async () => {
  const long = `{"jsonrpc":"2.0","method":"ping","params":{"x":"${"y".repeat(5000)}"},"id":7}`;
  for (const size of [1, 7, 100, 4096, long.length + 1]) {
    const text = `${long}\n${ping(8)}\n`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
    const { messages, written } = await run(chunks, 1000);
    assertEquals(messages.map((m) => (m as { id: number }).id), [8], `chunks of ${size}`);
    assertEquals(written.length, 2); // the error, then the answer to 8
    const reply = written[0] as { id: unknown; error: { code: number; message: string } };
    assertEquals([reply.id, reply.error.code], [7, -32600]);
    assertEquals(
      reply.error.message,
      `The message is ${long.length} bytes, more than the 1000 bytes this server reads (--max-message-size); pass large documents as spec.file instead of spec.content.`,
    );
  }
});

Deno.test("StdioTransport: a line exactly at the limit is read", async () => {
  const line = ping(1);
  const { messages, written } = await run([line + "\n"], line.length);
  assertEquals([messages.length, written], [1, [{ jsonrpc: "2.0", id: 1, result: {} }]]);
});

Deno.test("recoverId: the id as the first member, after jsonrpc and method, or the last; else null", () => {
  assertEquals(recoverId('{"id":5,"method":"x"', ""), 5);
  assertEquals(recoverId('{"jsonrpc":"2.0","method":"tools/call","id":"a-1",', ""), "a-1");
  assertEquals(recoverId('{"method":"x","params":{', '..."z"},"jsonrpc":"2.0","id":12}'), 12);
  assertEquals(recoverId('{"params":{"id":3', '"id":4}},"jsonrpc":"2.0"}'), null);
  assertEquals(recoverId("garbage", "more garbage"), null);
});
