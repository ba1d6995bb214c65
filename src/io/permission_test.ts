import assert from "node:assert/strict";
import { resolve } from "node:path";
import { allowFlag, permissionMessage, permissionRefusal, reportRefusal } from "./permission.ts";

const notCapable = (kind: string, target: string) =>
  new Deno.errors.NotCapable(
    `Requires ${kind} access to "${target}", run again with the --allow-${kind} flag`,
  );

Deno.test("permissionRefusal: Deno's refusals are recognised, other errors are not", () => {
  assert.deepEqual(permissionRefusal(notCapable("read", "/srv/a.yaml")), {
    kind: "read",
    target: "/srv/a.yaml",
  });
  assert.deepEqual(permissionRefusal(notCapable("net", "example.com:443")), {
    kind: "net",
    target: "example.com:443",
  });
  // Deno 1's wording came as PermissionDenied.
  assert.deepEqual(
    permissionRefusal(
      new Deno.errors.PermissionDenied(
        'Requires write access to "o.yaml", run again with the --allow-write flag',
      ),
    ),
    { kind: "write", target: "o.yaml" },
  );
  // The operating system's "permission denied" (file modes) is no flag's business.
  assert.equal(
    permissionRefusal(new Deno.errors.PermissionDenied("Permission denied (os error 13)")),
    undefined,
  );
  assert.equal(permissionRefusal(new Error('Requires read access to "x"')), undefined);
  assert.equal(permissionRefusal("text"), undefined);
});

Deno.test("allowFlag: the exact flag, absolute paths, host without port, quoted for the shell", () => {
  assert.equal(allowFlag({ kind: "read", target: "/srv/api/pet.yaml" }), "--allow-read=/srv/api/pet.yaml");
  assert.equal(
    allowFlag({ kind: "read", target: "api/pet.yaml" }),
    `--allow-read=${resolve("api/pet.yaml")}`,
  );
  assert.equal(allowFlag({ kind: "net", target: "example.com:443" }), "--allow-net=example.com");
  assert.equal(allowFlag({ kind: "net", target: "[::1]:8080" }), "'--allow-net=[::1]'");
  assert.equal(allowFlag({ kind: "env", target: "HOME" }), "--allow-env=HOME");
  assert.equal(allowFlag({ kind: "read", target: "/srv/a,b/c/pet.yaml" }), "--allow-read=/srv");
  assert.equal(allowFlag({ kind: "sys" }), "--allow-sys");
  assert.equal(allowFlag({ kind: "all", target: "/dev/stdin" }), undefined);
  assert.equal(
    allowFlag({ kind: "read", target: "/my docs/it's.yaml" }),
    `'--allow-read=/my docs/it'\\''s.yaml'`,
  );
  assert.equal(allowFlag({ kind: "read", target: "/a\u001b[31m.yaml" }), `'--allow-read=/a\\u001b[31m.yaml'`);
});

Deno.test("permissionMessage: reads, writes and fetches in one sentence, never --allow-all", () => {
  assert.equal(
    permissionMessage(notCapable("read", "/srv/secret.yaml"), { read: "/srv/secret.yaml" }),
    `reading "/srv/secret.yaml" is not allowed by Deno's permissions; run with --allow-read=/srv/secret.yaml to allow it.`,
  );
  assert.equal(
    permissionMessage(notCapable("write", "/srv/out/.all.yaml.1a2b3c4d.tmp"), { write: "/srv/out/all.yaml" }),
    `writing "/srv/out/all.yaml" is not allowed by Deno's permissions; run with --allow-write=/srv/out (the folder, ` +
      `where oatool writes a temporary file first) to allow it.`,
  );
  assert.match(
    permissionMessage(notCapable("read", "/srv/out/.all.yaml.1a2b3c4d.tmp"), { write: "/srv/out/all.yaml" })!,
    /^writing "\/srv\/out\/all\.yaml" needs read access to its folder too .*; run with --allow-read=\/srv\/out to allow it\.$/,
  );
  assert.equal(
    permissionMessage(notCapable("net", "api.example.com:443"), { url: "https://api.example.com/v1.yaml" }),
    `fetching https://api.example.com/v1.yaml is not allowed by Deno's permissions; run with ` +
      `--allow-net=api.example.com to allow it.`,
  );
  assert.equal(
    permissionMessage(notCapable("env", "TZ")),
    `env access to "TZ" is not allowed by Deno's permissions; run with --allow-env=TZ to allow it.`,
  );
  assert.equal(permissionMessage(new Deno.errors.NotFound("x")), undefined);
  // Special files Deno opens only with every permission: say so, never advise --allow-all.
  const all = permissionMessage(
    new Deno.errors.NotCapable('Requires all access to "/dev/stdin", run again with the --allow-all flag'),
    { read: "/dev/stdin" },
  )!;
  assert.match(
    all,
    /^reading "\/dev\/stdin" is not allowed by Deno's permissions: .* only with every permission, /,
  );
  assert.match(all, /name a regular file, or "-" for standard input or output\.$/);
  const odd = permissionMessage(
    new Deno.errors.NotCapable("Some new wording"),
  )!;
  assert.match(odd, /^Deno's permissions refused an access oatool needs; grant that access alone/);
  for (const text of [all, odd]) assert.doesNotMatch(text, /--allow-all|-A\b/);
  for (const kind of ["read", "write", "net", "env", "run", "sys"]) {
    const text = permissionMessage(notCapable(kind, "x"))!;
    assert.doesNotMatch(text, /--allow-all|-A\b/);
    assert.equal(text.split(". ").length, 1, "one sentence");
  }
});

Deno.test("reportRefusal: writes one prefixed line only for a refusal", () => {
  let out = "";
  assert.equal(reportRefusal(notCapable("env", "TZ"), (t) => out += t, "oatool x: "), true);
  assert.equal(
    out,
    `oatool x: env access to "TZ" is not allowed by Deno's permissions; run with --allow-env=TZ to allow it.\n`,
  );
  assert.equal(reportRefusal(new Error("other"), (t) => out += t, "oatool x: "), false);
});
