import type { KindMisfit, KindObject, ResourceKind } from "../../src/kinds/kind.js";

/*
 * A toy kind (issue 36), defined only here: a Widget has a name and a set of colors. This file is
 * the whole of it: registered (registerKind, src/kinds/index.ts), it is validated, planned, applied,
 * imported and served by the emulator with no edit anywhere else (test/kinds/toy-kind.test.ts).
 */

const misfit = (path: string, expected: string, value: unknown): KindMisfit => ({ path, expected, value });

function decodeWidget(value: unknown): KindMisfit | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return misfit("", "an object", value);
  const widget = value as Record<string, unknown>;
  if (typeof widget.id !== "string" || widget.id === "") return misfit(".id", "a non-empty string", widget.id);
  if (typeof widget.name !== "string" || widget.name === "") return misfit(".name", "a non-empty string", widget.name);
  if (widget.colors === undefined || widget.colors === null) return undefined;
  if (!Array.isArray(widget.colors)) return misfit(".colors", "an array", widget.colors);
  const at = widget.colors.findIndex((color) => typeof color !== "string");
  return at < 0 ? undefined : misfit(`.colors[${at}]`, "a string", widget.colors[at]);
}

const sortedColors = (colors: unknown): string[] => (Array.isArray(colors) ? [...(colors as string[])].sort() : []);

export const WIDGET: ResourceKind = {
  name: "Widget",
  fields: {
    name: {
      required: true,
      returned: "always",
      compare: "scalar",
      clearedWith: "not clearable",
      schema: { value: { type: "string", minLength: 1 } },
    },
    colors: {
      required: false,
      returned: "always",
      compare: "set",
      clearedWith: [],
      schema: { value: { type: "array", items: { type: "string" } } },
    },
  },
  identity: { name: "name" },
  api: { collection: "/widgets", listKey: "widgets", itemKey: "widget" },
  decode: decodeWidget,
  validation: {
    check: (doc) => {
      const wrong = decodeWidget({ ...doc, id: "new" });
      return wrong
        ? [
            {
              path: wrong.path
                .replace(/^\./, "")
                .split(/[.[\]]+/)
                .filter(Boolean),
              message: `must be ${wrong.expected}`,
            },
          ]
        : [];
    },
  },
  emulator: {
    idPrefix: "wdg_",
    stored: (input) => ({ name: input.name, colors: sortedColors(input.colors) }),
    updated: (current, patch) => ({ ...current, ...patch, colors: sortedColors(patch.colors ?? current.colors) }),
    reply: (stored) => ({ id: stored.id, name: stored.name, colors: stored.colors ?? [] }),
    routes: "generic",
  },
  importer: {
    file: () => "widgets.yaml",
    document: (live: KindObject) => ({
      name: live.name,
      ...(Array.isArray(live.colors) && live.colors.length > 0 ? { colors: live.colors } : {}),
    }),
  },
  labels: { singular: "widget", plural: "widgets" },
  editorSchema: {
    file: "widget.schema.json",
    description: "One desired Widget, a document of `kind: Widget` beside the Transformations.",
    fields: { name: "The widget's name, unique among the widgets.", colors: "Its colors, in any order." },
  },
};
