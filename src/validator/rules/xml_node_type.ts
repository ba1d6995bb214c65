import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

/** The XML node types of 3.2. */
const NODE_TYPES = ["element", "attribute", "text", "cdata", "none"];

/**
 * `xml-node-type` (3.2): inside Schema Objects (which the structural schema does not look into), an XML Object's
 * `nodeType` is one of the five node types, and it replaces `attribute` and `wrapped`: they cannot be combined.
 */
export const xmlNodeType: Rule = {
  id: "xml-node-type",
  severity: "error",
  description:
    "3.2: xml.nodeType is element, attribute, text, cdata or none, and not combined with attribute or wrapped",
  anchor: "xml-object",
  versions: ["3.2"],
  create(ctx) {
    return {
      schema(schema, at) {
        const xml = schema.xml;
        if (!isObject(xml) || xml.nodeType === undefined) return;
        if (typeof xml.nodeType !== "string" || !NODE_TYPES.includes(xml.nodeType)) {
          ctx.report(
            [...at.path, "xml", "nodeType"],
            `nodeType ${
              q(xml.nodeType)
            } is not an XML node type; the specification ${ctx.version} says: "nodeType: ` +
              'One of `element`, `attribute`, `text`, `cdata`, or `none`, as explained under XML Node Types."',
          );
        }
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
