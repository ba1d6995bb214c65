/**
 * Headless Chromium (Debian's `chromium`) for the tests of the HTML pages: the DOM after a page's scripts ran
 * (`--dump-dom`), and a page driven as a person would (click a checkbox, pick a rule, switch the grouping)
 * through the DevTools protocol over a WebSocket. The callers declare their tests with `tool("chromium")`
 * (`_tools.ts`), so they are skipped, saying so, when Chromium is absent.
 *
 * @module
 */
import assert from "node:assert/strict";

/** The browser's command. */
export const CHROMIUM = "chromium";

/** Flags of every run: headless, no sandbox (tests may run as root), no GPU, a profile of the test's own. */
function flags(profile: string): string[] {
  return ["--headless", "--no-sandbox", "--disable-gpu", `--user-data-dir=${profile}`];
}

/** The DOM Chromium has after loading `url` and running its script. */
export async function dumpDom(url: string, profile: string): Promise<string> {
  const out = await new Deno.Command(CHROMIUM, {
    args: [...flags(profile), "--dump-dom", url],
    stdout: "piped",
    stderr: "piped",
    // A guard against a browser that never exits, not a timing assertion.
    signal: AbortSignal.timeout(120_000),
  }).output();
  const dom = new TextDecoder().decode(out.stdout);
  assert.ok(out.success && dom.includes("</html>"), new TextDecoder().decode(out.stderr).slice(-2_000));
  return dom;
}

/** A page open in a {@link Browser}. */
export interface Page {
  /** The value of a JavaScript expression evaluated in the page (awaited when it is a promise). */
  evaluate<T>(expression: string): Promise<T>;
}

/** One headless Chromium driven through the DevTools protocol; {@link Browser.close} ends it. */
export class Browser {
  readonly #child: Deno.ChildProcess;
  readonly #socket: WebSocket;
  readonly #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #next = 0;

  private constructor(child: Deno.ChildProcess, socket: WebSocket) {
    this.#child = child;
    this.#socket = socket;
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      const waiting = this.#waiting.get(message.id);
      if (waiting === undefined) return;
      this.#waiting.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(JSON.stringify(message.error)));
      else waiting.resolve(message.result);
    };
  }

  /** Starts Chromium with the profile folder `profile` and connects to it. */
  static async launch(profile: string): Promise<Browser> {
    const child = new Deno.Command(CHROMIUM, {
      args: [...flags(profile), "--remote-debugging-port=0", "about:blank"],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    // The browser says where it listens on standard error; the rest of that stream is read and dropped.
    const lines = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";
    let address: string | undefined;
    while (address === undefined) {
      const { value, done } = await lines.read();
      if (done) {
        await child.status;
        throw new Error(`chromium ended before it listened:\n${seen.slice(-2_000)}`);
      }
      seen += value;
      address = /DevTools listening on (ws:\/\/\S+)/.exec(seen)?.[1];
    }
    (async () => {
      while (!(await lines.read()).done) { /* drained */ }
    })().catch(() => {});
    const socket = new WebSocket(address);
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = () => reject(new Error(`cannot connect to ${address}`));
    });
    return new Browser(child, socket);
  }

  #send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<unknown> {
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  /** Opens `url` in a new tab, once its document has loaded (its scripts ran). */
  async open(url: string): Promise<Page> {
    const { targetId } = await this.#send("Target.createTarget", { url: "about:blank" }) as {
      targetId: string;
    };
    const { sessionId } = await this.#send("Target.attachToTarget", { targetId, flatten: true }) as {
      sessionId: string;
    };
    const evaluate = async <T>(expression: string): Promise<T> => {
      const out = await this.#send("Runtime.evaluate", {
        expression,
        awaitPromise: true,
        returnByValue: true,
      }, sessionId) as { result: { value?: unknown }; exceptionDetails?: unknown };
      if (out.exceptionDetails !== undefined) throw new Error(JSON.stringify(out.exceptionDetails));
      return out.result.value as T;
    };
    await this.#send("Page.enable", {}, sessionId);
    await this.#send("Page.navigate", { url }, sessionId);
    // Loaded: the page's address is the one asked for and its document complete (the script ran at its end).
    for (let i = 0; i < 600; i++) {
      if (await evaluate<boolean>(`location.href !== "about:blank" && document.readyState === "complete"`)) {
        return { evaluate };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${url} did not load`);
  }

  /** Ends the browser and the connection. */
  async close(): Promise<void> {
    this.#socket.close();
    try {
      this.#child.kill("SIGTERM");
    } catch {
      // already ended
    }
    await this.#child.status;
  }
}
