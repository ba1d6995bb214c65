import type { Rule } from "../rule.ts";
import { isObject } from "./_helpers.ts";

/** `xml-node-type` (3.2): `xml.nodeType` replaces `attribute` and `wrapped`; they cannot be combined. */
export const xmlNodeType: Rule = {
  id: "xml-node-type",
  severity: "error",
  description: "3.2: xml.nodeType is not combined with attribute or wrapped",
  anchor: "xml-object",
  versions: ["3.2"],
  create(ctx) {
    return {
      schema(schema, at) {
        const xml = schema.xml;
        if (!isObject(xml) || xml.nodeType === undefined) return;
        for (const old of ["attribute", "wrapped"]) {
          if (xml[old] !== undefined) {
            ctx.report(
              [...at.path, "xml", old],
              `"${old}" cannot be used together with "nodeType"; use nodeType alone.`,
            );
          }
        }
      },
    };
  },
};
