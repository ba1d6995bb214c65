import { assertEquals, assertRejects } from "../core/_assert_test.ts";
import { LoadError } from "../core/mod.ts";
import { createUrlGuard, nonPublicAddress } from "./url_guard.ts";

Deno.test("nonPublicAddress: loopback, private, link-local, unique-local and the IPv4 inside IPv6", () => {
  const cases: [string, string | undefined][] = [
    ["127.0.0.1", "loopback"],
    ["127.200.1.1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", undefined],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["8.8.8.8", undefined],
    ["93.184.216.34", undefined],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:8.8.8.8", undefined],
    ["2606:4700::1111", undefined],
    ["not an address", undefined],
  ];
  for (const [address, expected] of cases) assertEquals(nonPublicAddress(address), expected, address);
});

Deno.test("createUrlGuard: literal addresses, localhost names, resolved names, unresolvable names", async () => {
  const resolved: Record<string, string[]> = {
    "public.test": ["93.184.216.34", "2606:4700::1111"],
    "mixed.test": ["93.184.216.34", "fd00::1"],
  };
  const guard = createUrlGuard((host) => Promise.resolve(resolved[host] ?? []));
  await guard(new URL("https://public.test/a.yaml"));
  await guard(new URL("https://8.8.8.8/a.yaml"));
  const refusals: [string, string][] = [
    ["http://127.0.0.1:8080/a", "loopback"],
    ["http://2130706433/a", "loopback"], // the URL parser normalises it to 127.0.0.1
    ["http://localhost/a", "loopback"],
    ["http://api.localhost/a", "loopback"],
    ["http://[::1]/a", "loopback"],
    ["http://[::ffff:192.168.0.1]/a", "private"],
    ["http://169.254.169.254/latest/meta-data", "link-local"],
    ["https://mixed.test/a", "unique-local"],
  ];
  for (const [url, why] of refusals) {
    await assertRejects(() => guard(new URL(url)), LoadError, `leads to a ${why} address`);
  }
  await assertRejects(
    () => guard(new URL("https://user:pw@nowhere.test/a")),
    LoadError,
    "cannot resolve the host of https://***@nowhere.test/a; check the address.",
  );
});
