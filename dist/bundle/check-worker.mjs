// transync, bundled by scripts/bundle.mjs from src/ and its dependencies (npm run bundle). Do not edit.
import { createRequire as __transyncCreateRequire } from "node:module";
const require = __transyncCreateRequire(import.meta.url);
var __getOwnPropNames = Object.getOwnPropertyNames;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar;
    exports.isSeq = isSeq;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text3, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text3;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text3.length <= endStep)
        return text3;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text3, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text3[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text3[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text3, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text3[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text3[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text3;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text3;
      if (onFold)
        onFold();
      let res = text3.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text3.length;
        if (fold === 0)
          res = `
${indent}${text3.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text3[fold]}\\`;
          res += `
${indent}${text3.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text3, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text3[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text3[++i];
        } else {
          do {
            ch = text3[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text3[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str += "\\x" + code.substr(2);
                    else
                      str += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json[i + 2] === " ")
                  str += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start ? str + json.slice(start) : json;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity.isScalar(node) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start;
          for (const line of lines)
            str += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string2 = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string2;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node.minFractionDigits = str.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string2.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string2.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string2.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string2 = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema3 = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string2.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema3;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema3 = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema3.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep + cb;
              sep = "";
              break;
            }
            case "newline":
              if (comment)
                sep += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap = fc.start.source === "{";
      const fcName = isMap ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap && !sep && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap && !props.found && ctx.options.strict) {
              if (sep)
                for (const st of sep) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep === " ")
            sep = "\n";
          else if (!prevMoreIndented && sep === "\n")
            sep = "\n\n";
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep === "\n")
            value += "\n";
          else
            sep = "\n";
        } else {
          value += sep + content;
          sep = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep === "\n")
            res += sep;
          else
            sep = "\n";
        } else {
          res += sep + lm;
          sep = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context2) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context2;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context2.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context2 = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context2;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep)
        for (const st of sep)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser2 = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep;
          if (scalar.end) {
            sep = scalar.end;
            sep.push(this.sourceToken);
            delete scalar.end;
          } else
            sep = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep = it.sep;
                  sep.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep = fc.end.splice(1, fc.end.length);
            sep.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser2;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema3 = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema3.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    function ucs2length(str) {
      const len = str.length;
      let length = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length;
    }
    exports.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// node_modules/fast-deep-equal/index.js
var require_fast_deep_equal = __commonJS({
  "node_modules/fast-deep-equal/index.js"(exports, module) {
    "use strict";
    module.exports = function equal(a, b) {
      if (a === b) return true;
      if (a && b && typeof a == "object" && typeof b == "object") {
        if (a.constructor !== b.constructor) return false;
        var length, i, keys;
        if (Array.isArray(a)) {
          length = a.length;
          if (length != b.length) return false;
          for (i = length; i-- !== 0; )
            if (!equal(a[i], b[i])) return false;
          return true;
        }
        if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
        if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
        if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
        keys = Object.keys(a);
        length = keys.length;
        if (length !== Object.keys(b).length) return false;
        for (i = length; i-- !== 0; )
          if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;
        for (i = length; i-- !== 0; ) {
          var key = keys[i];
          if (!equal(a[key], b[key])) return false;
        }
        return true;
      }
      return a !== a && b !== b;
    };
  }
});

// node_modules/ajv/dist/runtime/equal.js
var require_equal = __commonJS({
  "node_modules/ajv/dist/runtime/equal.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var equal = require_fast_deep_equal();
    equal.code = 'require("ajv/dist/runtime/equal").default';
    exports.default = equal;
  }
});

// src/desired/check-worker.ts
import { parentPort, workerData } from "node:worker_threads";

// src/model/field-schemas.ts
var SHARED_DEFS = {
  propertyRename: {
    type: "object",
    description: "Renames one field inside `properties` (or `traits`).",
    required: ["oldName", "newName"],
    additionalProperties: false,
    properties: {
      oldName: { type: "string", minLength: 1, description: "Current name of the property.", examples: ["total"] },
      newName: { type: "string", minLength: 1, description: "New name of the property.", examples: ["revenue"] }
    },
    examples: [{ oldName: "total", newName: "revenue" }]
  },
  propertyPath: {
    type: "string",
    minLength: 1,
    description: "Dotted path rooted at `properties.` or `context.`.",
    examples: ["properties.currency", "context.locale"]
  },
  propertyValueTransformation: {
    type: "object",
    description: "Sets every listed path to one static value.",
    required: ["propertyPaths", "propertyValue"],
    additionalProperties: false,
    properties: {
      propertyPaths: {
        type: "array",
        minItems: 1,
        maxItems: 10,
        description: "Paths to set (at most 10), rooted at `properties.` or `context.`.",
        items: { $ref: "#/$defs/propertyPath" },
        examples: [["properties.currency"]]
      },
      propertyValue: { type: "string", description: "The new value of the paths.", examples: ["USD"] }
    },
    examples: [{ propertyPaths: ["properties.currency"], propertyValue: "USD" }]
  },
  fqlDefinedProperty: {
    type: "object",
    description: "A property computed with an FQL expression.",
    required: ["fql", "propertyName"],
    additionalProperties: false,
    properties: {
      fql: { type: "string", minLength: 1, description: "FQL expression computing the value.", examples: ["lowercase(properties.email)"] },
      propertyName: { type: "string", minLength: 1, description: "Full path of the new property.", examples: ["properties.email_lower"] }
    },
    examples: [{ fql: "lowercase(properties.email)", propertyName: "properties.email_lower" }]
  },
  hashEncoding: {
    type: "string",
    enum: ["BASE16", "BASE64", "BASE64URL", "HEX"],
    description: "Encoding of the hash output.",
    examples: ["HEX"]
  }
};
var HASH_CONFIGURATION = {
  type: "object",
  description: "Hashes properties within an event.",
  required: ["algorithm", "paths"],
  additionalProperties: false,
  properties: {
    algorithm: { type: "string", minLength: 1, description: "Hash algorithm (the API documents no fixed list).", examples: ["SHA256"] },
    paths: {
      type: "array",
      minItems: 1,
      description: "Paths of the properties to hash.",
      items: { type: "string", minLength: 1 },
      examples: [["properties.email"]]
    },
    key: { type: "string", description: "Optional key (salt) to hash with.", examples: ["pepper-2026"] },
    encoding: { $ref: "#/$defs/hashEncoding" }
  },
  examples: [{ algorithm: "SHA256", paths: ["properties.email"], encoding: "HEX" }]
};
var DOCUMENT_NAME = {
  $ref: "defs.schema.json#/$defs/name",
  description: "Name of the Transformation: the key that matches it to a live object (unless `id` pins it). Unique across all documents.",
  examples: ["Rename Order Completed"]
};
var DOCUMENT_SOURCE = {
  oneOf: [{ $ref: "defs.schema.json#/$defs/sourceId" }, { $ref: "defs.schema.json#/$defs/slugRef" }],
  description: "Source whose events this Transformation changes: a Source id, a source alias defined in transync.yaml under `environments.<env>.sources` (resolved for the environment chosen with `--env`), or `{ slug: SLUG }`, the source's slug in the workspace (resolved by plan with `GET /sources`).",
  examples: ["web", "qQEHquLrjRDN9j1ByrChyn", { slug: "web" }]
};
var DOCUMENT_DESTINATION = {
  oneOf: [{ $ref: "defs.schema.json#/$defs/destinationMetadataId" }, { $ref: "defs.schema.json#/$defs/slugRef" }],
  description: "Catalog metadata id of a Destination type, an alias of transync.yaml's `destinations:`, or `{ slug: SLUG }`, the type's slug in Segment's catalog (e.g. `amplitude`, resolved by plan with `GET /catalog/destinations`). When set, the Transformation applies only to destinations of that type; absent means it applies to the whole Source.",
  examples: ["547610a5db31d978f14a5c4e", { slug: "amplitude" }]
};
var DOCUMENT_HASH_CONFIGURATION = { $ref: "defs.schema.json#/$defs/documentHashPropertiesConfiguration" };

// src/model/fields.ts
var FIELDS = {
  name: {
    type: "string",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: { step: "orderTransformations", does: "orders the transformations of a scope (by name)" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        maxLength: 255,
        description: "Name of the Transformation. transync matches desired and live objects by name (unless pinned by id).",
        examples: ["Rename Order Completed"]
      },
      planned: "the value",
      document: DOCUMENT_NAME
    },
    examples: ["Field round trip", "Field round trip renamed"]
  },
  sourceId: {
    type: "string (id or source alias)",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "source",
    imported: "value",
    simulated: { step: "orderTransformations", does: "selects the events it applies to" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        maxLength: 255,
        description: "Id of the Source whose events this Transformation changes.",
        examples: ["qQEHquLrjRDN9j1ByrChyn"]
      },
      planned: "the value",
      document: DOCUMENT_SOURCE
    },
    examples: ["src_web", "src_app"]
  },
  destinationMetadataId: {
    type: "string (id or destination alias)",
    required: false,
    clearedWith: null,
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "destination",
    imported: "value",
    simulated: { step: "orderTransformations", does: "scopes it to one destination type" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        maxLength: 255,
        description: "Catalog metadata id of a Destination type (not a destination instance id). When set, the Transformation applies only to destinations of that type; absent means it applies to the whole Source.",
        examples: ["547610a5db31d978f14a5c4e"]
      },
      planned: "the value",
      document: DOCUMENT_DESTINATION
    },
    examples: ["547610a5db31d978f14a5c4e", "54521fd525e721e32a72ee8f"]
  },
  enabled: {
    type: "boolean",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: { step: "orderTransformations", does: "a disabled transformation never applies" },
    schema: {
      value: { type: "boolean", description: "Whether the Transformation is active.", examples: [true] },
      planned: "the value",
      document: "as planned"
    },
    examples: [true, false]
  },
  if: {
    type: "FQL string",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: { step: "ifCondition", does: "step 1: evaluated on the event" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        description: "FQL statement selecting the events to transform. Standard matchers: track `event = 'Order Completed'`, identify `type = 'identify'`, group `type = 'group'`.",
        examples: ["event = 'Order Completed'", "type = 'identify'"]
      },
      planned: "the value",
      document: "as planned"
    },
    examples: ["event = 'Order Completed'", "event = 'Order Placed'"]
  },
  drop: {
    type: "boolean",
    required: false,
    clearedWith: false,
    returned: "never",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "note",
    simulated: { step: "dropsEvent", does: "step 2: drops the event" },
    schema: {
      value: { type: "boolean", description: "Drop matching events entirely; all other transforms are then ignored.", examples: [true] },
      planned: "the value",
      document: "as planned"
    },
    examples: [true, false]
  },
  newEventName: {
    type: "string",
    required: false,
    clearedWith: null,
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: { step: "renameEvent", does: "step 3: renames a track event" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        description: "New name for matching track events (track events only).",
        examples: ["Order Placed"]
      },
      planned: "the value",
      document: "as planned"
    },
    examples: ["Order Placed", "Order Done"]
  },
  propertyRenames: {
    type: "list of {oldName, newName}",
    required: false,
    clearedWith: [],
    returned: "always",
    compare: "set",
    members: "all",
    aliased: "no",
    imported: "value",
    simulated: { step: "renameProperties", does: "step 4: renames properties or traits" },
    schema: {
      value: {
        type: "array",
        description: "Renames of fields inside `properties` or `traits`.",
        items: { $ref: "#/$defs/propertyRename" },
        examples: [[{ oldName: "total", newName: "revenue" }]]
      },
      planned: "the value",
      document: "as planned"
    },
    examples: [[{ oldName: "total", newName: "revenue" }], [{ oldName: "sku", newName: "product_sku" }]]
  },
  propertyValueTransformations: {
    type: "list of {propertyPaths, propertyValue}",
    required: false,
    clearedWith: [],
    returned: "always",
    compare: "set",
    members: { compared: ["propertyPaths", "propertyValue"], sets: ["propertyPaths"] },
    aliased: "no",
    imported: "value",
    simulated: { step: "setPropertyValues", does: "step 5: sets static values" },
    schema: {
      value: {
        type: "array",
        maxItems: 10,
        description: "Static values to set (at most 10 properties).",
        items: { $ref: "#/$defs/propertyValueTransformation" },
        examples: [[{ propertyPaths: ["properties.currency"], propertyValue: "USD" }]]
      },
      planned: "the value",
      document: "as planned"
    },
    examples: [
      [{ propertyPaths: ["properties.currency"], propertyValue: "USD" }],
      [{ propertyPaths: ["context.locale"], propertyValue: "en" }]
    ]
  },
  fqlDefinedProperties: {
    type: "list of {fql, propertyName}",
    required: false,
    clearedWith: [],
    returned: "not in lists",
    compare: "set",
    members: "all",
    aliased: "no",
    imported: "value",
    simulated: { step: "setFqlProperties", does: "step 6: sets computed properties" },
    schema: {
      value: {
        type: "array",
        maxItems: 1,
        description: "FQL-defined properties (at most 1). Cannot be combined with renames or value transformations.",
        items: { $ref: "#/$defs/fqlDefinedProperty" },
        examples: [[{ fql: "lowercase(properties.email)", propertyName: "properties.email_lower" }]]
      },
      planned: "the value",
      document: "as planned"
    },
    examples: [
      [{ fql: "lowercase(properties.email)", propertyName: "properties.email_lower" }],
      [{ fql: "uppercase(properties.sku)", propertyName: "properties.sku_upper" }]
    ]
  },
  allowProperties: {
    type: "list of strings",
    required: false,
    clearedWith: [],
    returned: "always",
    compare: "set",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: { step: "allowProperties", does: "step 7: keeps only these top-level properties or traits" },
    schema: {
      value: {
        type: "array",
        description: "Allow-list: only these properties are kept.",
        items: { type: "string", minLength: 1 },
        examples: [["order_id", "revenue"]]
      },
      planned: "the value",
      document: "as planned"
    },
    examples: [["order_id", "revenue"], ["email"]]
  },
  hashPropertiesConfiguration: {
    type: "{algorithm, paths, key?, encoding?}",
    required: false,
    clearedWith: null,
    returned: "never",
    compare: "scalar",
    members: { compared: ["algorithm", "paths", "key", "encoding"], sets: ["paths"] },
    aliased: "no",
    imported: "note",
    simulated: { step: "hashProperties", does: "step 8: hashes the listed paths" },
    schema: {
      value: HASH_CONFIGURATION,
      planned: DOCUMENT_HASH_CONFIGURATION,
      document: DOCUMENT_HASH_CONFIGURATION
    },
    examples: [
      { algorithm: "SHA256", paths: ["properties.email"] },
      { algorithm: "SHA256", paths: ["properties.phone"], encoding: "HEX" }
    ]
  }
};
var FIELD_NAMES = Object.keys(FIELDS);
function fieldsWhere(test) {
  return FIELD_NAMES.filter((field) => test(FIELDS[field], field));
}

// src/model/transformation.ts
var CLEARING_VALUES = Object.fromEntries(
  fieldsWhere((facts) => !facts.required).map((field) => [field, FIELDS[field].clearedWith])
);
function isNullCleared(field) {
  return Object.hasOwn(CLEARING_VALUES, field) && CLEARING_VALUES[field] === null;
}
var WRITE_ONLY_FIELDS = fieldsWhere((facts) => facts.returned === "never");
var TRANSFORM_FIELDS = [
  "newEventName",
  "propertyRenames",
  "propertyValueTransformations",
  "fqlDefinedProperties",
  "allowProperties",
  "hashPropertiesConfiguration"
];
var LIST_OMITTED_FIELDS = fieldsWhere((facts) => facts.returned === "not in lists");
var INPUT_FIELDS = FIELD_NAMES;

// src/desired/yaml-lib.ts
var loaded;
function yamlLib() {
  loaded ??= require_dist();
  return loaded;
}

// src/desired/positions.ts
function dottedPath(path) {
  return path.join(".");
}
function lookupNode(doc, path) {
  const { isAlias, isMap, isSeq } = yamlLib();
  let node = doc.contents ?? void 0;
  let key;
  let nearest2 = node;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(doc);
    nearest2 = node ?? nearest2;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(segment));
      if (!pair) return { nearest: nearest2 };
      key = pair.key;
      node = pair.value ?? void 0;
    } else if (isSeq(node)) {
      key = void 0;
      node = node.items[Number(segment)];
    } else {
      return { nearest: nearest2 };
    }
    if (node === void 0 || node === null) return { key, nearest: key ?? nearest2 };
  }
  return { value: node, key, nearest: node };
}
function keyText(key) {
  if (yamlLib().isScalar(key)) return String(key.value);
  return String(key);
}
function offsetOf(lookup, atKey = false) {
  const preferred = atKey ? lookup.key ?? lookup.value : lookup.value ?? lookup.key;
  return (preferred ?? lookup.nearest)?.range?.[0] ?? 0;
}
function linePos(lineCounter, offset) {
  const pos = lineCounter.linePos(offset);
  return { line: Math.max(1, pos.line), col: Math.max(1, pos.col) };
}
function scalarValueOffset(text3, node, valueOffset) {
  if (!yamlLib().isScalar(node) || !node.range) return node?.range?.[0] ?? 0;
  const [start, end] = node.range;
  const mapped = mapInScalar(text3, node, start, end, valueOffset);
  return mapped === void 0 ? start : Math.min(Math.max(mapped, start), end);
}
function mapInScalar(text3, node, start, end, valueOffset) {
  const raw = text3.slice(start, end);
  switch (node.type) {
    case "PLAIN":
      return raw.includes("\n") ? void 0 : start + valueOffset;
    case "QUOTE_SINGLE":
      return walkQuoted(text3, start + 1, end, valueOffset, (i) => text3[i] === "'" && text3[i + 1] === "'" ? 2 : 1);
    case "QUOTE_DOUBLE":
      return walkQuoted(text3, start + 1, end, valueOffset, (i) => text3[i] === "\\" ? escapeLength(text3[i + 1]) : 1);
    case "BLOCK_LITERAL":
      return mapInLiteralBlock(text3, start, end, String(node.value), valueOffset);
    case "BLOCK_FOLDED":
    // not mapped: the start of the scalar is used
    case void 0:
      return void 0;
  }
}
function walkQuoted(text3, from, end, valueOffset, step) {
  let i = from;
  for (let v = 0; v < valueOffset && i < end; v++) {
    if (text3[i] === "\n") return void 0;
    i += step(i);
  }
  return i;
}
function escapeLength(escape) {
  if (escape === "x") return 4;
  if (escape === "u") return 6;
  if (escape === "U") return 10;
  return 2;
}
function mapInLiteralBlock(text3, start, end, value, valueOffset) {
  const before = value.slice(0, valueOffset);
  const lineIndex = before.split("\n").length - 1;
  const colInLine = valueOffset - (before.lastIndexOf("\n") + 1);
  const contentStart = text3.indexOf("\n", start) + 1;
  if (contentStart <= 0 || contentStart >= end) return void 0;
  const lines = text3.slice(contentStart, end).split("\n");
  const indent = lines.find((l) => l.trim() !== "")?.match(/^ */)?.[0].length ?? 0;
  let offset = contentStart;
  for (let k = 0; k < lineIndex; k++) offset += (lines[k]?.length ?? 0) + 1;
  return offset + indent + colInLine;
}

// src/desired/file-rules.ts
var FILE_LIMITS = {
  /** One file; larger files are refused before they are read. */
  maxFileBytes: 5 * 1024 * 1024,
  /** All documents of one read together. */
  maxTotalBytes: 64 * 1024 * 1024,
  /** Candidate files below the folder. */
  maxFiles: 2e4,
  /** Symbolic links followed while resolving one path (the kernel's ELOOP limit is 40 too). */
  maxLinkHops: 40,
  /** Folders nested below the documents folder. */
  maxDepth: 64,
  /** Folders walked in one listing. */
  maxFolders: 1e4,
  /** A link's stored target text. */
  maxLinkBytes: 4096
};

// src/desired/yaml-limits.ts
var YAML_LIMITS = {
  /** The file rules' cap (file-rules.ts), repeated here for the YAML readers' callers. */
  maxFileBytes: FILE_LIMITS.maxFileBytes,
  maxDocumentsPerFile: 1e4,
  /** How many times aliases may be expanded while converting one document (yaml's resource guard). */
  maxAliasCount: 100,
  maxDepth: 64
};

// node_modules/js-yaml/dist/js-yaml.mjs
var NOT_RESOLVED = /* @__PURE__ */ Symbol("NOT_RESOLVED");
function defineScalarTag(tagName, options) {
  return {
    tagName,
    nodeKind: "scalar",
    implicit: options.implicit ?? false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    implicitFirstChars: options.implicitFirstChars ?? null,
    resolve: options.resolve,
    identify: options.identify,
    represent: options.represent ?? ((data) => String(data)),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineSequenceTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "sequence",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addItem: options.addItem,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineMappingTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "mapping",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addPair: options.addPair,
    has: options.has,
    keys: options.keys,
    get: options.get,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
var strTag = defineScalarTag("tag:yaml.org,2002:str", {
  resolve: (source) => source,
  identify: (data) => typeof data === "string"
});
var NULL_VALUES$1 = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
var nullCoreTag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: [
    "",
    "~",
    "n",
    "N"
  ],
  resolve: (source) => {
    if (NULL_VALUES$1.indexOf(source) !== -1) return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var nullJsonTag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: ["n"],
  resolve: (source, isExplicit) => {
    if (source === "null" || isExplicit && source === "") return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var NULL_VALUES = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
var nullYaml11Tag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: [
    "",
    "~",
    "n",
    "N"
  ],
  resolve: (source) => {
    if (NULL_VALUES.indexOf(source) !== -1) return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var TRUE_VALUES$2 = [
  "true",
  "True",
  "TRUE"
];
var FALSE_VALUES$2 = [
  "false",
  "False",
  "FALSE"
];
var boolCoreTag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: [
    "t",
    "T",
    "f",
    "F"
  ],
  resolve: (source) => {
    if (TRUE_VALUES$2.indexOf(source) !== -1) return true;
    if (FALSE_VALUES$2.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var TRUE_VALUES$1 = ["true"];
var FALSE_VALUES$1 = ["false"];
var boolJsonTag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: ["t", "f"],
  resolve: (source) => {
    if (TRUE_VALUES$1.indexOf(source) !== -1) return true;
    if (FALSE_VALUES$1.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var TRUE_VALUES = [
  "true",
  "True",
  "TRUE",
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "on",
  "On",
  "ON"
];
var FALSE_VALUES = [
  "false",
  "False",
  "FALSE",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "off",
  "Off",
  "OFF"
];
var boolYaml11Tag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: [
    "y",
    "Y",
    "n",
    "N",
    "t",
    "T",
    "f",
    "F",
    "o",
    "O"
  ],
  resolve: (source) => {
    if (TRUE_VALUES.indexOf(source) !== -1) return true;
    if (FALSE_VALUES.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var YAML_INTEGER_IMPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
var YAML_INTEGER_EXPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$2(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$2(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$2(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intCoreTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ..."0123456789"
  ],
  resolve: resolveYamlInteger$2,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_INTEGER_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)$");
var YAML_INTEGER_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$1(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$1(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intJsonTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlInteger$1,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_INTEGER_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+|[-+]?(?:0|[1-9][0-9_]*))$");
function parseYamlInteger(source) {
  let value = source.replace(/_/g, "");
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  if (value.includes(":")) {
    let result = 0;
    for (const part of value.split(":")) result = result * 60 + Number(part);
    return sign * result;
  }
  if (value !== "0" && value[0] === "0") return sign * parseInt(value, 8);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger(source) {
  if (!YAML_INTEGER_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intYaml11Tag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ..."0123456789"
  ],
  resolve: resolveYamlInteger,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_FLOAT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$2(source) {
  if (!YAML_FLOAT_PATTERN$1.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase();
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  const result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN$1.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$2(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatCoreTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ".",
    ..."0123456789"
  ],
  resolve: resolveYamlFloat$2,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat$2
});
var YAML_FLOAT_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$");
var YAML_FLOAT_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_FLOAT_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
    let value = source.toLowerCase();
    const sign = value[0] === "-" ? -1 : 1;
    if ("+-".includes(value[0])) value = value.slice(1);
    if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (value === ".nan") return NaN;
    const result2 = sign * parseFloat(value);
    return Number.isFinite(result2) ? result2 : NOT_RESOLVED;
  }
  if (!YAML_FLOAT_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = Number(source);
  if (Number.isFinite(result)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$1(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatJsonTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlFloat$1,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat$1
});
var YAML_FLOAT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?(?:(?:[0-9][0-9_]*)?\\.[0-9_]*)(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat(source) {
  if (!YAML_FLOAT_PATTERN.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase().replace(/_/g, "");
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  let result = 0;
  if (value.includes(":")) {
    for (const part of value.split(":")) result = result * 60 + Number(part);
    result *= sign;
  } else result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatYaml11Tag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ".",
    ..."0123456789"
  ],
  resolve: resolveYamlFloat,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat
});
var mergeTag = defineScalarTag("tag:yaml.org,2002:merge", {
  implicit: true,
  implicitFirstChars: ["<"],
  resolve: (source, isExplicit) => {
    if (source === "<<" || isExplicit && source === "") return "<<";
    return NOT_RESOLVED;
  },
  identify: () => false
});
var BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
function resolveYamlBinary(source) {
  const input = source.replace(/\s/g, "");
  if (input.length % 4 !== 0 || !BASE64_PATTERN.test(input)) return NOT_RESOLVED;
  const binary = atob(input);
  const result = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) result[index] = binary.charCodeAt(index);
  return result;
}
function representYamlBinary(object) {
  let binary = "";
  for (let index = 0; index < object.length; index++) binary += String.fromCharCode(object[index]);
  return btoa(binary);
}
var binaryTag = defineScalarTag("tag:yaml.org,2002:binary", {
  resolve: resolveYamlBinary,
  identify: (object) => Object.prototype.toString.call(object) === "[object Uint8Array]",
  represent: representYamlBinary
});
var YAML_DATE_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$");
var YAML_TIMESTAMP_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$");
function makeUtcDate(year, month, day, hour = 0, minute = 0, second = 0, fraction = 0) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
  date.setUTCFullYear(year, month, day);
  return date;
}
function resolveYamlTimestamp(source) {
  let match = YAML_DATE_REGEXP.exec(source);
  if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(source);
  if (match === null) return NOT_RESOLVED;
  const year = +match[1];
  const month = +match[2] - 1;
  const day = +match[3];
  if (!match[4]) {
    const date2 = makeUtcDate(year, month, day);
    if (date2.getUTCFullYear() !== year || date2.getUTCMonth() !== month || date2.getUTCDate() !== day) return NOT_RESOLVED;
    return date2;
  }
  const hour = +match[4];
  const minute = +match[5];
  const second = +match[6];
  let fraction = 0;
  if (hour > 23 || minute > 59 || second > 59) return NOT_RESOLVED;
  if (match[7]) {
    let value = match[7].slice(0, 3);
    while (value.length < 3) value += "0";
    fraction = +value;
  }
  const date = makeUtcDate(year, month, day, hour, minute, second, fraction);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return NOT_RESOLVED;
  if (match[9]) {
    const offsetHour = +match[10];
    const offsetMinute = +(match[11] || 0);
    if (offsetHour > 23 || offsetMinute > 59) return NOT_RESOLVED;
    const offset = (offsetHour * 60 + offsetMinute) * 6e4;
    date.setTime(date.getTime() - (match[9] === "-" ? -offset : offset));
  }
  return date;
}
var timestampTag = defineScalarTag("tag:yaml.org,2002:timestamp", {
  implicit: true,
  implicitFirstChars: [..."0123456789"],
  resolve: resolveYamlTimestamp,
  identify: (object) => object instanceof Date,
  represent: (object) => object.toISOString()
});
var seqTag = defineSequenceTag("tag:yaml.org,2002:seq", {
  create: () => [],
  addItem: (container, item) => {
    container.push(item);
  },
  identify: Array.isArray
});
function isPlainObject(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
  const prototype = Object.getPrototypeOf(data);
  return prototype === null || prototype === Object.prototype;
}
var omapTag = defineSequenceTag("tag:yaml.org,2002:omap", {
  create: () => ({
    list: [],
    seen: /* @__PURE__ */ new Set()
  }),
  addItem: (carrier, item) => {
    let key;
    if (item instanceof Map) {
      if (item.size !== 1) return "cannot resolve an ordered map item";
      key = item.keys().next().value;
    } else if (isPlainObject(item)) {
      const itemKeys = Object.keys(item);
      if (itemKeys.length !== 1) return "cannot resolve an ordered map item";
      key = itemKeys[0];
    } else return "cannot resolve an ordered map item";
    if (carrier.seen.has(key)) return "duplicate key in ordered map";
    carrier.seen.add(key);
    carrier.list.push(item);
    return "";
  },
  finalize: (carrier) => carrier.list,
  identify: () => false
});
var pairsTag = defineSequenceTag("tag:yaml.org,2002:pairs", {
  create: () => [],
  addItem: (container, item) => {
    if (item instanceof Map) {
      if (item.size !== 1) return "cannot resolve a pairs item";
      container.push(item.entries().next().value);
      return "";
    }
    if (Object.prototype.toString.call(item) !== "[object Object]") return "cannot resolve a pairs item";
    const object = item;
    const keys = Object.keys(object);
    if (keys.length !== 1) return "cannot resolve a pairs item";
    container.push([keys[0], object[keys[0]]]);
    return "";
  },
  identify: () => false
});
var mapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => ({}),
  identify: isPlainObject,
  represent: (o) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of Object.keys(o)) map.set(key, o[key]);
    return map;
  },
  addPair: (container, key, value) => {
    if (key !== null && typeof key === "object") return "object-based map does not support complex keys";
    const normalizedKey = String(key);
    if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
      value,
      enumerable: true,
      configurable: true,
      writable: true
    });
    else container[normalizedKey] = value;
    return "";
  },
  has: (container, key) => {
    if (key !== null && typeof key === "object") return false;
    return Object.prototype.hasOwnProperty.call(container, String(key));
  },
  keys: (container) => Object.keys(container),
  get: (container, key) => {
    const normalizedKey = String(key);
    if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
    return container[normalizedKey];
  }
});
var setTag = defineMappingTag("tag:yaml.org,2002:set", {
  create: () => /* @__PURE__ */ new Set(),
  identify: (data) => data instanceof Set,
  represent: (data) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of data) map.set(key, null);
    return map;
  },
  addPair: (container, key, value) => {
    if (value !== null) return "cannot resolve a set item";
    container.add(key);
    return "";
  },
  has: (container, key) => container.has(key),
  keys: (container) => container.keys(),
  get: () => null
});
function createTagDefinitionMap() {
  return {
    scalar: /* @__PURE__ */ Object.create(null),
    sequence: /* @__PURE__ */ Object.create(null),
    mapping: /* @__PURE__ */ Object.create(null)
  };
}
function createTagDefinitionListMap() {
  return {
    scalar: [],
    sequence: [],
    mapping: []
  };
}
function compileTags(tags) {
  const result = [];
  for (const tag of tags) {
    let index = result.length;
    for (let previousIndex = 0; previousIndex < result.length; previousIndex++) {
      const previous = result[previousIndex];
      if (previous.nodeKind === tag.nodeKind && previous.tagName === tag.tagName && previous.matchByTagPrefix === tag.matchByTagPrefix) {
        index = previousIndex;
        break;
      }
    }
    result[index] = tag;
  }
  return result;
}
var Schema = class Schema2 {
  tags;
  /** @internal */
  implicitScalarTags;
  /**
  * Dispatch implicit scalar resolvers by `source.charAt(0)`. Each bucket holds
  * the resolvers that may match that key, in schema order; a key absent from
  * the map uses
  * {@link Schema.implicitScalarAnyFirstChar}
  * (resolvers that declared no first-char constraint, so they apply to any
  * first character).
  */
  implicitScalarByFirstChar;
  implicitScalarAnyFirstChar;
  /**
  * The default scalar tag (`!!str`), resolved once so the composer's fallback
  * for unresolved plain scalars avoids a keyed lookup per scalar.
  *
  * @internal
  */
  defaultScalarTag;
  /**
  * The default container tags (`!!seq` / `!!map`), used by the dumper: when a
  * value is identified by its default tag, the tag is implicit and not
  * printed. Undefined if the schema does not define them (then such values
  * can't be dumped).
  *
  * @internal
  */
  defaultSequenceTag;
  /** @internal */
  defaultMappingTag;
  exact;
  prefix;
  constructor(tags) {
    const compiledTags = compileTags(tags);
    const implicitScalarTags = [];
    const exact = createTagDefinitionMap();
    const prefix = createTagDefinitionListMap();
    for (const tag of compiledTags) {
      if (tag.nodeKind === "scalar" && tag.implicit) {
        if (tag.matchByTagPrefix) throw new Error("Implicit scalar tags cannot match by tag prefix");
        implicitScalarTags.push(tag);
      }
      switch (tag.nodeKind) {
        case "scalar":
          if (tag.matchByTagPrefix) prefix.scalar.push(tag);
          else exact.scalar[tag.tagName] = tag;
          break;
        case "sequence":
          if (tag.matchByTagPrefix) prefix.sequence.push(tag);
          else exact.sequence[tag.tagName] = tag;
          break;
        case "mapping":
          if (tag.matchByTagPrefix) prefix.mapping.push(tag);
          else exact.mapping[tag.tagName] = tag;
      }
    }
    const implicitScalarAnyFirstChar = implicitScalarTags.filter((tag) => tag.implicitFirstChars === null);
    const keys = /* @__PURE__ */ new Set();
    for (const tag of implicitScalarTags) if (tag.implicitFirstChars !== null) for (const key of tag.implicitFirstChars) keys.add(key);
    const implicitScalarByFirstChar = /* @__PURE__ */ new Map();
    for (const key of keys) implicitScalarByFirstChar.set(key, implicitScalarTags.filter((tag) => tag.implicitFirstChars === null || tag.implicitFirstChars.indexOf(key) !== -1));
    const defaultScalarTag = exact.scalar["tag:yaml.org,2002:str"];
    if (!defaultScalarTag) throw new Error("schema does not define the default scalar tag (tag:yaml.org,2002:str)");
    this.tags = compiledTags;
    this.implicitScalarTags = implicitScalarTags;
    this.implicitScalarByFirstChar = implicitScalarByFirstChar;
    this.implicitScalarAnyFirstChar = implicitScalarAnyFirstChar;
    this.defaultScalarTag = defaultScalarTag;
    this.defaultSequenceTag = exact.sequence["tag:yaml.org,2002:seq"];
    this.defaultMappingTag = exact.mapping["tag:yaml.org,2002:map"];
    this.exact = exact;
    this.prefix = prefix;
  }
  /** @internal */
  lookupScalarTag(tagName) {
    const exactTag = this.exact.scalar[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.scalar) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  lookupSequenceTag(tagName) {
    const exactTag = this.exact.sequence[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.sequence) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  lookupMappingTag(tagName) {
    const exactTag = this.exact.mapping[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.mapping) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  resolveImplicitScalarTag(source) {
    const candidates = this.implicitScalarByFirstChar.get(source.charAt(0)) ?? this.implicitScalarAnyFirstChar;
    for (const tag2 of candidates) {
      const value = tag2.resolve(source, false, tag2.tagName);
      if (value !== NOT_RESOLVED) return {
        value,
        tag: tag2
      };
    }
    const tag = this.defaultScalarTag;
    return {
      value: tag.resolve(source, false, tag.tagName),
      tag
    };
  }
  /**
  * Creates a new schema with the specified tags added. If a tag already
  * exists, it is replaced by the specified tag.
  *
  * @example
  *
  * ```javascript
  * import { CORE_SCHEMA, mergeTag, realMapTag } from 'js-yaml'
  *
  * const schema = CORE_SCHEMA.withTags(mergeTag, realMapTag)
  * ```
  */
  withTags(...tags) {
    let flatTags = [];
    for (const tag of tags) flatTags = flatTags.concat(tag);
    return new Schema2([...this.tags, ...flatTags]);
  }
};
var FAILSAFE_SCHEMA = new Schema([
  strTag,
  seqTag,
  mapTag
]);
var JSON_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullJsonTag,
  boolJsonTag,
  intJsonTag,
  floatJsonTag
]);
var CORE_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullCoreTag,
  boolCoreTag,
  intCoreTag,
  floatCoreTag
]);
var YAML11_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullYaml11Tag,
  boolYaml11Tag,
  intYaml11Tag,
  floatYaml11Tag,
  timestampTag,
  mergeTag,
  binaryTag,
  omapTag,
  pairsTag,
  setTag
]);
var DUMP_SCHEMA = YAML11_SCHEMA.withTags({
  ...intYaml11Tag,
  resolve: (source, isExplicit, tagName) => {
    const result = intYaml11Tag.resolve(source, isExplicit, tagName);
    return result === NOT_RESOLVED ? intCoreTag.resolve(source, isExplicit, tagName) : result;
  }
}, {
  ...floatYaml11Tag,
  resolve: (source, isExplicit, tagName) => {
    const result = floatYaml11Tag.resolve(source, isExplicit, tagName);
    return result === NOT_RESOLVED ? floatCoreTag.resolve(source, isExplicit, tagName) : result;
  }
});
var realMapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => /* @__PURE__ */ new Map(),
  addPair: (container, key, value) => {
    container.set(key, value);
    return "";
  },
  has: (container, key) => container.has(key),
  keys: (container) => container.keys(),
  get: (container, key) => container.get(key),
  identify: (data) => data instanceof Map || isPlainObject(data),
  represent: (data) => {
    if (data instanceof Map) return data;
    const map = /* @__PURE__ */ new Map();
    const obj = data;
    for (const key of Object.keys(obj)) map.set(key, obj[key]);
    return map;
  }
});
function normalizeKey(key) {
  if (Array.isArray(key)) {
    const array = Array.prototype.slice.call(key);
    for (let index = 0; index < array.length; index++) {
      if (Array.isArray(array[index])) return null;
      if (typeof array[index] === "object" && Object.prototype.toString.call(array[index]) === "[object Object]") array[index] = "[object Object]";
    }
    return String(array);
  }
  if (typeof key === "object" && Object.prototype.toString.call(key) === "[object Object]") return "[object Object]";
  return String(key);
}
var legacyMapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => ({}),
  identify: isPlainObject,
  represent: (o) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of Object.keys(o)) map.set(key, o[key]);
    return map;
  },
  addPair: (container, key, value) => {
    const normalizedKey = normalizeKey(key);
    if (normalizedKey === null) return "nested arrays are not supported inside keys";
    if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
      value,
      enumerable: true,
      configurable: true,
      writable: true
    });
    else container[normalizedKey] = value;
    return "";
  },
  has: (container, key) => {
    const normalizedKey = normalizeKey(key);
    return normalizedKey !== null && Object.prototype.hasOwnProperty.call(container, normalizedKey);
  },
  keys: (container) => Object.keys(container),
  get: (container, key) => {
    const normalizedKey = String(key);
    if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
    return container[normalizedKey];
  }
});
var DEFAULT_SNIPPET_OPTIONS = {
  maxLength: 79,
  indent: 1,
  linesBefore: 3,
  linesAfter: 2
};
function getLine(buffer, lineStart, lineEnd, position, maxLineLength) {
  let head = "";
  let tail = "";
  const maxHalfLength = Math.floor(maxLineLength / 2) - 1;
  if (position - lineStart > maxHalfLength) {
    head = " ... ";
    lineStart = position - maxHalfLength + head.length;
  }
  if (lineEnd - position > maxHalfLength) {
    tail = " ...";
    lineEnd = position + maxHalfLength - tail.length;
  }
  return {
    str: head + buffer.slice(lineStart, lineEnd).replace(/\t/g, "\u2192") + tail,
    pos: position - lineStart + head.length
  };
}
function padStart(string2, max) {
  return " ".repeat(Math.max(max - string2.length, 0)) + string2;
}
function makeSnippet(mark, options) {
  if (!mark.buffer) return null;
  const opts = {
    ...DEFAULT_SNIPPET_OPTIONS,
    ...options
  };
  const re = /\r?\n|\r|\0/g;
  const lineStarts = [0];
  const lineEnds = [];
  let match;
  let foundLineNo = -1;
  while (match = re.exec(mark.buffer)) {
    lineEnds.push(match.index);
    lineStarts.push(match.index + match[0].length);
    if (mark.position <= match.index && foundLineNo < 0) foundLineNo = lineStarts.length - 2;
  }
  if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
  let result = "";
  const lineNoLength = Math.min(mark.line + opts.linesAfter, lineEnds.length).toString().length;
  const maxLineLength = opts.maxLength - (opts.indent + lineNoLength + 3);
  for (let i = 1; i <= opts.linesBefore; i++) {
    if (foundLineNo - i < 0) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo - i], lineEnds[foundLineNo - i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]), maxLineLength);
    result = `${" ".repeat(opts.indent)}${padStart((mark.line - i + 1).toString(), lineNoLength)} | ${line2.str}
${result}`;
  }
  const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
  result += `${" ".repeat(opts.indent)}${padStart((mark.line + 1).toString(), lineNoLength)} | ${line.str}
`;
  result += `${"-".repeat(opts.indent + lineNoLength + 3 + line.pos)}^
`;
  for (let i = 1; i <= opts.linesAfter; i++) {
    if (foundLineNo + i >= lineEnds.length) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo + i], lineEnds[foundLineNo + i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]), maxLineLength);
    result += `${" ".repeat(opts.indent)}${padStart((mark.line + i + 1).toString(), lineNoLength)} | ${line2.str}
`;
  }
  return result.replace(/\n$/, "");
}
function formatError(exception, compact) {
  let where = "";
  if (!exception.mark) return exception.reason;
  if (exception.mark.name) where += `in "${exception.mark.name}" `;
  where += `(${exception.mark.line + 1}:${exception.mark.column + 1})`;
  if (!compact && exception.mark.snippet) where += `

${exception.mark.snippet}`;
  return `${exception.reason} ${where}`;
}
var YAMLException = class YAMLException2 extends Error {
  reason;
  mark;
  /**
  * Optional `mark` contains source snippet data. Usually, use
  * {@link YAMLException.throwAt} instead of passing it directly.
  */
  constructor(reason, mark) {
    super();
    this.name = "YAMLException";
    this.reason = reason;
    this.mark = mark;
    this.message = formatError(this, false);
    if (Error.captureStackTrace) Error.captureStackTrace(this, this.constructor);
  }
  /**
  * Returns the formatted error, omitting the source snippet in compact mode.
  */
  toString(compact) {
    return `${this.name}: ${formatError(this, compact)}`;
  }
  /**
  * Builds a YAMLException with a source snippet and throws it. `source` is
  * the raw input text; `position` is an offset into it.
  */
  static throwAt(source, position, message, filename = "") {
    let line = 0;
    let lineStart = 0;
    for (let index = 0; index < position; index++) {
      const ch = source.charCodeAt(index);
      if (ch === 10) {
        line++;
        lineStart = index + 1;
      } else if (ch === 13) {
        line++;
        if (source.charCodeAt(index + 1) === 10) index++;
        lineStart = index + 1;
      }
    }
    const mark = {
      name: filename,
      buffer: source,
      position,
      line,
      column: position - lineStart
    };
    mark.snippet = makeSnippet(mark);
    throw new YAMLException2(message, mark);
  }
};
var EVENT_ID = {
  DOCUMENT: 1,
  SEQUENCE: 2,
  MAPPING: 3,
  SCALAR: 4,
  ALIAS: 5,
  POP: 6
};
var SCALAR_STYLE = {
  PLAIN: 1,
  SINGLE_QUOTED: 2,
  DOUBLE_QUOTED: 3,
  LITERAL_BLOCK: 4,
  FOLDED_BLOCK: 5
};
var COLLECTION_STYLE = {
  BLOCK: 1,
  FLOW: 2
};
var CHOMPING_MODE = {
  CLIP: 1,
  STRIP: 2,
  KEEP: 3
};
var NO_RANGE$3 = -1;
function simpleEscapeSequence(c) {
  switch (c) {
    case 48:
      return "\0";
    case 97:
      return "\x07";
    case 98:
      return "\b";
    case 116:
      return "	";
    case 9:
      return "	";
    case 110:
      return "\n";
    case 118:
      return "\v";
    case 102:
      return "\f";
    case 114:
      return "\r";
    case 101:
      return "\x1B";
    case 32:
      return " ";
    case 34:
      return '"';
    case 47:
      return "/";
    case 92:
      return "\\";
    case 78:
      return "\x85";
    case 95:
      return "\xA0";
    case 76:
      return "\u2028";
    case 80:
      return "\u2029";
    default:
      return "";
  }
}
var simpleEscapeCheck = new Array(256);
var simpleEscapeMap = new Array(256);
for (let i = 0; i < 256; i++) {
  simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
  simpleEscapeMap[i] = simpleEscapeSequence(i);
}
function charFromCodepoint(c) {
  if (c <= 65535) return String.fromCharCode(c);
  return String.fromCharCode((c - 65536 >> 10) + 55296, (c - 65536 & 1023) + 56320);
}
function fromHexCode$1(c) {
  if (c >= 48 && c <= 57) return c - 48;
  return (c | 32) - 97 + 10;
}
function escapedHexLen$1(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  return 8;
}
function skipFoldedBreaks(input, position, end) {
  let breaks = 0;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 10) {
      breaks++;
      position++;
    } else if (ch === 13) {
      breaks++;
      position++;
      if (input.charCodeAt(position) === 10) position++;
    } else if (ch === 32 || ch === 9) position++;
    else break;
  }
  return {
    position,
    breaks
  };
}
function foldedBreaks(count) {
  if (count === 1) return " ";
  return "\n".repeat(count - 1);
}
function getPlainValue(input, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, captureEnd);
}
function getSingleQuotedValue(input, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 39) {
      result += input.slice(captureStart, position) + "'";
      position += 2;
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, end);
}
function getDoubleQuotedValue(input, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 92) {
      result += input.slice(captureStart, position);
      position++;
      const escaped = input.charCodeAt(position);
      if (escaped === 10 || escaped === 13) position = skipFoldedBreaks(input, position, end).position;
      else if (escaped < 256 && simpleEscapeCheck[escaped]) {
        result += simpleEscapeMap[escaped];
        position++;
      } else {
        let hexLength = escapedHexLen$1(escaped);
        let hexResult = 0;
        for (; hexLength > 0; hexLength--) {
          position++;
          const digit = fromHexCode$1(input.charCodeAt(position));
          hexResult = (hexResult << 4) + digit;
        }
        result += charFromCodepoint(hexResult);
        position++;
      }
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, end);
}
function getBlockValue(input, start, end, indent, chomping, folded) {
  const textIndent = indent < 0 ? 0 : indent;
  const region = input.slice(start, end).replace(/\r\n?/g, "\n");
  const lines = region === "" ? [] : (region.endsWith("\n") ? region.slice(0, -1) : region).split("\n");
  let result = "";
  let didReadContent = false;
  let emptyLines = 0;
  let atMoreIndented = false;
  for (const line of lines) {
    let column = 0;
    while (column < textIndent && line.charCodeAt(column) === 32) column++;
    if (indent < 0 || column >= line.length) {
      emptyLines++;
      continue;
    }
    const content = line.slice(textIndent);
    const first = content.charCodeAt(0);
    if (folded) {
      if (first === 32 || first === 9) {
        atMoreIndented = true;
        result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
      } else if (atMoreIndented) {
        atMoreIndented = false;
        result += "\n".repeat(emptyLines + 1);
      } else if (emptyLines === 0) {
        if (didReadContent) result += " ";
      } else result += "\n".repeat(emptyLines);
    } else result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
    result += content;
    didReadContent = true;
    emptyLines = 0;
  }
  if (chomping === CHOMPING_MODE.KEEP) result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
  else if (chomping !== CHOMPING_MODE.STRIP) {
    if (didReadContent) result += "\n";
  }
  return result;
}
function getScalarValue(input, scalar) {
  if (scalar.valueStart === NO_RANGE$3) return "";
  const { valueStart, valueEnd } = scalar;
  if (scalar.fast) return input.slice(valueStart, valueEnd);
  switch (scalar.style) {
    case SCALAR_STYLE.SINGLE_QUOTED:
      return getSingleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.DOUBLE_QUOTED:
      return getDoubleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.LITERAL_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, false);
    case SCALAR_STYLE.FOLDED_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, true);
    default:
      return getPlainValue(input, valueStart, valueEnd);
  }
}
var DEFAULT_TAG_HANDLERS = Object.assign(/* @__PURE__ */ Object.create(null), {
  "!": "!",
  "!!": "tag:yaml.org,2002:"
});
var TAG_SUFFIX_CHARS = "-#;/?:@&=+$_.~*'()";
var TAG_URI_CHARS = TAG_SUFFIX_CHARS + "!,[]";
function tagPercentDecode(source) {
  let result = "";
  let index = 0;
  while (index < source.length) {
    if (source.charCodeAt(index) !== 37) {
      result += source[index++];
      continue;
    }
    let ch = parseInt(source.slice(index + 1, index + 3), 16);
    index += 3;
    if (ch >= 192) {
      let remaining = ch < 224 ? 1 : ch < 240 ? 2 : 3;
      ch &= (1 << 6 - remaining) - 1;
      while (remaining-- > 0) {
        ch = ch << 6 | parseInt(source.slice(index + 1, index + 3), 16) & 63;
        index += 3;
      }
    }
    if (ch < 65536) result += String.fromCharCode(ch);
    else {
      ch -= 65536;
      result += String.fromCharCode(55296 | ch >> 10, 56320 | ch & 1023);
    }
  }
  return result;
}
function tagNameFull(rawTag, tagHandlers) {
  if (rawTag.startsWith("!<") && rawTag.endsWith(">")) return tagPercentDecode(rawTag.slice(2, -1));
  const handleEnd = rawTag.indexOf("!", 1);
  const handle = handleEnd === -1 ? "!" : rawTag.slice(0, handleEnd + 1);
  return tagPercentDecode(tagHandlers?.[handle] ?? DEFAULT_TAG_HANDLERS[handle] ?? handle) + tagPercentDecode(rawTag.slice(handle.length));
}
var NO_RANGE$2 = -1;
var MERGE_TAG_NAME = "tag:yaml.org,2002:merge";
var DEFAULT_CONSTRUCTOR_OPTIONS = {
  filename: "",
  schema: CORE_SCHEMA,
  json: false,
  maxTotalMergeKeys: 1e4,
  maxAliases: -1
};
function eventPosition$1(event) {
  if ("tagStart" in event && event.tagStart !== NO_RANGE$2) return event.tagStart;
  if ("anchorStart" in event && event.anchorStart !== NO_RANGE$2) return event.anchorStart;
  if ("valueStart" in event && event.valueStart !== NO_RANGE$2) return event.valueStart;
  if ("start" in event) return event.start;
  return 0;
}
function throwError$1(state, message) {
  YAMLException.throwAt(state.source, state.position, message, state.filename);
}
function finalizeCollection(state, position, tag, carrier) {
  try {
    return tag.finalize(carrier);
  } catch (error) {
    if (error instanceof YAMLException) throw error;
    YAMLException.throwAt(state.source, position, error instanceof Error ? error.message : String(error), state.filename);
  }
}
function constructScalar(state, event) {
  const source = getScalarValue(state.source, event);
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
  const strTag2 = state.schema.defaultScalarTag;
  if (rawTag !== "") {
    if (rawTag === "!") return {
      value: source,
      tag: strTag2
    };
    const tagName = tagNameFull(rawTag, state.tagHandlers);
    const scalarTag = state.schema.lookupScalarTag(tagName);
    if (scalarTag) {
      const result = scalarTag.resolve(source, true, tagName);
      if (result === NOT_RESOLVED) throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
      return {
        value: result,
        tag: scalarTag
      };
    }
    const collectionTagDef = state.schema.lookupMappingTag(tagName) ?? state.schema.lookupSequenceTag(tagName);
    if (collectionTagDef) {
      if (source !== "") throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
      const carrier = collectionTagDef.create(tagName);
      return {
        value: collectionTagDef.carrierIsResult ? carrier : finalizeCollection(state, state.position, collectionTagDef, carrier),
        tag: collectionTagDef
      };
    }
    throwError$1(state, `unknown scalar tag !<${tagName}>`);
  }
  if (event.style === SCALAR_STYLE.PLAIN) return state.schema.resolveImplicitScalarTag(source);
  return {
    value: strTag2.resolve(source, false, strTag2.tagName),
    tag: strTag2
  };
}
function collectionTagName(state, event, defaultTagName) {
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
  return rawTag === "" || rawTag === "!" ? defaultTagName : tagNameFull(rawTag, state.tagHandlers);
}
function isMappingTag(tag) {
  return tag.nodeKind === "mapping";
}
function chargeMergeWork(state) {
  state.totalMergeKeys++;
  if (state.maxTotalMergeKeys !== -1 && state.totalMergeKeys > state.maxTotalMergeKeys) throwError$1(state, `merge keys exceeded maxTotalMergeKeys (${state.maxTotalMergeKeys})`);
}
function mergeKeys(state, frame, source, sourceTag) {
  chargeMergeWork(state);
  for (const sourceKey of sourceTag.keys(source)) {
    chargeMergeWork(state);
    if (frame.tag.has(frame.value, sourceKey)) continue;
    const err = frame.tag.addPair(frame.value, sourceKey, sourceTag.get(source, sourceKey));
    if (err) throwError$1(state, err);
    frame.overridable ??= /* @__PURE__ */ new Set();
    frame.overridable.add(sourceKey);
  }
}
function mergeSource(state, frame, source, sourceTag) {
  state.position = frame.keyPosition;
  if (isMappingTag(sourceTag)) mergeKeys(state, frame, source, sourceTag);
  else if (sourceTag.nodeKind === "sequence" && Array.isArray(source)) {
    if (source.length > 100) throwError$1(state, "abnormal merge sequence size");
    for (const element of source) {
      const elementTag = state.nodeTags.get(element);
      if (!elementTag) throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
      mergeKeys(state, frame, element, elementTag);
    }
  } else throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
}
function addMappingValue(state, frame, key, value, tag) {
  state.position = frame.keyPosition;
  if (frame.keyIsMerge) {
    mergeSource(state, frame, value, tag);
    return;
  }
  if (!state.json && frame.tag.has(frame.value, key) && !frame.overridable?.has(key)) throwError$1(state, "duplicated mapping key");
  const err = frame.tag.addPair(frame.value, key, value);
  if (err) throwError$1(state, err);
  frame.overridable?.delete(key);
}
function addValue(state, value, tag) {
  const frame = state.frames[state.frames.length - 1];
  if (frame.kind === "document") {
    frame.value = value;
    frame.hasValue = true;
  } else if (frame.kind === "sequence") {
    if (isMappingTag(tag)) state.nodeTags.set(value, tag);
    const err = frame.tag.addItem(frame.value, value, frame.index++);
    if (err) throwError$1(state, err);
  } else if (frame.hasKey) {
    const key = frame.key;
    frame.key = void 0;
    frame.hasKey = false;
    addMappingValue(state, frame, key, value, tag);
  } else {
    frame.key = value;
    frame.keyPosition = state.position;
    frame.hasKey = true;
    frame.keyIsMerge = tag.tagName === MERGE_TAG_NAME;
  }
}
function storeAnchor(state, event, value, tag, isValueFinal) {
  if (event.anchorStart !== NO_RANGE$2) {
    const anchor = {
      value,
      tag,
      isValueFinal
    };
    state.anchors.set(state.source.slice(event.anchorStart, event.anchorEnd), anchor);
    return anchor;
  }
  return null;
}
function constructFromEvents(events, options) {
  const state = {
    ...DEFAULT_CONSTRUCTOR_OPTIONS,
    ...options,
    events,
    documents: [],
    eventIndex: 0,
    position: 0,
    frames: [],
    anchors: /* @__PURE__ */ new Map(),
    nodeTags: /* @__PURE__ */ new Map(),
    tagHandlers: /* @__PURE__ */ Object.create(null),
    totalMergeKeys: 0,
    aliasCount: 0
  };
  while (state.eventIndex < state.events.length) {
    const event = state.events[state.eventIndex++];
    state.position = eventPosition$1(event);
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        state.anchors = /* @__PURE__ */ new Map();
        state.nodeTags = /* @__PURE__ */ new Map();
        state.aliasCount = 0;
        state.tagHandlers = /* @__PURE__ */ Object.create(null);
        for (const directive of event.directives) if (directive.kind === "tag") state.tagHandlers[directive.handle] = directive.prefix;
        state.frames.push({
          kind: "document",
          position: state.position,
          value: void 0,
          hasValue: false
        });
        break;
      case EVENT_ID.SCALAR: {
        const { value, tag } = constructScalar(state, event);
        storeAnchor(state, event, value, tag, true);
        addValue(state, value, tag);
        break;
      }
      case EVENT_ID.SEQUENCE: {
        const tagName = collectionTagName(state, event, "tag:yaml.org,2002:seq");
        const tag = state.schema.lookupSequenceTag(tagName);
        if (!tag) throwError$1(state, `unknown sequence tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
        state.frames.push({
          kind: "sequence",
          position: state.position,
          value,
          tag,
          anchor,
          index: 0
        });
        break;
      }
      case EVENT_ID.MAPPING: {
        const tagName = collectionTagName(state, event, "tag:yaml.org,2002:map");
        const tag = state.schema.lookupMappingTag(tagName);
        if (!tag) throwError$1(state, `unknown mapping tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
        state.frames.push({
          kind: "mapping",
          position: state.position,
          value,
          tag,
          anchor,
          key: void 0,
          keyPosition: state.position,
          hasKey: false,
          keyIsMerge: false,
          overridable: null
        });
        break;
      }
      case EVENT_ID.ALIAS: {
        if (state.maxAliases !== -1 && ++state.aliasCount > state.maxAliases) throwError$1(state, `aliases exceeded maxAliases (${state.maxAliases})`);
        const name = state.source.slice(event.anchorStart, event.anchorEnd);
        const anchor = state.anchors.get(name);
        if (!anchor) throwError$1(state, `unidentified alias "${name}"`);
        if (!anchor.isValueFinal) throwError$1(state, `recursive alias "${name}" is not supported for tag ${anchor.tag.tagName} because it uses finalize()`);
        addValue(state, anchor.value, anchor.tag);
        break;
      }
      case EVENT_ID.POP: {
        const frame = state.frames.pop();
        if (frame.kind === "mapping" && frame.hasKey) {
          state.position = frame.keyPosition;
          throwError$1(state, "incomplete mapping pair in event stream");
        }
        if (frame.kind === "document") state.documents.push(frame.value);
        else {
          const value = frame.tag.carrierIsResult ? frame.value : finalizeCollection(state, frame.position, frame.tag, frame.value);
          if (frame.anchor) {
            frame.anchor.value = value;
            frame.anchor.isValueFinal = true;
          }
          addValue(state, value, frame.tag);
        }
        break;
      }
    }
  }
  return state.documents;
}
var NO_RANGE$1 = -1;
var HAS_OWN = Object.prototype.hasOwnProperty;
var CONTEXT_FLOW_IN = 1;
var CONTEXT_FLOW_OUT = 2;
var CONTEXT_BLOCK_IN = 3;
var CONTEXT_BLOCK_OUT = 4;
var PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
var PATTERN_FLOW_INDICATORS = /[,\[\]{}]/;
var PATTERN_TAG_HANDLE = /^(?:!|!!|![0-9A-Za-z-]+!)$/;
var NS_URI_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$,_.!~*'()\[\]])`;
var NS_TAG_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$.~*'()_])`;
var PATTERN_TAG_URI = new RegExp(`^(?:${NS_URI_CHAR})*$`);
var PATTERN_TAG_SUFFIX = new RegExp(`^(?:${NS_TAG_CHAR})+$`);
var PATTERN_TAG_PREFIX = new RegExp(`^(?:!(?:${NS_URI_CHAR})*|${NS_TAG_CHAR}(?:${NS_URI_CHAR})*)$`);
var DEFAULT_PARSER_OPTIONS = {
  filename: "",
  maxDepth: 100
};
function addDocumentEvent(state, explicitStart, explicitEnd) {
  state.events.push({
    type: EVENT_ID.DOCUMENT,
    explicitStart,
    explicitEnd,
    directives: state.directives
  });
}
function addSequenceEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.SEQUENCE,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function addMappingEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.MAPPING,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function insertFlowPairMappingEvent(state, snapshot) {
  state.events.splice(snapshot.eventsLength, 0, {
    type: EVENT_ID.MAPPING,
    start: snapshot.position,
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1,
    style: COLLECTION_STYLE.FLOW
  });
}
function addScalarEvent(state, valueStart, valueEnd, anchorStart, anchorEnd, tagStart, tagEnd, style, chomping = CHOMPING_MODE.CLIP, indent = -1, fast = false) {
  state.events.push({
    type: EVENT_ID.SCALAR,
    valueStart,
    valueEnd,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style,
    chomping,
    indent,
    fast
  });
}
function addAliasEvent(state, anchorStart, anchorEnd) {
  state.events.push({
    type: EVENT_ID.ALIAS,
    anchorStart,
    anchorEnd
  });
}
function addPopEvent(state) {
  state.events.push({ type: EVENT_ID.POP });
}
function addEmptyScalarEvent(state) {
  addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, SCALAR_STYLE.PLAIN);
}
function emptyProperties() {
  return {
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1
  };
}
function snapshotState(state) {
  return {
    position: state.position,
    line: state.line,
    lineStart: state.lineStart,
    lineIndent: state.lineIndent,
    firstTabInLine: state.firstTabInLine,
    eventsLength: state.events.length
  };
}
function restoreState(state, snapshot) {
  state.position = snapshot.position;
  state.line = snapshot.line;
  state.lineStart = snapshot.lineStart;
  state.lineIndent = snapshot.lineIndent;
  state.firstTabInLine = snapshot.firstTabInLine;
  state.events.length = snapshot.eventsLength;
}
function throwError(state, message) {
  YAMLException.throwAt(state.input.slice(0, state.length), state.position, message, state.filename);
}
function isEol(c) {
  return c === 10 || c === 13;
}
function isWhiteSpace(c) {
  return c === 9 || c === 32;
}
function isWsOrEol(c) {
  return isWhiteSpace(c) || isEol(c);
}
function isWsOrEolOrEnd(c) {
  return c === 0 || isWsOrEol(c);
}
function isFlowIndicator(c) {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}
function fromDecimalCode(c) {
  return c >= 48 && c <= 57 ? c - 48 : -1;
}
function fromHexCode(c) {
  if (c >= 48 && c <= 57) return c - 48;
  const lc = c | 32;
  if (lc >= 97 && lc <= 102) return lc - 97 + 10;
  return -1;
}
function escapedHexLen(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  if (c === 85) return 8;
  return 0;
}
function isSimpleEscape(c) {
  return c === 48 || c === 97 || c === 98 || c === 116 || c === 9 || c === 110 || c === 118 || c === 102 || c === 114 || c === 101 || c === 32 || c === 34 || c === 47 || c === 92 || c === 78 || c === 95 || c === 76 || c === 80;
}
function consumeLineBreak(state) {
  if (state.input.charCodeAt(state.position) === 10) state.position++;
  else {
    state.position++;
    if (state.input.charCodeAt(state.position) === 10) state.position++;
  }
  state.line++;
  state.lineStart = state.position;
  state.lineIndent = 0;
  state.firstTabInLine = -1;
}
function skipSeparationSpace(state, allowComments) {
  let lineBreaks = 0;
  let ch = state.input.charCodeAt(state.position);
  let hasSeparation = state.position === state.lineStart || isWsOrEol(state.input.charCodeAt(state.position - 1));
  while (ch !== 0) {
    while (isWhiteSpace(ch)) {
      hasSeparation = true;
      if (ch === 9 && state.firstTabInLine === -1) state.firstTabInLine = state.position;
      ch = state.input.charCodeAt(++state.position);
    }
    if (allowComments && hasSeparation && ch === 35) do
      ch = state.input.charCodeAt(++state.position);
    while (!isEol(ch) && ch !== 0);
    if (!isEol(ch)) break;
    consumeLineBreak(state);
    lineBreaks++;
    hasSeparation = true;
    ch = state.input.charCodeAt(state.position);
    while (ch === 32) {
      state.lineIndent++;
      ch = state.input.charCodeAt(++state.position);
    }
  }
  return lineBreaks;
}
function testDocumentSeparator(state, position = state.position) {
  const ch = state.input.charCodeAt(position);
  if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(position + 1) && ch === state.input.charCodeAt(position + 2)) {
    const following = state.input.charCodeAt(position + 3);
    return following === 0 || isWsOrEol(following);
  }
  return false;
}
function skipByteOrderMark(state) {
  if (state.position === state.lineStart && state.input.charCodeAt(state.position) === 65279) {
    state.position++;
    state.lineStart = state.position;
  }
}
function testDocumentBoundary(state) {
  if (state.position !== state.lineStart) return false;
  if (testDocumentSeparator(state)) return true;
  if (state.input.charCodeAt(state.position) !== 65279) return false;
  const snapshot = snapshotState(state);
  skipByteOrderMark(state);
  skipSeparationSpace(state, true);
  const ch = state.input.charCodeAt(state.position);
  const result = state.position === state.lineStart && (ch === 37 || ch === 45 && testDocumentSeparator(state));
  restoreState(state, snapshot);
  return result;
}
function skipUntilLineEnd(state) {
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0 && !isEol(ch)) ch = state.input.charCodeAt(++state.position);
}
function checkPrintable(state, start, end) {
  const match = PATTERN_NON_PRINTABLE.exec(state.input.slice(start, end));
  if (match !== null) {
    state.position = start + match.index + match[0].length - 1;
    throwError(state, "the stream contains non-printable characters");
  }
}
function readTagProperty(state, props, inFlow) {
  if (state.input.charCodeAt(state.position) !== 33) return false;
  if (props.tagStart !== NO_RANGE$1) throwError(state, "duplication of a tag property");
  const start = state.position;
  let isVerbatim = false;
  let isNamed = false;
  let tagHandle = "!";
  let ch = state.input.charCodeAt(++state.position);
  if (ch === 60) {
    isVerbatim = true;
    ch = state.input.charCodeAt(++state.position);
  } else if (ch === 33) {
    isNamed = true;
    tagHandle = "!!";
    ch = state.input.charCodeAt(++state.position);
  }
  let suffixStart = state.position;
  let tagName;
  if (isVerbatim) {
    while (ch !== 0 && ch !== 62) ch = state.input.charCodeAt(++state.position);
    if (ch !== 62) throwError(state, "unexpected end of the stream within a verbatim tag");
    tagName = state.input.slice(suffixStart, state.position);
    state.position++;
  } else {
    while (ch !== 0 && !isWsOrEol(ch) && !(inFlow && isFlowIndicator(ch))) {
      if (ch === 33) {
        if (!isNamed) {
          tagHandle = state.input.slice(suffixStart - 1, state.position + 1);
          if (!PATTERN_TAG_HANDLE.test(tagHandle)) throwError(state, "named tag handle cannot contain such characters");
          isNamed = true;
          suffixStart = state.position + 1;
        } else throwError(state, "tag suffix cannot contain exclamation marks");
      }
      ch = state.input.charCodeAt(++state.position);
    }
    tagName = state.input.slice(suffixStart, state.position);
    if (PATTERN_FLOW_INDICATORS.test(tagName)) throwError(state, "tag suffix cannot contain flow indicator characters");
  }
  if (tagName && !(isVerbatim ? PATTERN_TAG_URI.test(tagName) : PATTERN_TAG_SUFFIX.test(tagName))) throwError(state, `tag name cannot contain such characters: ${tagName}`);
  if (!isVerbatim && tagHandle !== "!" && tagHandle !== "!!" && !HAS_OWN.call(state.tagHandlers, tagHandle)) throwError(state, `undeclared tag handle "${tagHandle}"`);
  props.tagStart = start;
  props.tagEnd = state.position;
  return true;
}
function readAnchorProperty(state, props) {
  if (state.input.charCodeAt(state.position) !== 38) return false;
  if (props.anchorStart !== NO_RANGE$1) throwError(state, "duplication of an anchor property");
  state.position++;
  const start = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start) throwError(state, "name of an anchor node must contain at least one character");
  props.anchorStart = start;
  props.anchorEnd = state.position;
  return true;
}
function readAlias(state, props) {
  if (state.input.charCodeAt(state.position) !== 42) return false;
  if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) throwError(state, "alias node should not have any properties");
  state.position++;
  const start = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start) throwError(state, "name of an alias node must contain at least one character");
  addAliasEvent(state, start, state.position);
  return true;
}
function readFlowScalarBreak(state, nodeIndent) {
  skipSeparationSpace(state, false);
  if (state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readSingleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 39) return false;
  state.position++;
  const start = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 39) {
      if (state.input.charCodeAt(state.position + 1) === 39) {
        simple = false;
        state.position += 2;
        continue;
      }
      const end = state.position;
      state.position++;
      addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.SINGLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a single quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a single quoted scalar");
}
function readDoubleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 34) return false;
  state.position++;
  const start = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 34) {
      const end = state.position;
      state.position++;
      addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.DOUBLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (ch === 92) {
      simple = false;
      const escaped = state.input.charCodeAt(++state.position);
      if (isEol(escaped)) readFlowScalarBreak(state, nodeIndent);
      else if (isSimpleEscape(escaped)) state.position++;
      else {
        let hexLength = escapedHexLen(escaped);
        if (hexLength === 0) throwError(state, "unknown escape sequence");
        while (hexLength-- > 0) {
          state.position++;
          if (fromHexCode(state.input.charCodeAt(state.position)) < 0) throwError(state, "expected hexadecimal character");
        }
        state.position++;
      }
    } else if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a double quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a double quoted scalar");
}
function readBlockScalar(state, parentIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  let chomping = CHOMPING_MODE.CLIP;
  let indent = -1;
  let detectedIndent = false;
  if (ch !== 124 && ch !== 62) return false;
  const style = ch === 124 ? SCALAR_STYLE.LITERAL_BLOCK : SCALAR_STYLE.FOLDED_BLOCK;
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    const current = state.input.charCodeAt(state.position);
    const digit = fromDecimalCode(current);
    if (current === 43 || current === 45) {
      if (chomping !== CHOMPING_MODE.CLIP) throwError(state, "repeat of a chomping mode identifier");
      chomping = current === 43 ? CHOMPING_MODE.KEEP : CHOMPING_MODE.STRIP;
      state.position++;
    } else if (digit >= 0) {
      if (digit === 0) throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
      if (detectedIndent) throwError(state, "repeat of an indentation width identifier");
      indent = parentIndent + digit - 1;
      detectedIndent = true;
      state.position++;
    } else break;
  }
  let hadWhitespace = false;
  while (isWhiteSpace(state.input.charCodeAt(state.position))) {
    hadWhitespace = true;
    state.position++;
  }
  if (hadWhitespace && state.input.charCodeAt(state.position) === 35) skipUntilLineEnd(state);
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  else if (state.input.charCodeAt(state.position) !== 0) throwError(state, "a line break is expected");
  let contentIndent = detectedIndent ? indent : -1;
  let maxLeadingIndent = 0;
  const valueStart = state.position;
  let valueEnd = state.position;
  while (state.input.charCodeAt(state.position) !== 0) {
    const linePosition = state.position;
    let column = 0;
    while (state.input.charCodeAt(linePosition + column) === 32) column++;
    const first = state.input.charCodeAt(linePosition + column);
    if (first === 0) {
      if (contentIndent >= 0) {
        if (column > contentIndent) valueEnd = linePosition + column;
      } else if (column > 0) valueEnd = linePosition + column;
      break;
    }
    if (testDocumentBoundary(state)) break;
    if (!detectedIndent && contentIndent === -1 && isEol(first)) maxLeadingIndent = Math.max(maxLeadingIndent, column);
    if (!detectedIndent && contentIndent === -1 && !isEol(first)) {
      if (first === 9 && column < parentIndent) {
        state.position = linePosition + column;
        throwError(state, "tab characters must not be used in indentation");
      }
      if (column >= parentIndent && column < maxLeadingIndent) {
        state.position = linePosition + column;
        throwError(state, "bad indentation of a mapping entry");
      }
    }
    if (contentIndent === -1 && first !== 0 && !isEol(first) && column < parentIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    if (!detectedIndent && first !== 0 && !isEol(first) && contentIndent === -1) contentIndent = column;
    const requiredIndent = contentIndent === -1 ? parentIndent + 1 : contentIndent;
    if (first !== 0 && !isEol(first) && column < requiredIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    skipUntilLineEnd(state);
    valueEnd = state.position;
    if (isEol(state.input.charCodeAt(state.position))) {
      consumeLineBreak(state);
      valueEnd = state.position;
    }
  }
  checkPrintable(state, valueStart, valueEnd);
  addScalarEvent(state, valueStart, valueEnd, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, style, chomping, contentIndent);
  return true;
}
function canStartPlainScalar(state, nodeContext) {
  const ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  if (ch === 0 || isWsOrEol(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96 || isFlowIndicator(ch)) return false;
  if (ch === 63 || ch === 45) {
    const following = state.input.charCodeAt(state.position + 1);
    if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) return false;
  }
  return true;
}
function readPlainScalar(state, nodeIndent, nodeContext, props) {
  if (!canStartPlainScalar(state, nodeContext)) return false;
  const start = state.position;
  let end = state.position;
  let ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  let multiline = false;
  while (ch !== 0) {
    if (testDocumentBoundary(state)) break;
    if (ch === 58) {
      const following = state.input.charCodeAt(state.position + 1);
      if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) break;
    } else if (ch === 35) {
      if (isWsOrEol(state.input.charCodeAt(state.position - 1))) break;
    } else if (inFlow && isFlowIndicator(ch)) break;
    else if (isEol(ch)) {
      const savedPosition = state.position;
      const savedLine = state.line;
      const savedLineStart = state.lineStart;
      const savedLineIndent = state.lineIndent;
      skipSeparationSpace(state, false);
      if (state.lineIndent >= nodeIndent) {
        multiline = true;
        ch = state.input.charCodeAt(state.position);
        continue;
      }
      state.position = savedPosition;
      state.line = savedLine;
      state.lineStart = savedLineStart;
      state.lineIndent = savedLineIndent;
      break;
    }
    if (!isWhiteSpace(ch)) end = state.position + 1;
    ch = state.input.charCodeAt(++state.position);
  }
  if (end === start) return false;
  checkPrintable(state, start, end);
  addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN, CHOMPING_MODE.CLIP, -1, !multiline);
  return true;
}
function skipFlowSeparationSpace(state, nodeIndent) {
  const startLine = state.line;
  skipSeparationSpace(state, true);
  if (state.line > startLine && state.lineIndent < nodeIndent || state.firstTabInLine !== -1 && state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readFlowCollection(state, nodeIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  const isMapping3 = ch === 123;
  const start = state.position;
  let readNext = true;
  if (ch !== 91 && ch !== 123) return false;
  const terminator = isMapping3 ? 125 : 93;
  if (isMapping3) addMappingEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  else addSequenceEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    skipFlowSeparationSpace(state, nodeIndent);
    let ch2 = state.input.charCodeAt(state.position);
    if (ch2 === terminator) {
      state.position++;
      addPopEvent(state);
      return true;
    } else if (!readNext) throwError(state, "missed comma between flow collection entries");
    else if (ch2 === 44) throwError(state, "expected the node content, but found ','");
    let isPair = false;
    let isExplicitPair = false;
    if (ch2 === 63 && isWsOrEol(state.input.charCodeAt(state.position + 1))) {
      isPair = isExplicitPair = true;
      state.position += 1;
      skipFlowSeparationSpace(state, nodeIndent);
    }
    const entryLine = state.line;
    const entryStart = snapshotState(state);
    const keyWasRead = parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
    skipFlowSeparationSpace(state, nodeIndent);
    ch2 = state.input.charCodeAt(state.position);
    if ((isMapping3 || isExplicitPair || state.line === entryLine) && ch2 === 58) {
      isPair = true;
      state.position++;
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping3) {
        insertFlowPairMappingEvent(state, entryStart);
        if (!keyWasRead) addEmptyScalarEvent(state);
      } else if (!keyWasRead) addEmptyScalarEvent(state);
      if (!parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true)) addEmptyScalarEvent(state);
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping3) addPopEvent(state);
    } else if (isMapping3 && isPair) {
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
    } else if (isMapping3) addEmptyScalarEvent(state);
    else if (isPair) {
      insertFlowPairMappingEvent(state, entryStart);
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
      addPopEvent(state);
    }
    ch2 = state.input.charCodeAt(state.position);
    if (ch2 === 44) {
      readNext = true;
      state.position++;
    } else readNext = false;
  }
  throwError(state, "unexpected end of the stream within a flow collection");
}
function readBlockSequence(state, nodeIndent, props) {
  if (state.firstTabInLine !== -1 || state.input.charCodeAt(state.position) !== 45 || !isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) return false;
  addSequenceEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
  while (state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) {
    if (state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const entryLine = state.line;
    state.position++;
    const hadBreak = skipSeparationSpace(state, true) > 0;
    if (state.firstTabInLine !== -1 && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
    if (hadBreak && state.lineIndent <= nodeIndent) addEmptyScalarEvent(state);
    else parseNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
    skipSeparationSpace(state, true);
    if (state.lineIndent < nodeIndent || state.position >= state.length) break;
    if (state.lineIndent > nodeIndent) throwError(state, "bad indentation of a sequence entry");
    if (state.line === entryLine && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
  }
  addPopEvent(state);
  return true;
}
function readBlockMapping(state, nodeIndent, flowIndent, props) {
  let atExplicitKey = false;
  let detected = false;
  let mappingOpened = false;
  let pendingExplicitKey = false;
  if (state.firstTabInLine !== -1) return false;
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0) {
    if (!atExplicitKey && state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const following = state.input.charCodeAt(state.position + 1);
    const entryLine = state.line;
    if ((ch === 63 || ch === 58) && isWsOrEolOrEnd(following)) {
      if (!mappingOpened) {
        addMappingEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
        mappingOpened = true;
      }
      if (ch === 63) {
        if (atExplicitKey) addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = true;
      } else if (atExplicitKey) atExplicitKey = false;
      else {
        addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = false;
      }
      state.position += 1;
      pendingExplicitKey = true;
    } else {
      if (atExplicitKey) {
        addEmptyScalarEvent(state);
        atExplicitKey = false;
      }
      const beforeKey = snapshotState(state);
      if (!parseNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) break;
      if (state.line === entryLine) {
        ch = state.input.charCodeAt(state.position);
        while (isWhiteSpace(ch)) ch = state.input.charCodeAt(++state.position);
        if (ch === 58) {
          ch = state.input.charCodeAt(++state.position);
          if (!isWsOrEolOrEnd(ch)) throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
          if (!mappingOpened) {
            state.events.splice(beforeKey.eventsLength, 0, {
              type: EVENT_ID.MAPPING,
              start: beforeKey.position,
              anchorStart: props.anchorStart,
              anchorEnd: props.anchorEnd,
              tagStart: props.tagStart,
              tagEnd: props.tagEnd,
              style: COLLECTION_STYLE.BLOCK
            });
            mappingOpened = true;
          }
          detected = true;
          atExplicitKey = false;
          pendingExplicitKey = false;
        } else if (detected) throwError(state, "expected ':' after a mapping key");
        else {
          if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
            restoreState(state, beforeKey);
            return false;
          }
          return true;
        }
      } else if (detected) throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
      else {
        if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
          restoreState(state, beforeKey);
          return false;
        }
        return true;
      }
    }
    if (parseNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, pendingExplicitKey)) pendingExplicitKey = false;
    if (!atExplicitKey) {
      if (pendingExplicitKey) {
        addEmptyScalarEvent(state);
        pendingExplicitKey = false;
      }
    }
    skipSeparationSpace(state, true);
    ch = state.input.charCodeAt(state.position);
    if ((state.line === entryLine || state.lineIndent > nodeIndent) && ch !== 0) throwError(state, "bad indentation of a mapping entry");
    else if (state.lineIndent < nodeIndent) break;
  }
  if (!detected) return false;
  if (atExplicitKey) addEmptyScalarEvent(state);
  if (mappingOpened) addPopEvent(state);
  return true;
}
function parseNode(state, parentIndent, nodeContext, allowToSeek, allowCompact, allowPropertyMapping = true) {
  if (state.depth >= state.maxDepth) throwError(state, `nesting exceeded maxDepth (${state.maxDepth})`);
  state.depth++;
  let indentStatus = 1;
  let atNewLine = false;
  let hasContent = false;
  let propertyStart = null;
  const props = emptyProperties();
  let allowBlockScalars = nodeContext === CONTEXT_BLOCK_OUT || nodeContext === CONTEXT_BLOCK_IN;
  let allowBlockCollections = allowBlockScalars;
  const allowBlockStyles = allowBlockScalars;
  if (allowToSeek && skipSeparationSpace(state, true)) {
    atNewLine = true;
    if (state.lineIndent > parentIndent) indentStatus = 1;
    else if (state.lineIndent === parentIndent) indentStatus = 0;
    else indentStatus = -1;
  }
  if (indentStatus === 1) while (true) {
    const ch = state.input.charCodeAt(state.position);
    const propertyState = snapshotState(state);
    if (atNewLine && indentStatus !== 1 && (ch === 33 || ch === 38)) break;
    if (atNewLine && allowBlockStyles && (props.tagStart !== NO_RANGE$1 || props.anchorStart !== NO_RANGE$1) && (ch === 33 || ch === 38)) {
      const fallbackState = snapshotState(state);
      const flowIndent = parentIndent + 1;
      if (readBlockMapping(state, state.position - state.lineStart, flowIndent, props) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) {
        state.depth--;
        return true;
      }
      restoreState(state, fallbackState);
    }
    if (atNewLine && (ch === 33 && props.tagStart !== NO_RANGE$1 || ch === 38 && props.anchorStart !== NO_RANGE$1)) break;
    if (!readTagProperty(state, props, nodeContext === CONTEXT_FLOW_IN) && !readAnchorProperty(state, props)) break;
    if (propertyStart === null) propertyStart = propertyState;
    if (skipSeparationSpace(state, true)) {
      atNewLine = true;
      allowBlockCollections = allowBlockStyles;
      if (state.lineIndent > parentIndent) indentStatus = 1;
      else if (state.lineIndent === parentIndent) indentStatus = 0;
      else indentStatus = -1;
    } else allowBlockCollections = false;
  }
  if (allowBlockCollections) allowBlockCollections = atNewLine || allowCompact;
  if (indentStatus === 1 || nodeContext === CONTEXT_BLOCK_OUT) {
    const flowIndent = nodeContext === CONTEXT_FLOW_IN || nodeContext === CONTEXT_FLOW_OUT ? parentIndent : parentIndent + 1;
    const blockIndent = state.position - state.lineStart;
    if (indentStatus === 1) {
      if (allowBlockCollections && (readBlockSequence(state, blockIndent, props) || readBlockMapping(state, blockIndent, flowIndent, props)) || readFlowCollection(state, flowIndent, props)) hasContent = true;
      else {
        const ch = state.input.charCodeAt(state.position);
        if (propertyStart !== null && allowPropertyMapping && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62) {
          const fallbackState = snapshotState(state);
          const propertyIndent = propertyStart.position - propertyStart.lineStart;
          restoreState(state, propertyStart);
          if (readBlockMapping(state, propertyIndent, flowIndent, emptyProperties()) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) hasContent = true;
          else restoreState(state, fallbackState);
        }
        if (!hasContent && (allowBlockScalars && readBlockScalar(state, flowIndent, props) || readSingleQuotedScalar(state, flowIndent, props) || readDoubleQuotedScalar(state, flowIndent, props) || readAlias(state, props) || readPlainScalar(state, flowIndent, nodeContext, props))) hasContent = true;
      }
    } else if (indentStatus === 0) hasContent = allowBlockCollections && readBlockSequence(state, blockIndent, props);
  }
  allowBlockScalars = allowBlockScalars && !hasContent;
  if (!hasContent && (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1 || allowBlockScalars)) {
    addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN);
    hasContent = true;
  }
  state.depth--;
  return hasContent || props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1;
}
function readDirective(state) {
  if (state.lineIndent > 0 || state.input.charCodeAt(state.position) !== 37) return false;
  state.position++;
  const nameStart = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
  const name = state.input.slice(nameStart, state.position);
  const args = [];
  if (name.length === 0) throwError(state, "directive name must not be less than one character in length");
  while (state.input.charCodeAt(state.position) !== 0 && !isEol(state.input.charCodeAt(state.position))) {
    while (isWhiteSpace(state.input.charCodeAt(state.position))) state.position++;
    if (state.input.charCodeAt(state.position) === 35 || isEol(state.input.charCodeAt(state.position)) || state.input.charCodeAt(state.position) === 0) break;
    const start = state.position;
    while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
    args.push(state.input.slice(start, state.position));
  }
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  if (name === "YAML") {
    if (state.directives.some((directive) => directive.kind === "yaml")) throwError(state, "duplication of %YAML directive");
    if (args.length !== 1) throwError(state, "YAML directive accepts exactly one argument");
    const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
    if (match === null) throwError(state, "ill-formed argument of the YAML directive");
    if (parseInt(match[1], 10) !== 1) throwError(state, "unacceptable YAML version of the document");
    state.directives.push({
      kind: "yaml",
      version: args[0]
    });
  } else if (name === "TAG") {
    if (args.length !== 2) throwError(state, "TAG directive accepts exactly two arguments");
    const [handle, prefix] = args;
    if (!PATTERN_TAG_HANDLE.test(handle)) throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
    if (HAS_OWN.call(state.tagHandlers, handle)) throwError(state, `there is a previously declared suffix for "${handle}" tag handle`);
    if (!PATTERN_TAG_PREFIX.test(prefix)) throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
    state.tagHandlers[handle] = prefix;
    state.directives.push({
      kind: "tag",
      handle,
      prefix
    });
  }
  return true;
}
function readDocument(state) {
  state.directives = [];
  state.tagHandlers = /* @__PURE__ */ Object.create(null);
  let hasDirectives = false;
  skipSeparationSpace(state, true);
  while (readDirective(state)) {
    hasDirectives = true;
    skipSeparationSpace(state, true);
  }
  let explicitStart = false;
  let explicitEnd = false;
  let allowCompact = true;
  if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 3))) {
    explicitStart = true;
    const markerLine = state.line;
    state.position += 3;
    skipSeparationSpace(state, true);
    allowCompact = state.line > markerLine;
  } else if (hasDirectives) throwError(state, "directives end mark is expected");
  const documentEventIndex = state.events.length;
  if (!explicitStart && state.position === state.lineStart && state.input.charCodeAt(state.position) === 46 && testDocumentSeparator(state)) {
    state.position += 3;
    skipSeparationSpace(state, true);
    return;
  }
  addDocumentEvent(state, explicitStart, false);
  if (!parseNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, allowCompact, allowCompact)) addEmptyScalarEvent(state);
  skipSeparationSpace(state, true);
  if (state.position === state.lineStart && testDocumentSeparator(state)) {
    explicitEnd = state.input.charCodeAt(state.position) === 46;
    if (explicitEnd) {
      const markerLine = state.line;
      state.position += 3;
      skipSeparationSpace(state, true);
      if (state.line === markerLine && state.position < state.length) throwError(state, "end of the stream or a document separator is expected");
    }
  }
  const documentEvent = state.events[documentEventIndex];
  if (documentEvent?.type === EVENT_ID.DOCUMENT) documentEvent.explicitEnd = explicitEnd;
  addPopEvent(state);
  if (!explicitEnd && state.position < state.length && !testDocumentBoundary(state)) throwError(state, "end of the stream or a document separator is expected");
}
function parseEvents(input, options) {
  const length = input.length;
  const state = {
    ...DEFAULT_PARSER_OPTIONS,
    ...options,
    input: `${input}\0`,
    length,
    position: 0,
    line: 0,
    lineStart: 0,
    lineIndent: 0,
    firstTabInLine: -1,
    depth: 0,
    directives: [],
    tagHandlers: /* @__PURE__ */ Object.create(null),
    events: []
  };
  const nullpos = input.indexOf("\0");
  if (nullpos !== -1) YAMLException.throwAt(input, nullpos, "null byte is not allowed in input", state.filename);
  while (state.position < state.length) {
    skipByteOrderMark(state);
    skipSeparationSpace(state, true);
    if (state.position >= state.length) break;
    const documentStart = state.position;
    readDocument(state);
    if (state.position === documentStart)
      throwError(state, "can not read a document");
  }
  return state.events;
}
var DEFAULT_LOAD_OPTIONS = {
  ...DEFAULT_PARSER_OPTIONS,
  ...DEFAULT_CONSTRUCTOR_OPTIONS
};
function hasBit(mask, bit) {
  return (mask & 1 << bit) !== 0;
}
var DEFAULT_SCALAR_STYLE_RULES = {
  applyQuoteFlowKeysOption,
  doubleQuoteForInvisibles,
  doubleQuoteWhitespaceOnly,
  applyForceQuotesOption,
  tryLongOrMultilineAsBlock,
  quoteInvalidPlain,
  fallbackToDoubleQuoted
};
function _preferredQuotedStyle(layout) {
  if (layout.presenterOptions.quoteStyle === "single" && hasBit(layout.allowedStylesMask, SCALAR_STYLE.SINGLE_QUOTED)) return SCALAR_STYLE.SINGLE_QUOTED;
  return SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyQuoteFlowKeysOption(layout) {
  if (!layout.presenterOptions.quoteFlowKeys) return;
  if (!layout.isKey || !layout.flowOnly || layout.style !== SCALAR_STYLE.PLAIN) return;
  layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteForInvisibles(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /[\t\x7F-\xA0\u2028\u2029\uFEFF\uFFFE\uFFFF]/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteWhitespaceOnly(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /^\s+$/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyForceQuotesOption(layout) {
  if (!layout.presenterOptions.forceQuotes) return;
  if (layout.isKey || layout.style !== SCALAR_STYLE.PLAIN) return;
  if (layout.node.tag !== layout.presenterOptions.schema.defaultScalarTag.tagName) return;
  layout.style = layout.node.value.includes("\n") ? SCALAR_STYLE.DOUBLE_QUOTED : _preferredQuotedStyle(layout);
}
function tryLongOrMultilineAsBlock(layout) {
  if (layout.style !== SCALAR_STYLE.PLAIN || layout.isKey) return;
  const value = layout.node.value;
  const multiline = value.indexOf("\n") !== -1;
  if (!hasBit(layout.allowedStylesMask, SCALAR_STYLE.LITERAL_BLOCK)) {
    if (multiline) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
    return;
  }
  const w = layout.presenterOptions.lineWidth;
  if (w === -1) {
    if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
    return;
  }
  const availableWidth = Math.max(Math.min(w, 40), w - layout.shiftOfContent);
  let position = 0;
  let shouldFold = false;
  while (position <= value.length) {
    let lineEnd = value.length;
    const nextLineBreak = value.indexOf("\n", position);
    if (nextLineBreak !== -1) lineEnd = nextLineBreak;
    const line = value.slice(position, lineEnd);
    if (line.length > availableWidth && line[0] !== " " && / [^ \t]/.test(line)) shouldFold = true;
    if (nextLineBreak === -1) break;
    position = nextLineBreak + 1;
  }
  if (shouldFold) layout.style = SCALAR_STYLE.FOLDED_BLOCK;
  else if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
}
function quoteInvalidPlain(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && !hasBit(layout.allowedStylesMask, SCALAR_STYLE.PLAIN)) layout.style = _preferredQuotedStyle(layout);
}
function fallbackToDoubleQuoted(layout) {
  if (!hasBit(layout.allowedStylesMask, layout.style)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
var SRC_C_PRINTABLE = "[\\x09\\x0A\\x0D\\x20-\\x7E\\x85\\xA0-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]";
var SRC_B_CHAR = "[\\n\\r]";
var SRC_C_BYTE_ORDER_MARK = "\\uFEFF";
var SRC_S_WHITE = "[ \\t]";
var SRC_NB_CHAR = `(?:(?!(?:${SRC_B_CHAR}|${SRC_C_BYTE_ORDER_MARK}))${SRC_C_PRINTABLE})`;
var SRC_NS_CHAR = `(?:(?!${SRC_S_WHITE})${SRC_NB_CHAR})`;
var SRC_NB_JSON = "[\\x09\\x20-\\uD7FF\\uE000-\\uFFFF\\u{10000}-\\u{10FFFF}]";
var SRC_C_INDICATOR = "[-?:,\\[\\]{}#&*!|>'\"%@`]";
var SRC_C_FLOW_INDICATOR = "[,\\[\\]{}]";
var SRC_NS_PLAIN_SAFE_FLOW_OUT = SRC_NS_CHAR;
var SRC_NS_PLAIN_SAFE_FLOW_IN = `(?:(?!${SRC_C_FLOW_INDICATOR})${SRC_NS_CHAR})`;
var SRC_NS_PLAIN_FIRST_FLOW_OUT = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))`;
var SRC_NS_PLAIN_FIRST_FLOW_IN = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))`;
var SRC_NS_PLAIN_CHAR_FLOW_OUT = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_OUT})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))#*`;
var SRC_NS_PLAIN_CHAR_FLOW_IN = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_IN})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))#*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_OUT})*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_IN})*`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_OUT = `${SRC_NS_PLAIN_FIRST_FLOW_OUT}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_IN = `${SRC_NS_PLAIN_FIRST_FLOW_IN}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_OUT;
var SRC_NS_PLAIN_ONE_LINE_FLOW_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_IN;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_OUT}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_IN}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT = `${SRC_NS_PLAIN_ONE_LINE_FLOW_OUT}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT})*`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_IN = `${SRC_NS_PLAIN_ONE_LINE_FLOW_IN}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN})*`;
var NS_PLAIN_FLOW_OUT = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT})$`, "u");
var NS_PLAIN_FLOW_IN = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_IN})$`, "u");
var NS_PLAIN_BLOCK_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY})$`, "u");
var NS_PLAIN_FLOW_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_FLOW_KEY})$`, "u");
var NB_SINGLE_ONE_LINE = new RegExp(`^(?:${SRC_NB_JSON})*$`, "u");
var NB_SINGLE_MULTI_LINE = new RegExp(`^(?:${SRC_NB_JSON}|\\n)*$`, "u");
var BLOCK_SCALAR_CONTENT = new RegExp(`^(?:${SRC_NB_CHAR}|\\n)*$`, "u");
var DEFAULT_PRESENTER_OPTIONS = {
  indent: 2,
  seqNoIndent: false,
  seqInlineFirst: true,
  lineWidth: 80,
  flowBracketPadding: false,
  flowSkipCommaSpace: false,
  flowSkipColonSpace: false,
  quoteFlowKeys: false,
  quoteStyle: "single",
  forceQuotes: false,
  scalarStyleRules: Object.keys(DEFAULT_SCALAR_STYLE_RULES).map((name) => Reflect.get(DEFAULT_SCALAR_STYLE_RULES, name)),
  tagBeforeAnchor: false
};
var DEFAULT_DUMP_OPTIONS = {
  ...DEFAULT_PRESENTER_OPTIONS,
  schema: DUMP_SCHEMA,
  skipInvalid: false,
  noRefs: false,
  flowLevel: -1,
  sortKeys: false,
  transform: () => {
  }
};
var EVENT_DOCUMENT = EVENT_ID.DOCUMENT;
var EVENT_SEQUENCE = EVENT_ID.SEQUENCE;
var EVENT_MAPPING = EVENT_ID.MAPPING;
var EVENT_SCALAR = EVENT_ID.SCALAR;
var EVENT_ALIAS = EVENT_ID.ALIAS;
var EVENT_POP = EVENT_ID.POP;
var SCALAR_STYLE_PLAIN = SCALAR_STYLE.PLAIN;
var SCALAR_STYLE_SINGLE_QUOTED = SCALAR_STYLE.SINGLE_QUOTED;
var SCALAR_STYLE_DOUBLE_QUOTED = SCALAR_STYLE.DOUBLE_QUOTED;
var SCALAR_STYLE_LITERAL_BLOCK = SCALAR_STYLE.LITERAL_BLOCK;
var SCALAR_STYLE_FOLDED_BLOCK = SCALAR_STYLE.FOLDED_BLOCK;
var COLLECTION_STYLE_BLOCK = COLLECTION_STYLE.BLOCK;
var COLLECTION_STYLE_FLOW = COLLECTION_STYLE.FLOW;
var CHOMPING_CLIP = CHOMPING_MODE.CLIP;
var CHOMPING_STRIP = CHOMPING_MODE.STRIP;
var CHOMPING_KEEP = CHOMPING_MODE.KEEP;

// src/desired/line-table.ts
function lineTable(text3) {
  const starts = [0];
  for (let at = text3.indexOf("\n"); at !== -1; at = text3.indexOf("\n", at + 1)) starts.push(at + 1);
  return { linePos: (offset) => positionIn(starts, offset) };
}
function positionIn(starts, offset) {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = low + high >> 1;
    if (starts[mid] < offset) low = mid + 1;
    else high = mid;
  }
  if (starts[low] === offset) return { line: low + 1, col: 1 };
  if (low === 0) return { line: 0, col: offset };
  return { line: low, col: offset - starts[low - 1] + 1 };
}

// src/desired/json-documents.ts
var NOT_PRINTABLE = (
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/
);
var SEPARATOR = /^---[ ]*$/;
var MAX_DEPTH = 32;
var MAX_KEY_LENGTH = 1024;
function parseJsonDocuments(text3) {
  const first = text3.search(/\S/);
  if (first === -1 || text3.charCodeAt(first) !== 123 || NOT_PRINTABLE.test(text3)) return void 0;
  const documents = [];
  const separators = new RegExp(SEPARATOR.source, "gm");
  let from = 0;
  for (; ; ) {
    const separator = separators.exec(text3);
    const to = separator ? separator.index : text3.length;
    const document = readDocument2(text3, from, to);
    if (!document || documents.length >= YAML_LIMITS.maxDocumentsPerFile) return void 0;
    documents.push(document);
    if (!separator) return documents;
    from = to + separator[0].length;
  }
}
function readDocument2(text3, from, to) {
  const scan = scanObject(text3, from, to);
  if (!scan) return void 0;
  try {
    return { value: JSON.parse(text3.slice(from, to)), ...scan };
  } catch {
    return void 0;
  }
}
function scanObject(text3, from, to) {
  const keys = [];
  const found = { start: -1 };
  let pendingKey;
  let valueOf;
  for (let i = from; i < to; i++) {
    const c = text3.charCodeAt(i);
    if (c === 10 && pendingKey !== void 0) return void 0;
    if (c === 32 || c === 10) continue;
    if (valueOf !== void 0 && c !== 58) {
      found[valueOf] = i;
      valueOf = void 0;
    }
    if (c === 34) {
      const end = stringEnd(text3, i, to);
      if (end === void 0) return void 0;
      const inObject = keys[keys.length - 1];
      if (inObject !== void 0 && pendingKey === void 0 && isKeyPosition(text3, from, i)) {
        const key = end - i - 1 > MAX_KEY_LENGTH ? void 0 : keyText2(text3, i, end);
        if (key === void 0 || key === "__proto__" || inObject.has(key)) return void 0;
        inObject.add(key);
        pendingKey = key;
      }
      i = end;
      continue;
    }
    if (c === 58) {
      if (pendingKey === void 0) return void 0;
      if (keys.length === 1 && (pendingKey === "name" || pendingKey === "id" || pendingKey === "protect")) valueOf = pendingKey;
      pendingKey = void 0;
      continue;
    }
    if (pendingKey !== void 0) return void 0;
    if (c === 123 || c === 91) {
      if (keys.length === 0) {
        if (c !== 123) return void 0;
        found.start = i;
      } else if (found.start === -1) return void 0;
      keys.push(c === 123 ? /* @__PURE__ */ new Set() : void 0);
      if (keys.length > MAX_DEPTH) return void 0;
    } else if (c === 125 || c === 93) {
      keys.pop();
    } else if (c !== 44 && !isLiteralChar(c)) return void 0;
  }
  return found.start === -1 || keys.length !== 0 ? void 0 : found;
}
function stringEnd(text3, open, to) {
  for (let i = open + 1; i < to; i++) {
    const c = text3.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i;
    else if (c === 10) return void 0;
  }
  return void 0;
}
function isKeyPosition(text3, from, at) {
  for (let i = at - 1; i >= from; i--) {
    const c = text3.charCodeAt(i);
    if (c === 32 || c === 10) continue;
    return c === 123 || c === 44;
  }
  return false;
}
function keyText2(text3, open, close) {
  const raw = text3.slice(open + 1, close);
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(text3.slice(open, close + 1));
  } catch {
    return void 0;
  }
}
function isLiteralChar(c) {
  return c >= 48 && c <= 57 || c === 45 || c === 43 || c === 46 || c >= 97 && c <= 122 || c >= 65 && c <= 90;
}

// src/desired/fast-yaml.ts
var POSITIONED_KEYS = /* @__PURE__ */ new Set(["name", "id", "protect"]);
var ONE_LINE_STYLES = /* @__PURE__ */ new Set([SCALAR_STYLE.PLAIN, SCALAR_STYLE.SINGLE_QUOTED, SCALAR_STYLE.DOUBLE_QUOTED]);
function parseYamlFast(text3) {
  const json = parseJsonDocuments(text3);
  if (json) return { documents: json, lineCounter: lineTable(text3) };
  try {
    const events = parseEvents(text3, { maxDepth: YAML_LIMITS.maxDepth });
    const documents = scanDocuments(text3, events);
    if (!documents) return void 0;
    const values = constructFromEvents(events, { source: text3, schema: CORE_SCHEMA, maxAliases: 0 });
    if (values.length !== documents.length) return void 0;
    documents.forEach((d, i) => d.value = values[i]);
    return { documents, lineCounter: lineTable(text3) };
  } catch {
    return void 0;
  }
}
function scanDocuments(text3, events) {
  const documents = [];
  let depth = 0;
  let current;
  let child = 0;
  let pendingKey;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (event.type === EVENT_ID.POP) {
      depth--;
      continue;
    }
    if (event.type === EVENT_ID.ALIAS) return void 0;
    if (event.type === EVENT_ID.DOCUMENT) {
      if (event.directives.length > 0 || documents.length >= YAML_LIMITS.maxDocumentsPerFile) return void 0;
      const root = events[i + 1];
      if (!root || root.type !== EVENT_ID.MAPPING) return void 0;
      current = { value: {}, start: root.start };
      documents.push(current);
      child = 0;
      depth++;
      continue;
    }
    if (event.anchorStart !== -1 || event.tagStart !== -1) return void 0;
    if (depth === 2 && current) {
      const isKey = child++ % 2 === 0;
      if (isKey) {
        if (event.type !== EVENT_ID.SCALAR || !ONE_LINE_STYLES.has(event.style)) return void 0;
        pendingKey = getScalarValue(text3, event);
      } else if (pendingKey !== void 0 && POSITIONED_KEYS.has(pendingKey)) {
        const offset = scalarStart(text3, event);
        if (offset === void 0) return void 0;
        current[pendingKey] = offset;
      }
    }
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) depth++;
  }
  return documents.length > 0 ? documents : void 0;
}
function scalarStart(text3, event) {
  if (event.type !== EVENT_ID.SCALAR) return void 0;
  if (text3.slice(event.valueStart, event.valueEnd).includes("\n")) return void 0;
  if (event.style === SCALAR_STYLE.PLAIN) return event.valueStart;
  if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED) return event.valueStart - 1;
  return void 0;
}

// src/desired/fql-yaml-hint.ts
var FQL_KEYS = ["if", "fql"];
var FQL_KEY_ON_LINE = new RegExp(String.raw`(^[ \t]*(?:-[ \t]+)?|[{,][ \t]*)(${FQL_KEYS.join("|")})[ \t]*:[ \t]+(?=\S)`, "g");
var MAX_SHOWN = 80;
var MAX_COLUMN = 4096;
function fqlQuoteHint(text3, offset) {
  const from = Math.max(0, offset - MAX_COLUMN);
  const back = text3.slice(from, offset).lastIndexOf("\n");
  if (back === -1 && from > 0) return void 0;
  const lineStart = from + back + 1;
  const ahead = text3.slice(offset, offset + MAX_SHOWN + 1).indexOf("\n");
  const whole = ahead !== -1 || offset + MAX_SHOWN + 1 >= text3.length;
  const lineEnd = ahead !== -1 ? offset + ahead : Math.min(text3.length, offset + MAX_SHOWN + 1);
  const line = text3.slice(lineStart, lineEnd);
  const column = offset - lineStart;
  let found;
  for (const match of line.matchAll(FQL_KEY_ON_LINE)) {
    const [all, before, key] = match;
    const valueAt = match.index + all.length;
    if (valueAt <= column) found = { key, keyAt: match.index + before.length, valueAt, block: !/[{,]/.test(before) };
  }
  if (found === void 0 || /^[|>]/.test(line.slice(found.valueAt))) return void 0;
  const fql = line.slice(found.valueAt).trimEnd();
  const oneLine = found.block && whole && !continuesOnNextLine(text3, lineEnd, found.keyAt);
  const example = oneLine && fql.length <= MAX_SHOWN && !/["\\]/.test(fql) ? ` (${found.key}: "${fql}")` : "";
  return `the FQL of ${found.key} is not quoted as a whole, so YAML reads its ": " (or " #", a leading quote) as YAML: quote the whole FQL${example} or write it as a block (${found.key}: >- with the FQL on the lines below)`;
}
function continuesOnNextLine(text3, lineEnd, keyAt) {
  if (lineEnd >= text3.length) return false;
  const nextEnd = text3.indexOf("\n", lineEnd + 1);
  const next = text3.slice(lineEnd + 1, nextEnd === -1 ? text3.length : nextEnd);
  return next.trim() !== "" && /^[ \t]*/.exec(next)[0].length > keyAt;
}

// src/desired/read-yaml.ts
function fileDiagnostic(file, rule, message, severity = "error") {
  return { file, line: 1, col: 1, severity, path: "", message, rule };
}
function parseYamlText(file, text3) {
  const diagnostics = [];
  const separators = text3.match(/^---/gm)?.length ?? 0;
  if (separators > YAML_LIMITS.maxDocumentsPerFile) {
    return {
      documents: [],
      diagnostics: [
        fileDiagnostic(
          file,
          "yaml-size",
          `file has ${separators} documents, over the limit of ${YAML_LIMITS.maxDocumentsPerFile}; split it`
        )
      ]
    };
  }
  const { LineCounter, parseAllDocuments } = yamlLib();
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(text3, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const docs = Array.isArray(parsed) ? parsed : [];
  const documents = [];
  for (const doc of docs) {
    const at = (offset) => linePos(lineCounter, offset);
    const hinted = /* @__PURE__ */ new Set();
    for (const error of doc.errors) {
      const [start] = error.pos;
      if (hinted.has(start)) continue;
      diagnostics.push(yamlDiagnostic(file, text3, error, "error", at));
      if (fqlQuoteHint(text3, start) !== void 0) hinted.add(start);
    }
    for (const warning of doc.warnings) diagnostics.push(yamlDiagnostic(file, text3, warning, "warning", at));
    if (doc.errors.some((e) => e.code !== "DUPLICATE_KEY") || isEmptyDocument(doc)) continue;
    const value = toValue(file, doc, at, diagnostics);
    if (value !== void 0) documents.push({ file, text: text3, doc, lineCounter, value });
  }
  if (documents.length === 0 && diagnostics.length === 0) {
    diagnostics.push(fileDiagnostic(file, "empty-file", "file contains no documents", "warning"));
  }
  return { documents, diagnostics };
}
function isEmptyDocument(doc) {
  const contents = doc.contents;
  if (contents === null) return true;
  return yamlLib().isScalar(contents) && contents.value === null && (contents.range?.[0] ?? 0) === (contents.range?.[1] ?? 0);
}
function yamlDiagnostic(file, text3, error, severity, at) {
  const [start, end] = error.pos;
  if (error.code === "DUPLICATE_KEY") {
    const key = text3.slice(start, Math.max(end, start + 200)).split(/[:,}\n]/)[0]?.trim().replace(/^["']|["']$/g, "") ?? "";
    return {
      file,
      ...at(start),
      severity,
      path: key,
      message: `duplicate key "${key}": a key may appear only once in a mapping`,
      rule: "duplicate-key"
    };
  }
  const message = error.message.replace(/ at line \d+, column \d+.*$/s, "").trim();
  const hint = fqlQuoteHint(text3, start);
  const rule = severity === "warning" ? "yaml-warning" : "yaml-syntax";
  return { file, ...at(start), severity, path: "", message: `YAML: ${message}${hint ? `; ${hint}` : ""}`, rule };
}
function toValue(file, doc, at, out) {
  const deep = findTooDeep(doc.contents);
  if (deep) {
    const where = at(deep.range?.[0] ?? 0);
    out.push({
      file,
      ...where,
      severity: "error",
      path: "",
      message: `the document is nested more than ${YAML_LIMITS.maxDepth} levels deep`,
      rule: "yaml-depth"
    });
    return void 0;
  }
  try {
    return doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount });
  } catch (error) {
    const text3 = error instanceof Error ? error.message : String(error);
    const unresolved = /^Unresolved alias.*: (.+)$/.exec(text3)?.[1];
    const bomb = error instanceof ReferenceError && /alias/i.test(text3);
    const message = unresolved !== void 0 ? `alias *${unresolved} has no anchor &${unresolved} in its own document: anchors do not cross \`---\`; repeat the value or set the anchor in this document` : bomb ? `aliases expand too much (over ${YAML_LIMITS.maxAliasCount} expansions): a YAML "bomb"? write the values out` : `YAML: ${text3}`;
    out.push({
      file,
      ...at(doc.contents?.range?.[0] ?? 0),
      severity: "error",
      path: "",
      message,
      rule: bomb ? "yaml-aliases" : "yaml-syntax"
    });
    return void 0;
  }
}
function findTooDeep(root) {
  const { isCollection, isPair } = yamlLib();
  const stack = root ? [{ node: root, depth: 1 }] : [];
  while (stack.length > 0) {
    const { node, depth } = stack.pop();
    if (depth > YAML_LIMITS.maxDepth) return node;
    if (!isCollection(node)) continue;
    for (const item of node.items) {
      if (isPair(item)) {
        if (item.key && typeof item.key === "object") stack.push({ node: item.key, depth: depth + 1 });
        if (item.value && typeof item.value === "object") stack.push({ node: item.value, depth: depth + 1 });
      } else if (item && typeof item === "object") {
        stack.push({ node: item, depth: depth + 1 });
      }
    }
  }
  return void 0;
}

// src/desired/reporter.ts
function documentReporter(ydoc, out) {
  return {
    report(severity, rule, path, message, options = {}) {
      const lookup = lookupNode(ydoc.doc, path);
      let offset = offsetOf(lookup, options.atKey);
      if (options.valueOffset !== void 0 && lookup.value) offset = scalarValueOffset(ydoc.text, lookup.value, options.valueOffset);
      out.push({ file: ydoc.file, ...linePos(ydoc.lineCounter, offset), severity, path: dottedPath(path), message, rule });
    }
  };
}
function reportSchemaIssues(reporter, issues) {
  for (const issue3 of issues) reporter.report("error", "schema", issue3.path, issue3.message, { atKey: issue3.atKey });
}
var KNOWN_API_VERSIONS = ["transync/v1"];
function checkApiVersion(value, reporter, required2) {
  const version = value.apiVersion;
  if (version === void 0) {
    if (!required2) return true;
    reporter.report("error", "api-version", ["apiVersion"], `required field is missing; add apiVersion: ${KNOWN_API_VERSIONS[0]}`);
    return false;
  }
  if (typeof version === "string" && KNOWN_API_VERSIONS.includes(version)) return true;
  reporter.report(
    "error",
    "api-version",
    ["apiVersion"],
    `unknown apiVersion ${JSON.stringify(version)}; this version of transync knows: ${KNOWN_API_VERSIONS.join(", ")}`
  );
  return false;
}

// src/desired/name-match.ts
var MAX_SUGGESTIONS = 3;
var MAX_ROWS = 2e4;
var MAX_WORD = 255;
function suggestionDistance(length) {
  return Math.min(3, Math.max(1, Math.floor(length / 3)));
}
var NearNames = class {
  /** The lower-case form of each candidate, sorted, once each. */
  sorted;
  /** The candidates as given, by lower-case form. */
  given = /* @__PURE__ */ new Map();
  made = 0;
  constructor(candidates) {
    for (const text3 of candidates) {
      if (text3.length === 0) continue;
      const lower = text3.toLowerCase();
      const same = this.given.get(lower);
      if (same === void 0) this.given.set(lower, [text3]);
      else if (!same.includes(text3)) same.push(text3);
    }
    this.sorted = [...this.given.keys()].sort();
  }
  /** Rows computed by every query so far (at most MAX_ROWS each): the work, counted without a clock. */
  get rows() {
    return this.made;
  }
  /**
   * Up to MAX_SUGGESTIONS candidates nearest `word` (case-insensitive; a swap of two neighbours is
   * one edit), all at the smallest distance found, within suggestionDistance: the nearer length
   * first, then by name. A farther candidate is noise beside a nearer one, so it is never offered.
   */
  near(word) {
    const lower = word.toLowerCase();
    if (lower.length === 0 || lower.length > MAX_WORD) return [];
    let found = this.given.has(lower) ? [lower] : [];
    let budget = MAX_ROWS;
    for (let edits = 1; found.length === 0 && edits <= suggestionDistance(lower.length) && budget > 0; edits++) {
      const search = new RowSearch(lower, edits, budget);
      found = search.within(this.sorted);
      budget -= search.rows;
      this.made += search.rows;
    }
    const gap = (text3) => Math.abs(text3.length - word.length);
    return found.flatMap((key) => this.given.get(key)).sort((a, b) => gap(a) - gap(b) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, MAX_SUGGESTIONS);
  }
};
var RowSearch = class {
  constructor(word, edits, budget) {
    this.word = word;
    this.edits = edits;
    this.budget = budget;
    this.over = edits + 1;
    this.table = Array.from({ length: word.length + edits + 2 }, () => new Int32Array(word.length + 2).fill(this.over));
    for (let j = 0; j <= Math.min(word.length, edits); j++) this.table[0][j] = j;
  }
  word;
  edits;
  budget;
  rows = 0;
  /** table[d][j]: edits from the candidate's first d characters to the word's first j (in the band). */
  table;
  over;
  /** The candidates of `sorted` within `edits` of the word (all of them, unless the budget ran out). */
  within(sorted) {
    const found = [];
    let previous = "";
    let valid = 0;
    for (let i = 0; i < sorted.length; ) {
      const candidate = sorted[i];
      let depth = commonPrefix(candidate, previous, valid);
      let tooFar = false;
      while (depth < candidate.length && !tooFar) {
        if (this.rows >= this.budget) return found;
        tooFar = this.row(candidate, ++depth) > this.edits;
      }
      previous = candidate;
      valid = depth;
      if (tooFar) {
        i = pastPrefix(sorted, i, candidate, depth);
        continue;
      }
      if (this.distanceAt(depth) <= this.edits) found.push(candidate);
      i++;
    }
    return found;
  }
  /** The distance from the candidate to the word, or edits + 1 once every cell of a row is over. */
  distanceTo(candidate) {
    for (let d = 1; d <= candidate.length; d++) if (this.row(candidate, d) > this.edits) return this.over;
    return this.distanceAt(candidate.length);
  }
  /** The whole word against a candidate of `length` characters, whose rows are computed. */
  distanceAt(length) {
    return Math.abs(length - this.word.length) > this.edits ? this.over : Math.min(this.table[length][this.word.length], this.over);
  }
  /** Computes row `d` of the candidate (rows d-1 and d-2 are its prefix's); its smallest cell. */
  row(candidate, d) {
    this.rows++;
    const word = this.word;
    const row = this.table[d];
    const back = this.table[d - 1];
    const twoBack = d > 1 ? this.table[d - 2] : back;
    const char = candidate.charCodeAt(d - 1);
    const before = d > 1 ? candidate.charCodeAt(d - 2) : -1;
    const low = Math.max(1, d - this.edits);
    const high = Math.min(word.length, d + this.edits);
    row[0] = d;
    row[low - 1] = low === 1 ? d : this.over;
    row[high + 1] = this.over;
    let smallest = d;
    for (let j = low; j <= high; j++) {
      const wordChar = word.charCodeAt(j - 1);
      let cell = Math.min(back[j] + 1, row[j - 1] + 1, back[j - 1] + (char === wordChar ? 0 : 1));
      if (before === wordChar && j > 1 && char === word.charCodeAt(j - 2)) cell = Math.min(cell, twoBack[j - 2] + 1);
      row[j] = cell;
      if (cell < smallest) smallest = cell;
    }
    return smallest;
  }
};
function commonPrefix(a, b, limit) {
  let n = 0;
  while (n < limit && n < a.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}
function pastPrefix(sorted, from, text3, length) {
  let low = from + 1;
  let high = sorted.length;
  while (low < high) {
    const middle = low + high >>> 1;
    if (commonPrefix(sorted[middle], text3, length) === length) low = middle + 1;
    else high = middle;
  }
  return low;
}
function nearest(word, candidates) {
  return new NearNames(candidates).near(word);
}
function boundedDistance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  return new RowSearch(a, max, Infinity).distanceTo(b);
}

// src/model/hash-key-variable.ts
var HASH_KEY_VARIABLE_PREFIX = "TRANSYNC_KEY_";
var HASH_KEY_VARIABLE_PATTERN = "^TRANSYNC_KEY_[A-Za-z0-9_]+$";
var VARIABLE = new RegExp(HASH_KEY_VARIABLE_PATTERN);
function hashKeyVariableMessage(name) {
  return `${JSON.stringify(name)} is not a hash key variable: a hash key is read only from a variable whose name starts with ${HASH_KEY_VARIABLE_PREFIX} (e.g. ${HASH_KEY_VARIABLE_PREFIX}EMAIL), so that a document cannot make transync hash with another secret of the environment; put the key in such a variable`;
}

// src/model/notify-target.ts
var NOTIFY_VARIABLE_PREFIX = "TRANSYNC_NOTIFY_";
var NOTIFY_VARIABLE_PATTERN = "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$";
var VARIABLE2 = new RegExp(NOTIFY_VARIABLE_PATTERN);
function notifyVariableMessage(name) {
  return `${JSON.stringify(name)} is not a notification variable: a notification's URL and secret are read only from variables whose names start with ${NOTIFY_VARIABLE_PREFIX} (e.g. ${NOTIFY_VARIABLE_PREFIX}SLACK_URL), so that a pull request cannot make transync post another secret of the job; put the value in such a variable`;
}

// src/desired/schema-validators.generated.ts
var transformationCode = validate20;
var schema31 = { "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://transync.dev/schemas/transformation.schema.json", "title": "transync Transformation document", "description": "One desired Segment Transformation, as written in a YAML file under the transformations folder. Several documents may share a file, separated by `---`. Add `# yaml-language-server: $schema=../schemas/transformation.schema.json` at the top of a file for completion in editors.", "type": "object", "required": ["apiVersion", "kind", "name", "sourceId", "enabled", "if"], "additionalProperties": false, "properties": { "apiVersion": { "const": "transync/v1", "description": "Version of the document format. This version of transync knows `transync/v1`.", "examples": ["transync/v1"] }, "kind": { "const": "Transformation", "description": "Kind of the document. Always `Transformation`.", "examples": ["Transformation"] }, "name": { "$ref": "defs.schema.json#/$defs/name", "description": "Name of the Transformation: the key that matches it to a live object (unless `id` pins it). Unique across all documents.", "examples": ["Rename Order Completed"] }, "id": { "oneOf": [{ "type": "string", "minLength": 1, "maxLength": 255 }, { "type": "object", "minProperties": 1, "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "type": "string", "minLength": 1, "maxLength": 255 }, "description": "One pin per environment of transync.yaml: environment -> id in that environment's workspace. An environment without an entry matches by name." }], "description": "Optional id of the live Transformation this document owns (written by `transync import`), or one per environment (`{ staging: \u2026, prod: \u2026 }`, since each workspace has its own ids). It lets a rename keep the same object. Unique across all documents.", "examples": ["2NhispQ7Fe92M4h69ZO0f0EoNbg", { "staging": "2NhispQ7Fe92M4h69ZO0f0EoNbg", "prod": "2c0vVuRdDmJ3UQkVjd5WxaA3" }] }, "protect": { "type": "boolean", "description": "transync's own, never sent to the API: `true` protects the live object this document describes (by its pinned `id`, else its name). A plan that would delete it (whatever the prune setting) or move it to another source is refused, naming this line; a pull-request plan (`--base`) reads protections at the base too, so a pull request cannot remove `protect: true` and the document in one step. Default `false`.", "default": false, "examples": [true] }, "lint": { "type": "object", "additionalProperties": false, "required": ["ignore"], "description": 'transync\'s own, never sent to the API: the warnings of `validate` this document silences. A silenced warning is not printed but still counted (`2 warnings (1 silenced)`), is in `--format json` with `silenced: { reason }`, and `validate --strict` does not fail on it. A document owns the warnings positioned in it (a cross-document warning is reported at the later document). An entry that silences nothing is itself a warning (`unused-lint-ignore`). The ids: docs/desired-state.md, "Warnings and lint".', "properties": { "ignore": { "type": "array", "description": "One entry per warning id this document silences, each with the reason.", "examples": [[{ "rule": "same-scope", "reason": "split by destination in Segment's UI" }]], "items": { "type": "object", "additionalProperties": false, "required": ["rule", "reason"], "properties": { "rule": { "type": "string", "minLength": 1, "maxLength": 100, "description": "The warning's id, as `validate` prints it (`warning[same-scope]`).", "examples": ["same-scope"] }, "reason": { "type": "string", "minLength": 1, "maxLength": 1e3, "description": "Why the warning does not apply here (required, not blank).", "examples": ["the two rules are split by destination in Segment's UI"] } } } } }, "examples": [{ "ignore": [{ "rule": "same-property", "reason": "the later rule overrides on purpose" }] }] }, "sourceId": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/sourceId" }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Source whose events this Transformation changes: a Source id, a source alias defined in transync.yaml under `environments.<env>.sources` (resolved for the environment chosen with `--env`), or `{ slug: SLUG }`, the source's slug in the workspace (resolved by plan with `GET /sources`).", "examples": ["web", "qQEHquLrjRDN9j1ByrChyn", { "slug": "web" }] }, "destinationMetadataId": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/destinationMetadataId" }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Catalog metadata id of a Destination type, an alias of transync.yaml's `destinations:`, or `{ slug: SLUG }`, the type's slug in Segment's catalog (e.g. `amplitude`, resolved by plan with `GET /catalog/destinations`). When set, the Transformation applies only to destinations of that type; absent means it applies to the whole Source.", "examples": ["547610a5db31d978f14a5c4e", { "slug": "amplitude" }] }, "enabled": { "$ref": "defs.schema.json#/$defs/enabled" }, "if": { "$ref": "defs.schema.json#/$defs/if" }, "drop": { "$ref": "defs.schema.json#/$defs/drop" }, "newEventName": { "$ref": "defs.schema.json#/$defs/newEventName" }, "propertyRenames": { "$ref": "defs.schema.json#/$defs/propertyRenames" }, "propertyValueTransformations": { "$ref": "defs.schema.json#/$defs/propertyValueTransformations" }, "fqlDefinedProperties": { "$ref": "defs.schema.json#/$defs/fqlDefinedProperties" }, "allowProperties": { "$ref": "defs.schema.json#/$defs/allowProperties" }, "hashPropertiesConfiguration": { "$ref": "defs.schema.json#/$defs/documentHashPropertiesConfiguration" }, "overrides": { "type": "object", "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "type": "object", "additionalProperties": false, "properties": { "sourceId": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/sourceId" }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Source whose events this Transformation changes: a Source id, a source alias defined in transync.yaml under `environments.<env>.sources` (resolved for the environment chosen with `--env`), or `{ slug: SLUG }`, the source's slug in the workspace (resolved by plan with `GET /sources`).", "examples": ["web", "qQEHquLrjRDN9j1ByrChyn", { "slug": "web" }] }, "destinationMetadataId": { "oneOf": [{ "oneOf": [{ "$ref": "defs.schema.json#/$defs/destinationMetadataId" }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Catalog metadata id of a Destination type, an alias of transync.yaml's `destinations:`, or `{ slug: SLUG }`, the type's slug in Segment's catalog (e.g. `amplitude`, resolved by plan with `GET /catalog/destinations`). When set, the Transformation applies only to destinations of that type; absent means it applies to the whole Source.", "examples": ["547610a5db31d978f14a5c4e", { "slug": "amplitude" }] }, { "type": "null" }] }, "enabled": { "$ref": "defs.schema.json#/$defs/enabled" }, "if": { "$ref": "defs.schema.json#/$defs/if" }, "drop": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/drop" }, { "type": "null" }] }, "newEventName": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/newEventName" }, { "type": "null" }] }, "propertyRenames": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/propertyRenames" }, { "type": "null" }] }, "propertyValueTransformations": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/propertyValueTransformations" }, { "type": "null" }] }, "fqlDefinedProperties": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/fqlDefinedProperties" }, { "type": "null" }] }, "allowProperties": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/allowProperties" }, { "type": "null" }] }, "hashPropertiesConfiguration": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/documentHashPropertiesConfiguration" }, { "type": "null" }] }, "protect": { "$ref": "#/properties/protect" } }, "description": "The fields this environment sets differently; each is checked as the same field of the document is." }, "description": "Per-environment values: `overrides: { prod: { allowProperties: [...] } }`. In an environment with an entry, each field given there replaces the document's own (the whole value: lists and mappings are not merged). Any field but `name` and `id` may be overridden; an environment must be one transync.yaml defines.", "examples": [{ "prod": { "allowProperties": ["product_id", "price", "currency"] } }] }, "only": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "description": "The environments this document exists in (default: every environment). An environment it leaves out neither plans, creates nor validates it there: its object is undescribed there, and the prune setting decides. Not together with `except`.", "examples": [["staging", "prod"]] }, "except": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "description": "The environments this document does not exist in (default: none). Not together with `only`.", "examples": [["prod"]] }, "ignore": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1, "maxLength": 100 }, "description": "transync's own, never sent to the API: fields of this document that no command compares with live state (Argo CD's `ignoreDifferences`). `plan`, `apply`, `reconcile` and `drift` leave a live value of these fields as it is (an update never sends them; a create sends what the document sets); the plan lists them once. Any input field but `name` (the key that matches the live object); an unknown name is an error listing the known ones.", "examples": [["enabled"], ["allowProperties", "propertyRenames"]] } }, "examples": [{ "apiVersion": "transync/v1", "kind": "Transformation", "name": "Rename Order Completed", "sourceId": "web", "enabled": true, "if": "event = 'Order Completed'", "newEventName": "Order Placed", "propertyRenames": [{ "oldName": "total", "newName": "revenue" }] }] };
var schema33 = { "type": "string", "minLength": 1, "maxLength": 255, "description": "Name of the Transformation. transync matches desired and live objects by name (unless pinned by id).", "examples": ["Rename Order Completed"] };
var schema34 = { "type": "string", "minLength": 1, "maxLength": 255, "description": "Id of the Source whose events this Transformation changes.", "examples": ["qQEHquLrjRDN9j1ByrChyn"] };
var schema35 = { "type": "object", "additionalProperties": false, "required": ["slug"], "properties": { "slug": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The slug as the Segment app shows it.", "examples": ["web", "amplitude"] } }, "description": "A source or destination written by its slug instead of its id (desired state only, never sent): a source's slug in the workspace (resolved with the Public API's `GET /sources`), a destination type's slug in Segment's catalog (`GET /catalog/destinations`). Resolved by `plan`, `apply` and `reconcile`; `validate`, `test` and `simulate` compare it as written.", "examples": [{ "slug": "web" }, { "slug": "amplitude" }] };
var schema36 = { "type": "string", "minLength": 1, "maxLength": 255, "description": "Catalog metadata id of a Destination type (not a destination instance id). When set, the Transformation applies only to destinations of that type; absent means it applies to the whole Source.", "examples": ["547610a5db31d978f14a5c4e"] };
var schema38 = { "type": "boolean", "description": "Whether the Transformation is active.", "examples": [true] };
var schema39 = { "type": "string", "minLength": 1, "description": "FQL statement selecting the events to transform. Standard matchers: track `event = 'Order Completed'`, identify `type = 'identify'`, group `type = 'group'`.", "examples": ["event = 'Order Completed'", "type = 'identify'"] };
var schema40 = { "type": "boolean", "description": "Drop matching events entirely; all other transforms are then ignored. Write-only: the API accepts it but does not return it.", "examples": [true] };
var schema41 = { "type": "string", "minLength": 1, "description": "New name for matching track events (track events only).", "examples": ["Order Placed"] };
var schema49 = { "type": "array", "description": "Allow-list: only these properties are kept.", "items": { "type": "string", "minLength": 1 }, "examples": [["order_id", "revenue"]] };
var schema62 = { "type": "boolean", "description": "transync's own, never sent to the API: `true` protects the live object this document describes (by its pinned `id`, else its name). A plan that would delete it (whatever the prune setting) or move it to another source is refused, naming this line; a pull-request plan (`--base`) reads protections at the base too, so a pull request cannot remove `protect: true` and the document in one step. Default `false`.", "default": false, "examples": [true] };
var func1 = Object.prototype.hasOwnProperty;
var func2 = require_ucs2length().default;
var pattern4 = new RegExp("^[A-Za-z0-9][A-Za-z0-9_.-]*$", "u");
var schema42 = { "type": "array", "description": "Renames of fields inside `properties` or `traits`.", "items": { "$ref": "#/$defs/propertyRename" }, "examples": [[{ "oldName": "total", "newName": "revenue" }]] };
var schema43 = { "type": "object", "description": "Renames one field inside `properties` (or `traits`).", "required": ["oldName", "newName"], "additionalProperties": false, "properties": { "oldName": { "type": "string", "minLength": 1, "description": "Current name of the property.", "examples": ["total"] }, "newName": { "type": "string", "minLength": 1, "description": "New name of the property.", "examples": ["revenue"] } }, "examples": [{ "oldName": "total", "newName": "revenue" }] };
function validate22(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate22.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (Array.isArray(data)) {
    const len0 = data.length;
    for (let i0 = 0; i0 < len0; i0++) {
      let data0 = data[i0];
      if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
        if (data0.oldName === void 0) {
          const err0 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/propertyRename/required", keyword: "required", params: { missingProperty: "oldName" }, message: "must have required property 'oldName'", schema: schema43.required, parentSchema: schema43, data: data0 };
          if (vErrors === null) {
            vErrors = [err0];
          } else {
            vErrors.push(err0);
          }
          errors++;
        }
        if (data0.newName === void 0) {
          const err1 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/propertyRename/required", keyword: "required", params: { missingProperty: "newName" }, message: "must have required property 'newName'", schema: schema43.required, parentSchema: schema43, data: data0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
        for (const key0 in data0) {
          if (!(key0 === "oldName" || key0 === "newName")) {
            const err2 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/propertyRename/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema43, data: data0 };
            if (vErrors === null) {
              vErrors = [err2];
            } else {
              vErrors.push(err2);
            }
            errors++;
          }
        }
        if (data0.oldName !== void 0) {
          let data1 = data0.oldName;
          if (typeof data1 === "string") {
            if (func2(data1) < 1) {
              const err3 = { instancePath: instancePath + "/" + i0 + "/oldName", schemaPath: "#/$defs/propertyRename/properties/oldName/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema43.properties.oldName, data: data1 };
              if (vErrors === null) {
                vErrors = [err3];
              } else {
                vErrors.push(err3);
              }
              errors++;
            }
          } else {
            const err4 = { instancePath: instancePath + "/" + i0 + "/oldName", schemaPath: "#/$defs/propertyRename/properties/oldName/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema43.properties.oldName.type, parentSchema: schema43.properties.oldName, data: data1 };
            if (vErrors === null) {
              vErrors = [err4];
            } else {
              vErrors.push(err4);
            }
            errors++;
          }
        }
        if (data0.newName !== void 0) {
          let data2 = data0.newName;
          if (typeof data2 === "string") {
            if (func2(data2) < 1) {
              const err5 = { instancePath: instancePath + "/" + i0 + "/newName", schemaPath: "#/$defs/propertyRename/properties/newName/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema43.properties.newName, data: data2 };
              if (vErrors === null) {
                vErrors = [err5];
              } else {
                vErrors.push(err5);
              }
              errors++;
            }
          } else {
            const err6 = { instancePath: instancePath + "/" + i0 + "/newName", schemaPath: "#/$defs/propertyRename/properties/newName/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema43.properties.newName.type, parentSchema: schema43.properties.newName, data: data2 };
            if (vErrors === null) {
              vErrors = [err6];
            } else {
              vErrors.push(err6);
            }
            errors++;
          }
        }
      } else {
        const err7 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/propertyRename/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema43.type, parentSchema: schema43, data: data0 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
  } else {
    const err8 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema42.type, parentSchema: schema42, data };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  validate22.errors = vErrors;
  return errors === 0;
}
validate22.evaluated = { "items": true, "dynamicProps": false, "dynamicItems": false };
var schema44 = { "type": "array", "maxItems": 10, "description": "Static values to set (at most 10 properties).", "items": { "$ref": "#/$defs/propertyValueTransformation" }, "examples": [[{ "propertyPaths": ["properties.currency"], "propertyValue": "USD" }]] };
var schema45 = { "type": "object", "description": "Sets every listed path to one static value.", "required": ["propertyPaths", "propertyValue"], "additionalProperties": false, "properties": { "propertyPaths": { "type": "array", "minItems": 1, "maxItems": 10, "description": "Paths to set (at most 10), rooted at `properties.` or `context.`.", "items": { "$ref": "#/$defs/propertyPath" }, "examples": [["properties.currency"]] }, "propertyValue": { "type": "string", "description": "The new value of the paths.", "examples": ["USD"] } }, "examples": [{ "propertyPaths": ["properties.currency"], "propertyValue": "USD" }] };
var schema46 = { "type": "string", "minLength": 1, "description": "Dotted path rooted at `properties.` or `context.`.", "examples": ["properties.currency", "context.locale"] };
function validate25(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate25.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.propertyPaths === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "propertyPaths" }, message: "must have required property 'propertyPaths'", schema: schema45.required, parentSchema: schema45, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.propertyValue === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "propertyValue" }, message: "must have required property 'propertyValue'", schema: schema45.required, parentSchema: schema45, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "propertyPaths" || key0 === "propertyValue")) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema45, data };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.propertyPaths !== void 0) {
      let data0 = data.propertyPaths;
      if (Array.isArray(data0)) {
        if (data0.length > 10) {
          const err3 = { instancePath: instancePath + "/propertyPaths", schemaPath: "#/properties/propertyPaths/maxItems", keyword: "maxItems", params: { limit: 10 }, message: "must NOT have more than 10 items", schema: 10, parentSchema: schema45.properties.propertyPaths, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        if (data0.length < 1) {
          const err4 = { instancePath: instancePath + "/propertyPaths", schemaPath: "#/properties/propertyPaths/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema45.properties.propertyPaths, data: data0 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        const len0 = data0.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data1 = data0[i0];
          if (typeof data1 === "string") {
            if (func2(data1) < 1) {
              const err5 = { instancePath: instancePath + "/propertyPaths/" + i0, schemaPath: "#/$defs/propertyPath/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema46, data: data1 };
              if (vErrors === null) {
                vErrors = [err5];
              } else {
                vErrors.push(err5);
              }
              errors++;
            }
          } else {
            const err6 = { instancePath: instancePath + "/propertyPaths/" + i0, schemaPath: "#/$defs/propertyPath/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema46.type, parentSchema: schema46, data: data1 };
            if (vErrors === null) {
              vErrors = [err6];
            } else {
              vErrors.push(err6);
            }
            errors++;
          }
        }
      } else {
        const err7 = { instancePath: instancePath + "/propertyPaths", schemaPath: "#/properties/propertyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema45.properties.propertyPaths.type, parentSchema: schema45.properties.propertyPaths, data: data0 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.propertyValue !== void 0) {
      let data2 = data.propertyValue;
      if (typeof data2 !== "string") {
        const err8 = { instancePath: instancePath + "/propertyValue", schemaPath: "#/properties/propertyValue/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema45.properties.propertyValue.type, parentSchema: schema45.properties.propertyValue, data: data2 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
  } else {
    const err9 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema45.type, parentSchema: schema45, data };
    if (vErrors === null) {
      vErrors = [err9];
    } else {
      vErrors.push(err9);
    }
    errors++;
  }
  validate25.errors = vErrors;
  return errors === 0;
}
validate25.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate24(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate24.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (Array.isArray(data)) {
    if (data.length > 10) {
      const err0 = { instancePath, schemaPath: "#/maxItems", keyword: "maxItems", params: { limit: 10 }, message: "must NOT have more than 10 items", schema: 10, parentSchema: schema44, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    const len0 = data.length;
    for (let i0 = 0; i0 < len0; i0++) {
      if (!validate25(data[i0], { instancePath: instancePath + "/" + i0, parentData: data, parentDataProperty: i0, rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
        errors = vErrors.length;
      }
    }
  } else {
    const err1 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema44.type, parentSchema: schema44, data };
    if (vErrors === null) {
      vErrors = [err1];
    } else {
      vErrors.push(err1);
    }
    errors++;
  }
  validate24.errors = vErrors;
  return errors === 0;
}
validate24.evaluated = { "items": true, "dynamicProps": false, "dynamicItems": false };
var schema47 = { "type": "array", "maxItems": 1, "description": "FQL-defined properties (at most 1). Cannot be combined with renames or value transformations.", "items": { "$ref": "#/$defs/fqlDefinedProperty" }, "examples": [[{ "fql": "lowercase(properties.email)", "propertyName": "properties.email_lower" }]] };
var schema48 = { "type": "object", "description": "A property computed with an FQL expression.", "required": ["fql", "propertyName"], "additionalProperties": false, "properties": { "fql": { "type": "string", "minLength": 1, "description": "FQL expression computing the value.", "examples": ["lowercase(properties.email)"] }, "propertyName": { "type": "string", "minLength": 1, "description": "Full path of the new property.", "examples": ["properties.email_lower"] } }, "examples": [{ "fql": "lowercase(properties.email)", "propertyName": "properties.email_lower" }] };
function validate28(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate28.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (Array.isArray(data)) {
    if (data.length > 1) {
      const err0 = { instancePath, schemaPath: "#/maxItems", keyword: "maxItems", params: { limit: 1 }, message: "must NOT have more than 1 items", schema: 1, parentSchema: schema47, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    const len0 = data.length;
    for (let i0 = 0; i0 < len0; i0++) {
      let data0 = data[i0];
      if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
        if (data0.fql === void 0) {
          const err1 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/fqlDefinedProperty/required", keyword: "required", params: { missingProperty: "fql" }, message: "must have required property 'fql'", schema: schema48.required, parentSchema: schema48, data: data0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
        if (data0.propertyName === void 0) {
          const err2 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/fqlDefinedProperty/required", keyword: "required", params: { missingProperty: "propertyName" }, message: "must have required property 'propertyName'", schema: schema48.required, parentSchema: schema48, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        for (const key0 in data0) {
          if (!(key0 === "fql" || key0 === "propertyName")) {
            const err3 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/fqlDefinedProperty/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema48, data: data0 };
            if (vErrors === null) {
              vErrors = [err3];
            } else {
              vErrors.push(err3);
            }
            errors++;
          }
        }
        if (data0.fql !== void 0) {
          let data1 = data0.fql;
          if (typeof data1 === "string") {
            if (func2(data1) < 1) {
              const err4 = { instancePath: instancePath + "/" + i0 + "/fql", schemaPath: "#/$defs/fqlDefinedProperty/properties/fql/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema48.properties.fql, data: data1 };
              if (vErrors === null) {
                vErrors = [err4];
              } else {
                vErrors.push(err4);
              }
              errors++;
            }
          } else {
            const err5 = { instancePath: instancePath + "/" + i0 + "/fql", schemaPath: "#/$defs/fqlDefinedProperty/properties/fql/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema48.properties.fql.type, parentSchema: schema48.properties.fql, data: data1 };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
        }
        if (data0.propertyName !== void 0) {
          let data2 = data0.propertyName;
          if (typeof data2 === "string") {
            if (func2(data2) < 1) {
              const err6 = { instancePath: instancePath + "/" + i0 + "/propertyName", schemaPath: "#/$defs/fqlDefinedProperty/properties/propertyName/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema48.properties.propertyName, data: data2 };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
          } else {
            const err7 = { instancePath: instancePath + "/" + i0 + "/propertyName", schemaPath: "#/$defs/fqlDefinedProperty/properties/propertyName/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema48.properties.propertyName.type, parentSchema: schema48.properties.propertyName, data: data2 };
            if (vErrors === null) {
              vErrors = [err7];
            } else {
              vErrors.push(err7);
            }
            errors++;
          }
        }
      } else {
        const err8 = { instancePath: instancePath + "/" + i0, schemaPath: "#/$defs/fqlDefinedProperty/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema48.type, parentSchema: schema48, data: data0 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
  } else {
    const err9 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema47.type, parentSchema: schema47, data };
    if (vErrors === null) {
      vErrors = [err9];
    } else {
      vErrors.push(err9);
    }
    errors++;
  }
  validate28.errors = vErrors;
  return errors === 0;
}
validate28.evaluated = { "items": true, "dynamicProps": false, "dynamicItems": false };
var schema50 = { "type": "object", "description": "Hashes properties within an event, as a document writes it: the key may come from an environment variable (`key: { fromEnv: TRANSYNC_KEY_EMAIL }`), so the secret stays out of git and out of plan files. Write-only: the API accepts it but does not return it.", "required": ["algorithm", "paths"], "additionalProperties": false, "properties": { "algorithm": { "type": "string", "minLength": 1, "description": "Hash algorithm (the API documents no fixed list).", "examples": ["SHA256"] }, "paths": { "type": "array", "minItems": 1, "description": "Paths of the properties to hash.", "items": { "type": "string", "minLength": 1 }, "examples": [["properties.email"]] }, "key": { "oneOf": [{ "type": "string" }, { "$ref": "#/$defs/hashKeyFromEnv" }], "description": "Optional key (salt) to hash with: a literal, or `{ fromEnv: TRANSYNC_KEY_NAME }` to read it from that environment variable (only names starting with TRANSYNC_KEY_) when apply sends it. Reports show any key as (sensitive).", "examples": ["pepper-2026", { "fromEnv": "TRANSYNC_KEY_EMAIL" }] }, "encoding": { "$ref": "#/$defs/hashEncoding" } }, "examples": [{ "algorithm": "SHA256", "paths": ["properties.email"], "key": { "fromEnv": "TRANSYNC_KEY_EMAIL" } }] };
var schema51 = { "type": "object", "description": "A secret read from an environment variable where transync runs: plan checks that it is set, apply reads it when it sends the body. Plan files hold the reference, never the value.", "required": ["fromEnv"], "additionalProperties": false, "properties": { "fromEnv": { "type": "string", "pattern": "^TRANSYNC_KEY_[A-Za-z0-9_]+$", "description": "Name of the environment variable; it must start with TRANSYNC_KEY_ (case-sensitive), so a document cannot make transync hash with another secret of the environment (a CI token).", "examples": ["TRANSYNC_KEY_EMAIL"] } } };
var schema52 = { "type": "string", "enum": ["BASE16", "BASE64", "BASE64URL", "HEX"], "description": "Encoding of the hash output.", "examples": ["HEX"] };
var pattern5 = new RegExp("^TRANSYNC_KEY_[A-Za-z0-9_]+$", "u");
function validate30(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate30.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.algorithm === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "algorithm" }, message: "must have required property 'algorithm'", schema: schema50.required, parentSchema: schema50, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.paths === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "paths" }, message: "must have required property 'paths'", schema: schema50.required, parentSchema: schema50, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "algorithm" || key0 === "paths" || key0 === "key" || key0 === "encoding")) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema50, data };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.algorithm !== void 0) {
      let data0 = data.algorithm;
      if (typeof data0 === "string") {
        if (func2(data0) < 1) {
          const err3 = { instancePath: instancePath + "/algorithm", schemaPath: "#/properties/algorithm/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema50.properties.algorithm, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      } else {
        const err4 = { instancePath: instancePath + "/algorithm", schemaPath: "#/properties/algorithm/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema50.properties.algorithm.type, parentSchema: schema50.properties.algorithm, data: data0 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.paths !== void 0) {
      let data1 = data.paths;
      if (Array.isArray(data1)) {
        if (data1.length < 1) {
          const err5 = { instancePath: instancePath + "/paths", schemaPath: "#/properties/paths/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema50.properties.paths, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        const len0 = data1.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data2 = data1[i0];
          if (typeof data2 === "string") {
            if (func2(data2) < 1) {
              const err6 = { instancePath: instancePath + "/paths/" + i0, schemaPath: "#/properties/paths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema50.properties.paths.items, data: data2 };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
          } else {
            const err7 = { instancePath: instancePath + "/paths/" + i0, schemaPath: "#/properties/paths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema50.properties.paths.items.type, parentSchema: schema50.properties.paths.items, data: data2 };
            if (vErrors === null) {
              vErrors = [err7];
            } else {
              vErrors.push(err7);
            }
            errors++;
          }
        }
      } else {
        const err8 = { instancePath: instancePath + "/paths", schemaPath: "#/properties/paths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema50.properties.paths.type, parentSchema: schema50.properties.paths, data: data1 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.key !== void 0) {
      let data3 = data.key;
      const _errs9 = errors;
      let valid3 = false;
      let passing0 = null;
      const _errs10 = errors;
      if (typeof data3 !== "string") {
        const err9 = { instancePath: instancePath + "/key", schemaPath: "#/properties/key/oneOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema50.properties.key.oneOf[0].type, parentSchema: schema50.properties.key.oneOf[0], data: data3 };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
      var _valid0 = _errs10 === errors;
      if (_valid0) {
        valid3 = true;
        passing0 = 0;
      }
      const _errs12 = errors;
      if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
        if (data3.fromEnv === void 0) {
          const err10 = { instancePath: instancePath + "/key", schemaPath: "#/$defs/hashKeyFromEnv/required", keyword: "required", params: { missingProperty: "fromEnv" }, message: "must have required property 'fromEnv'", schema: schema51.required, parentSchema: schema51, data: data3 };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
        for (const key1 in data3) {
          if (!(key1 === "fromEnv")) {
            const err11 = { instancePath: instancePath + "/key", schemaPath: "#/$defs/hashKeyFromEnv/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties", schema: false, parentSchema: schema51, data: data3 };
            if (vErrors === null) {
              vErrors = [err11];
            } else {
              vErrors.push(err11);
            }
            errors++;
          }
        }
        if (data3.fromEnv !== void 0) {
          let data4 = data3.fromEnv;
          if (typeof data4 === "string") {
            if (!pattern5.test(data4)) {
              const err12 = { instancePath: instancePath + "/key/fromEnv", schemaPath: "#/$defs/hashKeyFromEnv/properties/fromEnv/pattern", keyword: "pattern", params: { pattern: "^TRANSYNC_KEY_[A-Za-z0-9_]+$" }, message: 'must match pattern "^TRANSYNC_KEY_[A-Za-z0-9_]+$"', schema: "^TRANSYNC_KEY_[A-Za-z0-9_]+$", parentSchema: schema51.properties.fromEnv, data: data4 };
              if (vErrors === null) {
                vErrors = [err12];
              } else {
                vErrors.push(err12);
              }
              errors++;
            }
          } else {
            const err13 = { instancePath: instancePath + "/key/fromEnv", schemaPath: "#/$defs/hashKeyFromEnv/properties/fromEnv/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema51.properties.fromEnv.type, parentSchema: schema51.properties.fromEnv, data: data4 };
            if (vErrors === null) {
              vErrors = [err13];
            } else {
              vErrors.push(err13);
            }
            errors++;
          }
        }
      } else {
        const err14 = { instancePath: instancePath + "/key", schemaPath: "#/$defs/hashKeyFromEnv/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema51.type, parentSchema: schema51, data: data3 };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
      var _valid0 = _errs12 === errors;
      if (_valid0 && valid3) {
        valid3 = false;
        passing0 = [passing0, 1];
      } else {
        if (_valid0) {
          valid3 = true;
          passing0 = 1;
        }
      }
      if (!valid3) {
        const err15 = { instancePath: instancePath + "/key", schemaPath: "#/properties/key/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf", schema: schema50.properties.key.oneOf, parentSchema: schema50.properties.key, data: data3 };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      } else {
        errors = _errs9;
        if (vErrors !== null) {
          if (_errs9) {
            vErrors.length = _errs9;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.encoding !== void 0) {
      let data5 = data.encoding;
      if (typeof data5 !== "string") {
        const err16 = { instancePath: instancePath + "/encoding", schemaPath: "#/$defs/hashEncoding/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema52.type, parentSchema: schema52, data: data5 };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
      if (!(data5 === "BASE16" || data5 === "BASE64" || data5 === "BASE64URL" || data5 === "HEX")) {
        const err17 = { instancePath: instancePath + "/encoding", schemaPath: "#/$defs/hashEncoding/enum", keyword: "enum", params: { allowedValues: schema52.enum }, message: "must be equal to one of the allowed values", schema: schema52.enum, parentSchema: schema52, data: data5 };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
    }
  } else {
    const err18 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema50.type, parentSchema: schema50, data };
    if (vErrors === null) {
      vErrors = [err18];
    } else {
      vErrors.push(err18);
    }
    errors++;
  }
  validate30.errors = vErrors;
  return errors === 0;
}
validate30.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate20(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  ;
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate20.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.apiVersion === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "apiVersion" }, message: "must have required property 'apiVersion'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.kind === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "kind" }, message: "must have required property 'kind'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.name === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.sourceId === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "sourceId" }, message: "must have required property 'sourceId'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.enabled === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "enabled" }, message: "must have required property 'enabled'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.if === void 0) {
      const err5 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "if" }, message: "must have required property 'if'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func1.call(schema31.properties, key0)) {
        const err6 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31, data };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.apiVersion !== void 0) {
      let data0 = data.apiVersion;
      if ("transync/v1" !== data0) {
        const err7 = { instancePath: instancePath + "/apiVersion", schemaPath: "#/properties/apiVersion/const", keyword: "const", params: { allowedValue: "transync/v1" }, message: "must be equal to constant", schema: "transync/v1", parentSchema: schema31.properties.apiVersion, data: data0 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.kind !== void 0) {
      let data1 = data.kind;
      if ("Transformation" !== data1) {
        const err8 = { instancePath: instancePath + "/kind", schemaPath: "#/properties/kind/const", keyword: "const", params: { allowedValue: "Transformation" }, message: "must be equal to constant", schema: "Transformation", parentSchema: schema31.properties.kind, data: data1 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.name !== void 0) {
      let data2 = data.name;
      if (typeof data2 === "string") {
        if (func2(data2) > 255) {
          const err9 = { instancePath: instancePath + "/name", schemaPath: "defs.schema.json#/$defs/name/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema33, data: data2 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
        if (func2(data2) < 1) {
          const err10 = { instancePath: instancePath + "/name", schemaPath: "defs.schema.json#/$defs/name/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema33, data: data2 };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      } else {
        const err11 = { instancePath: instancePath + "/name", schemaPath: "defs.schema.json#/$defs/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.type, parentSchema: schema33, data: data2 };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.id !== void 0) {
      let data3 = data.id;
      const _errs8 = errors;
      let valid2 = false;
      let passing0 = null;
      const _errs9 = errors;
      if (typeof data3 === "string") {
        if (func2(data3) > 255) {
          const err12 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf/0/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema31.properties.id.oneOf[0], data: data3 };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
        if (func2(data3) < 1) {
          const err13 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.id.oneOf[0], data: data3 };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      } else {
        const err14 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.id.oneOf[0].type, parentSchema: schema31.properties.id.oneOf[0], data: data3 };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
      var _valid0 = _errs9 === errors;
      if (_valid0) {
        valid2 = true;
        passing0 = 0;
      }
      const _errs11 = errors;
      if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
        if (Object.keys(data3).length < 1) {
          const err15 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf/1/minProperties", keyword: "minProperties", params: { limit: 1 }, message: "must NOT have fewer than 1 properties", schema: 1, parentSchema: schema31.properties.id.oneOf[1], data: data3 };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
        for (const key1 in data3) {
          const _errs13 = errors;
          if (typeof key1 === "string") {
            if (!pattern4.test(key1)) {
              const err16 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf/1/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema31.properties.id.oneOf[1].propertyNames, data: key1, propertyName: key1 };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
          }
          var valid3 = _errs13 === errors;
          if (!valid3) {
            const err17 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf/1/propertyNames", keyword: "propertyNames", params: { propertyName: key1 }, message: "property name must be valid", schema: schema31.properties.id.oneOf[1].propertyNames, parentSchema: schema31.properties.id.oneOf[1], data: data3 };
            if (vErrors === null) {
              vErrors = [err17];
            } else {
              vErrors.push(err17);
            }
            errors++;
          }
        }
        for (const key2 in data3) {
          let data4 = data3[key2];
          if (typeof data4 === "string") {
            if (func2(data4) > 255) {
              const err18 = { instancePath: instancePath + "/id/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/id/oneOf/1/additionalProperties/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema31.properties.id.oneOf[1].additionalProperties, data: data4 };
              if (vErrors === null) {
                vErrors = [err18];
              } else {
                vErrors.push(err18);
              }
              errors++;
            }
            if (func2(data4) < 1) {
              const err19 = { instancePath: instancePath + "/id/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/id/oneOf/1/additionalProperties/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.id.oneOf[1].additionalProperties, data: data4 };
              if (vErrors === null) {
                vErrors = [err19];
              } else {
                vErrors.push(err19);
              }
              errors++;
            }
          } else {
            const err20 = { instancePath: instancePath + "/id/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/id/oneOf/1/additionalProperties/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.id.oneOf[1].additionalProperties.type, parentSchema: schema31.properties.id.oneOf[1].additionalProperties, data: data4 };
            if (vErrors === null) {
              vErrors = [err20];
            } else {
              vErrors.push(err20);
            }
            errors++;
          }
        }
      } else {
        const err21 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.id.oneOf[1].type, parentSchema: schema31.properties.id.oneOf[1], data: data3 };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
      var _valid0 = _errs11 === errors;
      if (_valid0 && valid2) {
        valid2 = false;
        passing0 = [passing0, 1];
      } else {
        if (_valid0) {
          valid2 = true;
          passing0 = 1;
        }
      }
      if (!valid2) {
        const err22 = { instancePath: instancePath + "/id", schemaPath: "#/properties/id/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.id.oneOf, parentSchema: schema31.properties.id, data: data3 };
        if (vErrors === null) {
          vErrors = [err22];
        } else {
          vErrors.push(err22);
        }
        errors++;
      } else {
        errors = _errs8;
        if (vErrors !== null) {
          if (_errs8) {
            vErrors.length = _errs8;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.protect !== void 0) {
      let data5 = data.protect;
      if (typeof data5 !== "boolean") {
        const err23 = { instancePath: instancePath + "/protect", schemaPath: "#/properties/protect/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.protect.type, parentSchema: schema31.properties.protect, data: data5 };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
    }
    if (data.lint !== void 0) {
      let data6 = data.lint;
      if (data6 && typeof data6 == "object" && !Array.isArray(data6)) {
        if (data6.ignore === void 0) {
          const err24 = { instancePath: instancePath + "/lint", schemaPath: "#/properties/lint/required", keyword: "required", params: { missingProperty: "ignore" }, message: "must have required property 'ignore'", schema: schema31.properties.lint.required, parentSchema: schema31.properties.lint, data: data6 };
          if (vErrors === null) {
            vErrors = [err24];
          } else {
            vErrors.push(err24);
          }
          errors++;
        }
        for (const key3 in data6) {
          if (!(key3 === "ignore")) {
            const err25 = { instancePath: instancePath + "/lint", schemaPath: "#/properties/lint/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.lint, data: data6 };
            if (vErrors === null) {
              vErrors = [err25];
            } else {
              vErrors.push(err25);
            }
            errors++;
          }
        }
        if (data6.ignore !== void 0) {
          let data7 = data6.ignore;
          if (Array.isArray(data7)) {
            const len0 = data7.length;
            for (let i0 = 0; i0 < len0; i0++) {
              let data8 = data7[i0];
              if (data8 && typeof data8 == "object" && !Array.isArray(data8)) {
                if (data8.rule === void 0) {
                  const err26 = { instancePath: instancePath + "/lint/ignore/" + i0, schemaPath: "#/properties/lint/properties/ignore/items/required", keyword: "required", params: { missingProperty: "rule" }, message: "must have required property 'rule'", schema: schema31.properties.lint.properties.ignore.items.required, parentSchema: schema31.properties.lint.properties.ignore.items, data: data8 };
                  if (vErrors === null) {
                    vErrors = [err26];
                  } else {
                    vErrors.push(err26);
                  }
                  errors++;
                }
                if (data8.reason === void 0) {
                  const err27 = { instancePath: instancePath + "/lint/ignore/" + i0, schemaPath: "#/properties/lint/properties/ignore/items/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'", schema: schema31.properties.lint.properties.ignore.items.required, parentSchema: schema31.properties.lint.properties.ignore.items, data: data8 };
                  if (vErrors === null) {
                    vErrors = [err27];
                  } else {
                    vErrors.push(err27);
                  }
                  errors++;
                }
                for (const key4 in data8) {
                  if (!(key4 === "rule" || key4 === "reason")) {
                    const err28 = { instancePath: instancePath + "/lint/ignore/" + i0, schemaPath: "#/properties/lint/properties/ignore/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.lint.properties.ignore.items, data: data8 };
                    if (vErrors === null) {
                      vErrors = [err28];
                    } else {
                      vErrors.push(err28);
                    }
                    errors++;
                  }
                }
                if (data8.rule !== void 0) {
                  let data9 = data8.rule;
                  if (typeof data9 === "string") {
                    if (func2(data9) > 100) {
                      const err29 = { instancePath: instancePath + "/lint/ignore/" + i0 + "/rule", schemaPath: "#/properties/lint/properties/ignore/items/properties/rule/maxLength", keyword: "maxLength", params: { limit: 100 }, message: "must NOT have more than 100 characters", schema: 100, parentSchema: schema31.properties.lint.properties.ignore.items.properties.rule, data: data9 };
                      if (vErrors === null) {
                        vErrors = [err29];
                      } else {
                        vErrors.push(err29);
                      }
                      errors++;
                    }
                    if (func2(data9) < 1) {
                      const err30 = { instancePath: instancePath + "/lint/ignore/" + i0 + "/rule", schemaPath: "#/properties/lint/properties/ignore/items/properties/rule/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.lint.properties.ignore.items.properties.rule, data: data9 };
                      if (vErrors === null) {
                        vErrors = [err30];
                      } else {
                        vErrors.push(err30);
                      }
                      errors++;
                    }
                  } else {
                    const err31 = { instancePath: instancePath + "/lint/ignore/" + i0 + "/rule", schemaPath: "#/properties/lint/properties/ignore/items/properties/rule/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.lint.properties.ignore.items.properties.rule.type, parentSchema: schema31.properties.lint.properties.ignore.items.properties.rule, data: data9 };
                    if (vErrors === null) {
                      vErrors = [err31];
                    } else {
                      vErrors.push(err31);
                    }
                    errors++;
                  }
                }
                if (data8.reason !== void 0) {
                  let data10 = data8.reason;
                  if (typeof data10 === "string") {
                    if (func2(data10) > 1e3) {
                      const err32 = { instancePath: instancePath + "/lint/ignore/" + i0 + "/reason", schemaPath: "#/properties/lint/properties/ignore/items/properties/reason/maxLength", keyword: "maxLength", params: { limit: 1e3 }, message: "must NOT have more than 1000 characters", schema: 1e3, parentSchema: schema31.properties.lint.properties.ignore.items.properties.reason, data: data10 };
                      if (vErrors === null) {
                        vErrors = [err32];
                      } else {
                        vErrors.push(err32);
                      }
                      errors++;
                    }
                    if (func2(data10) < 1) {
                      const err33 = { instancePath: instancePath + "/lint/ignore/" + i0 + "/reason", schemaPath: "#/properties/lint/properties/ignore/items/properties/reason/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.lint.properties.ignore.items.properties.reason, data: data10 };
                      if (vErrors === null) {
                        vErrors = [err33];
                      } else {
                        vErrors.push(err33);
                      }
                      errors++;
                    }
                  } else {
                    const err34 = { instancePath: instancePath + "/lint/ignore/" + i0 + "/reason", schemaPath: "#/properties/lint/properties/ignore/items/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.lint.properties.ignore.items.properties.reason.type, parentSchema: schema31.properties.lint.properties.ignore.items.properties.reason, data: data10 };
                    if (vErrors === null) {
                      vErrors = [err34];
                    } else {
                      vErrors.push(err34);
                    }
                    errors++;
                  }
                }
              } else {
                const err35 = { instancePath: instancePath + "/lint/ignore/" + i0, schemaPath: "#/properties/lint/properties/ignore/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.lint.properties.ignore.items.type, parentSchema: schema31.properties.lint.properties.ignore.items, data: data8 };
                if (vErrors === null) {
                  vErrors = [err35];
                } else {
                  vErrors.push(err35);
                }
                errors++;
              }
            }
          } else {
            const err36 = { instancePath: instancePath + "/lint/ignore", schemaPath: "#/properties/lint/properties/ignore/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.lint.properties.ignore.type, parentSchema: schema31.properties.lint.properties.ignore, data: data7 };
            if (vErrors === null) {
              vErrors = [err36];
            } else {
              vErrors.push(err36);
            }
            errors++;
          }
        }
      } else {
        const err37 = { instancePath: instancePath + "/lint", schemaPath: "#/properties/lint/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.lint.type, parentSchema: schema31.properties.lint, data: data6 };
        if (vErrors === null) {
          vErrors = [err37];
        } else {
          vErrors.push(err37);
        }
        errors++;
      }
    }
    if (data.sourceId !== void 0) {
      let data11 = data.sourceId;
      const _errs32 = errors;
      let valid9 = false;
      let passing1 = null;
      const _errs33 = errors;
      if (typeof data11 === "string") {
        if (func2(data11) > 255) {
          const err38 = { instancePath: instancePath + "/sourceId", schemaPath: "defs.schema.json#/$defs/sourceId/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema34, data: data11 };
          if (vErrors === null) {
            vErrors = [err38];
          } else {
            vErrors.push(err38);
          }
          errors++;
        }
        if (func2(data11) < 1) {
          const err39 = { instancePath: instancePath + "/sourceId", schemaPath: "defs.schema.json#/$defs/sourceId/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34, data: data11 };
          if (vErrors === null) {
            vErrors = [err39];
          } else {
            vErrors.push(err39);
          }
          errors++;
        }
      } else {
        const err40 = { instancePath: instancePath + "/sourceId", schemaPath: "defs.schema.json#/$defs/sourceId/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.type, parentSchema: schema34, data: data11 };
        if (vErrors === null) {
          vErrors = [err40];
        } else {
          vErrors.push(err40);
        }
        errors++;
      }
      var _valid1 = _errs33 === errors;
      if (_valid1) {
        valid9 = true;
        passing1 = 0;
      }
      const _errs36 = errors;
      if (data11 && typeof data11 == "object" && !Array.isArray(data11)) {
        if (data11.slug === void 0) {
          const err41 = { instancePath: instancePath + "/sourceId", schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data11 };
          if (vErrors === null) {
            vErrors = [err41];
          } else {
            vErrors.push(err41);
          }
          errors++;
        }
        for (const key5 in data11) {
          if (!(key5 === "slug")) {
            const err42 = { instancePath: instancePath + "/sourceId", schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key5 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data11 };
            if (vErrors === null) {
              vErrors = [err42];
            } else {
              vErrors.push(err42);
            }
            errors++;
          }
        }
        if (data11.slug !== void 0) {
          let data12 = data11.slug;
          if (typeof data12 === "string") {
            if (func2(data12) > 255) {
              const err43 = { instancePath: instancePath + "/sourceId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data12 };
              if (vErrors === null) {
                vErrors = [err43];
              } else {
                vErrors.push(err43);
              }
              errors++;
            }
            if (func2(data12) < 1) {
              const err44 = { instancePath: instancePath + "/sourceId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data12 };
              if (vErrors === null) {
                vErrors = [err44];
              } else {
                vErrors.push(err44);
              }
              errors++;
            }
          } else {
            const err45 = { instancePath: instancePath + "/sourceId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data12 };
            if (vErrors === null) {
              vErrors = [err45];
            } else {
              vErrors.push(err45);
            }
            errors++;
          }
        }
      } else {
        const err46 = { instancePath: instancePath + "/sourceId", schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data11 };
        if (vErrors === null) {
          vErrors = [err46];
        } else {
          vErrors.push(err46);
        }
        errors++;
      }
      var _valid1 = _errs36 === errors;
      if (_valid1 && valid9) {
        valid9 = false;
        passing1 = [passing1, 1];
      } else {
        if (_valid1) {
          valid9 = true;
          passing1 = 1;
        }
      }
      if (!valid9) {
        const err47 = { instancePath: instancePath + "/sourceId", schemaPath: "#/properties/sourceId/oneOf", keyword: "oneOf", params: { passingSchemas: passing1 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.sourceId.oneOf, parentSchema: schema31.properties.sourceId, data: data11 };
        if (vErrors === null) {
          vErrors = [err47];
        } else {
          vErrors.push(err47);
        }
        errors++;
      } else {
        errors = _errs32;
        if (vErrors !== null) {
          if (_errs32) {
            vErrors.length = _errs32;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.destinationMetadataId !== void 0) {
      let data13 = data.destinationMetadataId;
      const _errs43 = errors;
      let valid13 = false;
      let passing2 = null;
      const _errs44 = errors;
      if (typeof data13 === "string") {
        if (func2(data13) > 255) {
          const err48 = { instancePath: instancePath + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/destinationMetadataId/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema36, data: data13 };
          if (vErrors === null) {
            vErrors = [err48];
          } else {
            vErrors.push(err48);
          }
          errors++;
        }
        if (func2(data13) < 1) {
          const err49 = { instancePath: instancePath + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/destinationMetadataId/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema36, data: data13 };
          if (vErrors === null) {
            vErrors = [err49];
          } else {
            vErrors.push(err49);
          }
          errors++;
        }
      } else {
        const err50 = { instancePath: instancePath + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/destinationMetadataId/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema36.type, parentSchema: schema36, data: data13 };
        if (vErrors === null) {
          vErrors = [err50];
        } else {
          vErrors.push(err50);
        }
        errors++;
      }
      var _valid2 = _errs44 === errors;
      if (_valid2) {
        valid13 = true;
        passing2 = 0;
      }
      const _errs47 = errors;
      if (data13 && typeof data13 == "object" && !Array.isArray(data13)) {
        if (data13.slug === void 0) {
          const err51 = { instancePath: instancePath + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data13 };
          if (vErrors === null) {
            vErrors = [err51];
          } else {
            vErrors.push(err51);
          }
          errors++;
        }
        for (const key6 in data13) {
          if (!(key6 === "slug")) {
            const err52 = { instancePath: instancePath + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key6 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data13 };
            if (vErrors === null) {
              vErrors = [err52];
            } else {
              vErrors.push(err52);
            }
            errors++;
          }
        }
        if (data13.slug !== void 0) {
          let data14 = data13.slug;
          if (typeof data14 === "string") {
            if (func2(data14) > 255) {
              const err53 = { instancePath: instancePath + "/destinationMetadataId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data14 };
              if (vErrors === null) {
                vErrors = [err53];
              } else {
                vErrors.push(err53);
              }
              errors++;
            }
            if (func2(data14) < 1) {
              const err54 = { instancePath: instancePath + "/destinationMetadataId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data14 };
              if (vErrors === null) {
                vErrors = [err54];
              } else {
                vErrors.push(err54);
              }
              errors++;
            }
          } else {
            const err55 = { instancePath: instancePath + "/destinationMetadataId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data14 };
            if (vErrors === null) {
              vErrors = [err55];
            } else {
              vErrors.push(err55);
            }
            errors++;
          }
        }
      } else {
        const err56 = { instancePath: instancePath + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data13 };
        if (vErrors === null) {
          vErrors = [err56];
        } else {
          vErrors.push(err56);
        }
        errors++;
      }
      var _valid2 = _errs47 === errors;
      if (_valid2 && valid13) {
        valid13 = false;
        passing2 = [passing2, 1];
      } else {
        if (_valid2) {
          valid13 = true;
          passing2 = 1;
        }
      }
      if (!valid13) {
        const err57 = { instancePath: instancePath + "/destinationMetadataId", schemaPath: "#/properties/destinationMetadataId/oneOf", keyword: "oneOf", params: { passingSchemas: passing2 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.destinationMetadataId.oneOf, parentSchema: schema31.properties.destinationMetadataId, data: data13 };
        if (vErrors === null) {
          vErrors = [err57];
        } else {
          vErrors.push(err57);
        }
        errors++;
      } else {
        errors = _errs43;
        if (vErrors !== null) {
          if (_errs43) {
            vErrors.length = _errs43;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.enabled !== void 0) {
      let data15 = data.enabled;
      if (typeof data15 !== "boolean") {
        const err58 = { instancePath: instancePath + "/enabled", schemaPath: "defs.schema.json#/$defs/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema38.type, parentSchema: schema38, data: data15 };
        if (vErrors === null) {
          vErrors = [err58];
        } else {
          vErrors.push(err58);
        }
        errors++;
      }
    }
    if (data.if !== void 0) {
      let data16 = data.if;
      if (typeof data16 === "string") {
        if (func2(data16) < 1) {
          const err59 = { instancePath: instancePath + "/if", schemaPath: "defs.schema.json#/$defs/if/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema39, data: data16 };
          if (vErrors === null) {
            vErrors = [err59];
          } else {
            vErrors.push(err59);
          }
          errors++;
        }
      } else {
        const err60 = { instancePath: instancePath + "/if", schemaPath: "defs.schema.json#/$defs/if/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema39.type, parentSchema: schema39, data: data16 };
        if (vErrors === null) {
          vErrors = [err60];
        } else {
          vErrors.push(err60);
        }
        errors++;
      }
    }
    if (data.drop !== void 0) {
      let data17 = data.drop;
      if (typeof data17 !== "boolean") {
        const err61 = { instancePath: instancePath + "/drop", schemaPath: "defs.schema.json#/$defs/drop/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema40.type, parentSchema: schema40, data: data17 };
        if (vErrors === null) {
          vErrors = [err61];
        } else {
          vErrors.push(err61);
        }
        errors++;
      }
    }
    if (data.newEventName !== void 0) {
      let data18 = data.newEventName;
      if (typeof data18 === "string") {
        if (func2(data18) < 1) {
          const err62 = { instancePath: instancePath + "/newEventName", schemaPath: "defs.schema.json#/$defs/newEventName/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema41, data: data18 };
          if (vErrors === null) {
            vErrors = [err62];
          } else {
            vErrors.push(err62);
          }
          errors++;
        }
      } else {
        const err63 = { instancePath: instancePath + "/newEventName", schemaPath: "defs.schema.json#/$defs/newEventName/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema41.type, parentSchema: schema41, data: data18 };
        if (vErrors === null) {
          vErrors = [err63];
        } else {
          vErrors.push(err63);
        }
        errors++;
      }
    }
    if (data.propertyRenames !== void 0) {
      if (!validate22(data.propertyRenames, { instancePath: instancePath + "/propertyRenames", parentData: data, parentDataProperty: "propertyRenames", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
        errors = vErrors.length;
      }
    }
    if (data.propertyValueTransformations !== void 0) {
      if (!validate24(data.propertyValueTransformations, { instancePath: instancePath + "/propertyValueTransformations", parentData: data, parentDataProperty: "propertyValueTransformations", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
        errors = vErrors.length;
      }
    }
    if (data.fqlDefinedProperties !== void 0) {
      if (!validate28(data.fqlDefinedProperties, { instancePath: instancePath + "/fqlDefinedProperties", parentData: data, parentDataProperty: "fqlDefinedProperties", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
        errors = vErrors.length;
      }
    }
    if (data.allowProperties !== void 0) {
      let data22 = data.allowProperties;
      if (Array.isArray(data22)) {
        const len1 = data22.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data23 = data22[i1];
          if (typeof data23 === "string") {
            if (func2(data23) < 1) {
              const err64 = { instancePath: instancePath + "/allowProperties/" + i1, schemaPath: "defs.schema.json#/$defs/allowProperties/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema49.items, data: data23 };
              if (vErrors === null) {
                vErrors = [err64];
              } else {
                vErrors.push(err64);
              }
              errors++;
            }
          } else {
            const err65 = { instancePath: instancePath + "/allowProperties/" + i1, schemaPath: "defs.schema.json#/$defs/allowProperties/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema49.items.type, parentSchema: schema49.items, data: data23 };
            if (vErrors === null) {
              vErrors = [err65];
            } else {
              vErrors.push(err65);
            }
            errors++;
          }
        }
      } else {
        const err66 = { instancePath: instancePath + "/allowProperties", schemaPath: "defs.schema.json#/$defs/allowProperties/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema49.type, parentSchema: schema49, data: data22 };
        if (vErrors === null) {
          vErrors = [err66];
        } else {
          vErrors.push(err66);
        }
        errors++;
      }
    }
    if (data.hashPropertiesConfiguration !== void 0) {
      if (!validate30(data.hashPropertiesConfiguration, { instancePath: instancePath + "/hashPropertiesConfiguration", parentData: data, parentDataProperty: "hashPropertiesConfiguration", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
        errors = vErrors.length;
      }
    }
    if (data.overrides !== void 0) {
      let data25 = data.overrides;
      if (data25 && typeof data25 == "object" && !Array.isArray(data25)) {
        for (const key7 in data25) {
          const _errs76 = errors;
          if (typeof key7 === "string") {
            if (!pattern4.test(key7)) {
              const err67 = { instancePath: instancePath + "/overrides", schemaPath: "#/properties/overrides/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema31.properties.overrides.propertyNames, data: key7, propertyName: key7 };
              if (vErrors === null) {
                vErrors = [err67];
              } else {
                vErrors.push(err67);
              }
              errors++;
            }
          }
          var valid24 = _errs76 === errors;
          if (!valid24) {
            const err68 = { instancePath: instancePath + "/overrides", schemaPath: "#/properties/overrides/propertyNames", keyword: "propertyNames", params: { propertyName: key7 }, message: "property name must be valid", schema: schema31.properties.overrides.propertyNames, parentSchema: schema31.properties.overrides, data: data25 };
            if (vErrors === null) {
              vErrors = [err68];
            } else {
              vErrors.push(err68);
            }
            errors++;
          }
        }
        for (const key8 in data25) {
          let data26 = data25[key8];
          if (data26 && typeof data26 == "object" && !Array.isArray(data26)) {
            for (const key9 in data26) {
              if (!func1.call(schema31.properties.overrides.additionalProperties.properties, key9)) {
                const err69 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/overrides/additionalProperties/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key9 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.overrides.additionalProperties, data: data26 };
                if (vErrors === null) {
                  vErrors = [err69];
                } else {
                  vErrors.push(err69);
                }
                errors++;
              }
            }
            if (data26.sourceId !== void 0) {
              let data27 = data26.sourceId;
              const _errs82 = errors;
              let valid27 = false;
              let passing3 = null;
              const _errs83 = errors;
              if (typeof data27 === "string") {
                if (func2(data27) > 255) {
                  const err70 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId", schemaPath: "defs.schema.json#/$defs/sourceId/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema34, data: data27 };
                  if (vErrors === null) {
                    vErrors = [err70];
                  } else {
                    vErrors.push(err70);
                  }
                  errors++;
                }
                if (func2(data27) < 1) {
                  const err71 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId", schemaPath: "defs.schema.json#/$defs/sourceId/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34, data: data27 };
                  if (vErrors === null) {
                    vErrors = [err71];
                  } else {
                    vErrors.push(err71);
                  }
                  errors++;
                }
              } else {
                const err72 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId", schemaPath: "defs.schema.json#/$defs/sourceId/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.type, parentSchema: schema34, data: data27 };
                if (vErrors === null) {
                  vErrors = [err72];
                } else {
                  vErrors.push(err72);
                }
                errors++;
              }
              var _valid3 = _errs83 === errors;
              if (_valid3) {
                valid27 = true;
                passing3 = 0;
              }
              const _errs86 = errors;
              if (data27 && typeof data27 == "object" && !Array.isArray(data27)) {
                if (data27.slug === void 0) {
                  const err73 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId", schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data27 };
                  if (vErrors === null) {
                    vErrors = [err73];
                  } else {
                    vErrors.push(err73);
                  }
                  errors++;
                }
                for (const key10 in data27) {
                  if (!(key10 === "slug")) {
                    const err74 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId", schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key10 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data27 };
                    if (vErrors === null) {
                      vErrors = [err74];
                    } else {
                      vErrors.push(err74);
                    }
                    errors++;
                  }
                }
                if (data27.slug !== void 0) {
                  let data28 = data27.slug;
                  if (typeof data28 === "string") {
                    if (func2(data28) > 255) {
                      const err75 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data28 };
                      if (vErrors === null) {
                        vErrors = [err75];
                      } else {
                        vErrors.push(err75);
                      }
                      errors++;
                    }
                    if (func2(data28) < 1) {
                      const err76 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data28 };
                      if (vErrors === null) {
                        vErrors = [err76];
                      } else {
                        vErrors.push(err76);
                      }
                      errors++;
                    }
                  } else {
                    const err77 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data28 };
                    if (vErrors === null) {
                      vErrors = [err77];
                    } else {
                      vErrors.push(err77);
                    }
                    errors++;
                  }
                }
              } else {
                const err78 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId", schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data27 };
                if (vErrors === null) {
                  vErrors = [err78];
                } else {
                  vErrors.push(err78);
                }
                errors++;
              }
              var _valid3 = _errs86 === errors;
              if (_valid3 && valid27) {
                valid27 = false;
                passing3 = [passing3, 1];
              } else {
                if (_valid3) {
                  valid27 = true;
                  passing3 = 1;
                }
              }
              if (!valid27) {
                const err79 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/sourceId", schemaPath: "#/properties/overrides/additionalProperties/properties/sourceId/oneOf", keyword: "oneOf", params: { passingSchemas: passing3 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.sourceId.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.sourceId, data: data27 };
                if (vErrors === null) {
                  vErrors = [err79];
                } else {
                  vErrors.push(err79);
                }
                errors++;
              } else {
                errors = _errs82;
                if (vErrors !== null) {
                  if (_errs82) {
                    vErrors.length = _errs82;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.destinationMetadataId !== void 0) {
              let data29 = data26.destinationMetadataId;
              const _errs93 = errors;
              let valid31 = false;
              let passing4 = null;
              const _errs94 = errors;
              const _errs95 = errors;
              let valid32 = false;
              let passing5 = null;
              const _errs96 = errors;
              if (typeof data29 === "string") {
                if (func2(data29) > 255) {
                  const err80 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/destinationMetadataId/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema36, data: data29 };
                  if (vErrors === null) {
                    vErrors = [err80];
                  } else {
                    vErrors.push(err80);
                  }
                  errors++;
                }
                if (func2(data29) < 1) {
                  const err81 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/destinationMetadataId/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema36, data: data29 };
                  if (vErrors === null) {
                    vErrors = [err81];
                  } else {
                    vErrors.push(err81);
                  }
                  errors++;
                }
              } else {
                const err82 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/destinationMetadataId/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema36.type, parentSchema: schema36, data: data29 };
                if (vErrors === null) {
                  vErrors = [err82];
                } else {
                  vErrors.push(err82);
                }
                errors++;
              }
              var _valid5 = _errs96 === errors;
              if (_valid5) {
                valid32 = true;
                passing5 = 0;
              }
              const _errs99 = errors;
              if (data29 && typeof data29 == "object" && !Array.isArray(data29)) {
                if (data29.slug === void 0) {
                  const err83 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data29 };
                  if (vErrors === null) {
                    vErrors = [err83];
                  } else {
                    vErrors.push(err83);
                  }
                  errors++;
                }
                for (const key11 in data29) {
                  if (!(key11 === "slug")) {
                    const err84 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key11 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data29 };
                    if (vErrors === null) {
                      vErrors = [err84];
                    } else {
                      vErrors.push(err84);
                    }
                    errors++;
                  }
                }
                if (data29.slug !== void 0) {
                  let data30 = data29.slug;
                  if (typeof data30 === "string") {
                    if (func2(data30) > 255) {
                      const err85 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data30 };
                      if (vErrors === null) {
                        vErrors = [err85];
                      } else {
                        vErrors.push(err85);
                      }
                      errors++;
                    }
                    if (func2(data30) < 1) {
                      const err86 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data30 };
                      if (vErrors === null) {
                        vErrors = [err86];
                      } else {
                        vErrors.push(err86);
                      }
                      errors++;
                    }
                  } else {
                    const err87 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data30 };
                    if (vErrors === null) {
                      vErrors = [err87];
                    } else {
                      vErrors.push(err87);
                    }
                    errors++;
                  }
                }
              } else {
                const err88 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data29 };
                if (vErrors === null) {
                  vErrors = [err88];
                } else {
                  vErrors.push(err88);
                }
                errors++;
              }
              var _valid5 = _errs99 === errors;
              if (_valid5 && valid32) {
                valid32 = false;
                passing5 = [passing5, 1];
              } else {
                if (_valid5) {
                  valid32 = true;
                  passing5 = 1;
                }
              }
              if (!valid32) {
                const err89 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "#/properties/overrides/additionalProperties/properties/destinationMetadataId/oneOf/0/oneOf", keyword: "oneOf", params: { passingSchemas: passing5 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.destinationMetadataId.oneOf[0].oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.destinationMetadataId.oneOf[0], data: data29 };
                if (vErrors === null) {
                  vErrors = [err89];
                } else {
                  vErrors.push(err89);
                }
                errors++;
              } else {
                errors = _errs95;
                if (vErrors !== null) {
                  if (_errs95) {
                    vErrors.length = _errs95;
                  } else {
                    vErrors = null;
                  }
                }
              }
              var _valid4 = _errs94 === errors;
              if (_valid4) {
                valid31 = true;
                passing4 = 0;
              }
              const _errs105 = errors;
              if (data29 !== null) {
                const err90 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "#/properties/overrides/additionalProperties/properties/destinationMetadataId/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.destinationMetadataId.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.destinationMetadataId.oneOf[1], data: data29 };
                if (vErrors === null) {
                  vErrors = [err90];
                } else {
                  vErrors.push(err90);
                }
                errors++;
              }
              var _valid4 = _errs105 === errors;
              if (_valid4 && valid31) {
                valid31 = false;
                passing4 = [passing4, 1];
              } else {
                if (_valid4) {
                  valid31 = true;
                  passing4 = 1;
                }
              }
              if (!valid31) {
                const err91 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/destinationMetadataId", schemaPath: "#/properties/overrides/additionalProperties/properties/destinationMetadataId/oneOf", keyword: "oneOf", params: { passingSchemas: passing4 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.destinationMetadataId.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.destinationMetadataId, data: data29 };
                if (vErrors === null) {
                  vErrors = [err91];
                } else {
                  vErrors.push(err91);
                }
                errors++;
              } else {
                errors = _errs93;
                if (vErrors !== null) {
                  if (_errs93) {
                    vErrors.length = _errs93;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.enabled !== void 0) {
              let data31 = data26.enabled;
              if (typeof data31 !== "boolean") {
                const err92 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/enabled", schemaPath: "defs.schema.json#/$defs/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema38.type, parentSchema: schema38, data: data31 };
                if (vErrors === null) {
                  vErrors = [err92];
                } else {
                  vErrors.push(err92);
                }
                errors++;
              }
            }
            if (data26.if !== void 0) {
              let data32 = data26.if;
              if (typeof data32 === "string") {
                if (func2(data32) < 1) {
                  const err93 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/if", schemaPath: "defs.schema.json#/$defs/if/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema39, data: data32 };
                  if (vErrors === null) {
                    vErrors = [err93];
                  } else {
                    vErrors.push(err93);
                  }
                  errors++;
                }
              } else {
                const err94 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/if", schemaPath: "defs.schema.json#/$defs/if/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema39.type, parentSchema: schema39, data: data32 };
                if (vErrors === null) {
                  vErrors = [err94];
                } else {
                  vErrors.push(err94);
                }
                errors++;
              }
            }
            if (data26.drop !== void 0) {
              let data33 = data26.drop;
              const _errs114 = errors;
              let valid38 = false;
              let passing6 = null;
              const _errs115 = errors;
              if (typeof data33 !== "boolean") {
                const err95 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/drop", schemaPath: "defs.schema.json#/$defs/drop/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema40.type, parentSchema: schema40, data: data33 };
                if (vErrors === null) {
                  vErrors = [err95];
                } else {
                  vErrors.push(err95);
                }
                errors++;
              }
              var _valid6 = _errs115 === errors;
              if (_valid6) {
                valid38 = true;
                passing6 = 0;
              }
              const _errs118 = errors;
              if (data33 !== null) {
                const err96 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/drop", schemaPath: "#/properties/overrides/additionalProperties/properties/drop/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.drop.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.drop.oneOf[1], data: data33 };
                if (vErrors === null) {
                  vErrors = [err96];
                } else {
                  vErrors.push(err96);
                }
                errors++;
              }
              var _valid6 = _errs118 === errors;
              if (_valid6 && valid38) {
                valid38 = false;
                passing6 = [passing6, 1];
              } else {
                if (_valid6) {
                  valid38 = true;
                  passing6 = 1;
                }
              }
              if (!valid38) {
                const err97 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/drop", schemaPath: "#/properties/overrides/additionalProperties/properties/drop/oneOf", keyword: "oneOf", params: { passingSchemas: passing6 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.drop.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.drop, data: data33 };
                if (vErrors === null) {
                  vErrors = [err97];
                } else {
                  vErrors.push(err97);
                }
                errors++;
              } else {
                errors = _errs114;
                if (vErrors !== null) {
                  if (_errs114) {
                    vErrors.length = _errs114;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.newEventName !== void 0) {
              let data34 = data26.newEventName;
              const _errs121 = errors;
              let valid40 = false;
              let passing7 = null;
              const _errs122 = errors;
              if (typeof data34 === "string") {
                if (func2(data34) < 1) {
                  const err98 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/newEventName", schemaPath: "defs.schema.json#/$defs/newEventName/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema41, data: data34 };
                  if (vErrors === null) {
                    vErrors = [err98];
                  } else {
                    vErrors.push(err98);
                  }
                  errors++;
                }
              } else {
                const err99 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/newEventName", schemaPath: "defs.schema.json#/$defs/newEventName/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema41.type, parentSchema: schema41, data: data34 };
                if (vErrors === null) {
                  vErrors = [err99];
                } else {
                  vErrors.push(err99);
                }
                errors++;
              }
              var _valid7 = _errs122 === errors;
              if (_valid7) {
                valid40 = true;
                passing7 = 0;
              }
              const _errs125 = errors;
              if (data34 !== null) {
                const err100 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/newEventName", schemaPath: "#/properties/overrides/additionalProperties/properties/newEventName/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.newEventName.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.newEventName.oneOf[1], data: data34 };
                if (vErrors === null) {
                  vErrors = [err100];
                } else {
                  vErrors.push(err100);
                }
                errors++;
              }
              var _valid7 = _errs125 === errors;
              if (_valid7 && valid40) {
                valid40 = false;
                passing7 = [passing7, 1];
              } else {
                if (_valid7) {
                  valid40 = true;
                  passing7 = 1;
                }
              }
              if (!valid40) {
                const err101 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/newEventName", schemaPath: "#/properties/overrides/additionalProperties/properties/newEventName/oneOf", keyword: "oneOf", params: { passingSchemas: passing7 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.newEventName.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.newEventName, data: data34 };
                if (vErrors === null) {
                  vErrors = [err101];
                } else {
                  vErrors.push(err101);
                }
                errors++;
              } else {
                errors = _errs121;
                if (vErrors !== null) {
                  if (_errs121) {
                    vErrors.length = _errs121;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.propertyRenames !== void 0) {
              let data35 = data26.propertyRenames;
              const _errs128 = errors;
              let valid42 = false;
              let passing8 = null;
              const _errs129 = errors;
              if (!validate22(data35, { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/propertyRenames", parentData: data26, parentDataProperty: "propertyRenames", rootData, dynamicAnchors })) {
                vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
                errors = vErrors.length;
              }
              var _valid8 = _errs129 === errors;
              if (_valid8) {
                valid42 = true;
                passing8 = 0;
              }
              const _errs130 = errors;
              if (data35 !== null) {
                const err102 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/propertyRenames", schemaPath: "#/properties/overrides/additionalProperties/properties/propertyRenames/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.propertyRenames.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.propertyRenames.oneOf[1], data: data35 };
                if (vErrors === null) {
                  vErrors = [err102];
                } else {
                  vErrors.push(err102);
                }
                errors++;
              }
              var _valid8 = _errs130 === errors;
              if (_valid8 && valid42) {
                valid42 = false;
                passing8 = [passing8, 1];
              } else {
                if (_valid8) {
                  valid42 = true;
                  passing8 = 1;
                }
              }
              if (!valid42) {
                const err103 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/propertyRenames", schemaPath: "#/properties/overrides/additionalProperties/properties/propertyRenames/oneOf", keyword: "oneOf", params: { passingSchemas: passing8 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.propertyRenames.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.propertyRenames, data: data35 };
                if (vErrors === null) {
                  vErrors = [err103];
                } else {
                  vErrors.push(err103);
                }
                errors++;
              } else {
                errors = _errs128;
                if (vErrors !== null) {
                  if (_errs128) {
                    vErrors.length = _errs128;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.propertyValueTransformations !== void 0) {
              let data36 = data26.propertyValueTransformations;
              const _errs133 = errors;
              let valid43 = false;
              let passing9 = null;
              const _errs134 = errors;
              if (!validate24(data36, { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/propertyValueTransformations", parentData: data26, parentDataProperty: "propertyValueTransformations", rootData, dynamicAnchors })) {
                vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
                errors = vErrors.length;
              }
              var _valid9 = _errs134 === errors;
              if (_valid9) {
                valid43 = true;
                passing9 = 0;
              }
              const _errs135 = errors;
              if (data36 !== null) {
                const err104 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/propertyValueTransformations", schemaPath: "#/properties/overrides/additionalProperties/properties/propertyValueTransformations/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.propertyValueTransformations.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.propertyValueTransformations.oneOf[1], data: data36 };
                if (vErrors === null) {
                  vErrors = [err104];
                } else {
                  vErrors.push(err104);
                }
                errors++;
              }
              var _valid9 = _errs135 === errors;
              if (_valid9 && valid43) {
                valid43 = false;
                passing9 = [passing9, 1];
              } else {
                if (_valid9) {
                  valid43 = true;
                  passing9 = 1;
                }
              }
              if (!valid43) {
                const err105 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/propertyValueTransformations", schemaPath: "#/properties/overrides/additionalProperties/properties/propertyValueTransformations/oneOf", keyword: "oneOf", params: { passingSchemas: passing9 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.propertyValueTransformations.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.propertyValueTransformations, data: data36 };
                if (vErrors === null) {
                  vErrors = [err105];
                } else {
                  vErrors.push(err105);
                }
                errors++;
              } else {
                errors = _errs133;
                if (vErrors !== null) {
                  if (_errs133) {
                    vErrors.length = _errs133;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.fqlDefinedProperties !== void 0) {
              let data37 = data26.fqlDefinedProperties;
              const _errs138 = errors;
              let valid44 = false;
              let passing10 = null;
              const _errs139 = errors;
              if (!validate28(data37, { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/fqlDefinedProperties", parentData: data26, parentDataProperty: "fqlDefinedProperties", rootData, dynamicAnchors })) {
                vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
                errors = vErrors.length;
              }
              var _valid10 = _errs139 === errors;
              if (_valid10) {
                valid44 = true;
                passing10 = 0;
              }
              const _errs140 = errors;
              if (data37 !== null) {
                const err106 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/fqlDefinedProperties", schemaPath: "#/properties/overrides/additionalProperties/properties/fqlDefinedProperties/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.fqlDefinedProperties.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.fqlDefinedProperties.oneOf[1], data: data37 };
                if (vErrors === null) {
                  vErrors = [err106];
                } else {
                  vErrors.push(err106);
                }
                errors++;
              }
              var _valid10 = _errs140 === errors;
              if (_valid10 && valid44) {
                valid44 = false;
                passing10 = [passing10, 1];
              } else {
                if (_valid10) {
                  valid44 = true;
                  passing10 = 1;
                }
              }
              if (!valid44) {
                const err107 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/fqlDefinedProperties", schemaPath: "#/properties/overrides/additionalProperties/properties/fqlDefinedProperties/oneOf", keyword: "oneOf", params: { passingSchemas: passing10 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.fqlDefinedProperties.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.fqlDefinedProperties, data: data37 };
                if (vErrors === null) {
                  vErrors = [err107];
                } else {
                  vErrors.push(err107);
                }
                errors++;
              } else {
                errors = _errs138;
                if (vErrors !== null) {
                  if (_errs138) {
                    vErrors.length = _errs138;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.allowProperties !== void 0) {
              let data38 = data26.allowProperties;
              const _errs143 = errors;
              let valid45 = false;
              let passing11 = null;
              const _errs144 = errors;
              if (Array.isArray(data38)) {
                const len2 = data38.length;
                for (let i2 = 0; i2 < len2; i2++) {
                  let data39 = data38[i2];
                  if (typeof data39 === "string") {
                    if (func2(data39) < 1) {
                      const err108 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/allowProperties/" + i2, schemaPath: "defs.schema.json#/$defs/allowProperties/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema49.items, data: data39 };
                      if (vErrors === null) {
                        vErrors = [err108];
                      } else {
                        vErrors.push(err108);
                      }
                      errors++;
                    }
                  } else {
                    const err109 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/allowProperties/" + i2, schemaPath: "defs.schema.json#/$defs/allowProperties/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema49.items.type, parentSchema: schema49.items, data: data39 };
                    if (vErrors === null) {
                      vErrors = [err109];
                    } else {
                      vErrors.push(err109);
                    }
                    errors++;
                  }
                }
              } else {
                const err110 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/allowProperties", schemaPath: "defs.schema.json#/$defs/allowProperties/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema49.type, parentSchema: schema49, data: data38 };
                if (vErrors === null) {
                  vErrors = [err110];
                } else {
                  vErrors.push(err110);
                }
                errors++;
              }
              var _valid11 = _errs144 === errors;
              if (_valid11) {
                valid45 = true;
                passing11 = 0;
              }
              const _errs149 = errors;
              if (data38 !== null) {
                const err111 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/allowProperties", schemaPath: "#/properties/overrides/additionalProperties/properties/allowProperties/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.allowProperties.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.allowProperties.oneOf[1], data: data38 };
                if (vErrors === null) {
                  vErrors = [err111];
                } else {
                  vErrors.push(err111);
                }
                errors++;
              }
              var _valid11 = _errs149 === errors;
              if (_valid11 && valid45) {
                valid45 = false;
                passing11 = [passing11, 1];
              } else {
                if (_valid11) {
                  valid45 = true;
                  passing11 = 1;
                }
              }
              if (!valid45) {
                const err112 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/allowProperties", schemaPath: "#/properties/overrides/additionalProperties/properties/allowProperties/oneOf", keyword: "oneOf", params: { passingSchemas: passing11 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.allowProperties.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.allowProperties, data: data38 };
                if (vErrors === null) {
                  vErrors = [err112];
                } else {
                  vErrors.push(err112);
                }
                errors++;
              } else {
                errors = _errs143;
                if (vErrors !== null) {
                  if (_errs143) {
                    vErrors.length = _errs143;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.hashPropertiesConfiguration !== void 0) {
              let data40 = data26.hashPropertiesConfiguration;
              const _errs152 = errors;
              let valid49 = false;
              let passing12 = null;
              const _errs153 = errors;
              if (!validate30(data40, { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/hashPropertiesConfiguration", parentData: data26, parentDataProperty: "hashPropertiesConfiguration", rootData, dynamicAnchors })) {
                vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
                errors = vErrors.length;
              }
              var _valid12 = _errs153 === errors;
              if (_valid12) {
                valid49 = true;
                passing12 = 0;
              }
              const _errs154 = errors;
              if (data40 !== null) {
                const err113 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/hashPropertiesConfiguration", schemaPath: "#/properties/overrides/additionalProperties/properties/hashPropertiesConfiguration/oneOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.overrides.additionalProperties.properties.hashPropertiesConfiguration.oneOf[1].type, parentSchema: schema31.properties.overrides.additionalProperties.properties.hashPropertiesConfiguration.oneOf[1], data: data40 };
                if (vErrors === null) {
                  vErrors = [err113];
                } else {
                  vErrors.push(err113);
                }
                errors++;
              }
              var _valid12 = _errs154 === errors;
              if (_valid12 && valid49) {
                valid49 = false;
                passing12 = [passing12, 1];
              } else {
                if (_valid12) {
                  valid49 = true;
                  passing12 = 1;
                }
              }
              if (!valid49) {
                const err114 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/hashPropertiesConfiguration", schemaPath: "#/properties/overrides/additionalProperties/properties/hashPropertiesConfiguration/oneOf", keyword: "oneOf", params: { passingSchemas: passing12 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.overrides.additionalProperties.properties.hashPropertiesConfiguration.oneOf, parentSchema: schema31.properties.overrides.additionalProperties.properties.hashPropertiesConfiguration, data: data40 };
                if (vErrors === null) {
                  vErrors = [err114];
                } else {
                  vErrors.push(err114);
                }
                errors++;
              } else {
                errors = _errs152;
                if (vErrors !== null) {
                  if (_errs152) {
                    vErrors.length = _errs152;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data26.protect !== void 0) {
              let data41 = data26.protect;
              if (typeof data41 !== "boolean") {
                const err115 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1") + "/protect", schemaPath: "#/properties/protect/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema62.type, parentSchema: schema62, data: data41 };
                if (vErrors === null) {
                  vErrors = [err115];
                } else {
                  vErrors.push(err115);
                }
                errors++;
              }
            }
          } else {
            const err116 = { instancePath: instancePath + "/overrides/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/overrides/additionalProperties/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.overrides.additionalProperties.type, parentSchema: schema31.properties.overrides.additionalProperties, data: data26 };
            if (vErrors === null) {
              vErrors = [err116];
            } else {
              vErrors.push(err116);
            }
            errors++;
          }
        }
      } else {
        const err117 = { instancePath: instancePath + "/overrides", schemaPath: "#/properties/overrides/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.overrides.type, parentSchema: schema31.properties.overrides, data: data25 };
        if (vErrors === null) {
          vErrors = [err117];
        } else {
          vErrors.push(err117);
        }
        errors++;
      }
    }
    if (data.only !== void 0) {
      let data42 = data.only;
      if (Array.isArray(data42)) {
        if (data42.length < 1) {
          const err118 = { instancePath: instancePath + "/only", schemaPath: "#/properties/only/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema31.properties.only, data: data42 };
          if (vErrors === null) {
            vErrors = [err118];
          } else {
            vErrors.push(err118);
          }
          errors++;
        }
        const len3 = data42.length;
        for (let i3 = 0; i3 < len3; i3++) {
          let data43 = data42[i3];
          if (typeof data43 === "string") {
            if (!pattern4.test(data43)) {
              const err119 = { instancePath: instancePath + "/only/" + i3, schemaPath: "#/properties/only/items/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema31.properties.only.items, data: data43 };
              if (vErrors === null) {
                vErrors = [err119];
              } else {
                vErrors.push(err119);
              }
              errors++;
            }
          } else {
            const err120 = { instancePath: instancePath + "/only/" + i3, schemaPath: "#/properties/only/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.only.items.type, parentSchema: schema31.properties.only.items, data: data43 };
            if (vErrors === null) {
              vErrors = [err120];
            } else {
              vErrors.push(err120);
            }
            errors++;
          }
        }
        let i4 = data42.length;
        let j0;
        if (i4 > 1) {
          const indices0 = {};
          for (; i4--; ) {
            let item0 = data42[i4];
            if (typeof item0 !== "string") {
              continue;
            }
            if (typeof indices0[item0] == "number") {
              j0 = indices0[item0];
              const err121 = { instancePath: instancePath + "/only", schemaPath: "#/properties/only/uniqueItems", keyword: "uniqueItems", params: { i: i4, j: j0 }, message: "must NOT have duplicate items (items ## " + j0 + " and " + i4 + " are identical)", schema: true, parentSchema: schema31.properties.only, data: data42 };
              if (vErrors === null) {
                vErrors = [err121];
              } else {
                vErrors.push(err121);
              }
              errors++;
              break;
            }
            indices0[item0] = i4;
          }
        }
      } else {
        const err122 = { instancePath: instancePath + "/only", schemaPath: "#/properties/only/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.only.type, parentSchema: schema31.properties.only, data: data42 };
        if (vErrors === null) {
          vErrors = [err122];
        } else {
          vErrors.push(err122);
        }
        errors++;
      }
    }
    if (data.except !== void 0) {
      let data44 = data.except;
      if (Array.isArray(data44)) {
        if (data44.length < 1) {
          const err123 = { instancePath: instancePath + "/except", schemaPath: "#/properties/except/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema31.properties.except, data: data44 };
          if (vErrors === null) {
            vErrors = [err123];
          } else {
            vErrors.push(err123);
          }
          errors++;
        }
        const len4 = data44.length;
        for (let i5 = 0; i5 < len4; i5++) {
          let data45 = data44[i5];
          if (typeof data45 === "string") {
            if (!pattern4.test(data45)) {
              const err124 = { instancePath: instancePath + "/except/" + i5, schemaPath: "#/properties/except/items/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema31.properties.except.items, data: data45 };
              if (vErrors === null) {
                vErrors = [err124];
              } else {
                vErrors.push(err124);
              }
              errors++;
            }
          } else {
            const err125 = { instancePath: instancePath + "/except/" + i5, schemaPath: "#/properties/except/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.except.items.type, parentSchema: schema31.properties.except.items, data: data45 };
            if (vErrors === null) {
              vErrors = [err125];
            } else {
              vErrors.push(err125);
            }
            errors++;
          }
        }
        let i6 = data44.length;
        let j1;
        if (i6 > 1) {
          const indices1 = {};
          for (; i6--; ) {
            let item1 = data44[i6];
            if (typeof item1 !== "string") {
              continue;
            }
            if (typeof indices1[item1] == "number") {
              j1 = indices1[item1];
              const err126 = { instancePath: instancePath + "/except", schemaPath: "#/properties/except/uniqueItems", keyword: "uniqueItems", params: { i: i6, j: j1 }, message: "must NOT have duplicate items (items ## " + j1 + " and " + i6 + " are identical)", schema: true, parentSchema: schema31.properties.except, data: data44 };
              if (vErrors === null) {
                vErrors = [err126];
              } else {
                vErrors.push(err126);
              }
              errors++;
              break;
            }
            indices1[item1] = i6;
          }
        }
      } else {
        const err127 = { instancePath: instancePath + "/except", schemaPath: "#/properties/except/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.except.type, parentSchema: schema31.properties.except, data: data44 };
        if (vErrors === null) {
          vErrors = [err127];
        } else {
          vErrors.push(err127);
        }
        errors++;
      }
    }
    if (data.ignore !== void 0) {
      let data46 = data.ignore;
      if (Array.isArray(data46)) {
        if (data46.length < 1) {
          const err128 = { instancePath: instancePath + "/ignore", schemaPath: "#/properties/ignore/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema31.properties.ignore, data: data46 };
          if (vErrors === null) {
            vErrors = [err128];
          } else {
            vErrors.push(err128);
          }
          errors++;
        }
        const len5 = data46.length;
        for (let i7 = 0; i7 < len5; i7++) {
          let data47 = data46[i7];
          if (typeof data47 === "string") {
            if (func2(data47) > 100) {
              const err129 = { instancePath: instancePath + "/ignore/" + i7, schemaPath: "#/properties/ignore/items/maxLength", keyword: "maxLength", params: { limit: 100 }, message: "must NOT have more than 100 characters", schema: 100, parentSchema: schema31.properties.ignore.items, data: data47 };
              if (vErrors === null) {
                vErrors = [err129];
              } else {
                vErrors.push(err129);
              }
              errors++;
            }
            if (func2(data47) < 1) {
              const err130 = { instancePath: instancePath + "/ignore/" + i7, schemaPath: "#/properties/ignore/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.ignore.items, data: data47 };
              if (vErrors === null) {
                vErrors = [err130];
              } else {
                vErrors.push(err130);
              }
              errors++;
            }
          } else {
            const err131 = { instancePath: instancePath + "/ignore/" + i7, schemaPath: "#/properties/ignore/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ignore.items.type, parentSchema: schema31.properties.ignore.items, data: data47 };
            if (vErrors === null) {
              vErrors = [err131];
            } else {
              vErrors.push(err131);
            }
            errors++;
          }
        }
        let i8 = data46.length;
        let j2;
        if (i8 > 1) {
          const indices2 = {};
          for (; i8--; ) {
            let item2 = data46[i8];
            if (typeof item2 !== "string") {
              continue;
            }
            if (typeof indices2[item2] == "number") {
              j2 = indices2[item2];
              const err132 = { instancePath: instancePath + "/ignore", schemaPath: "#/properties/ignore/uniqueItems", keyword: "uniqueItems", params: { i: i8, j: j2 }, message: "must NOT have duplicate items (items ## " + j2 + " and " + i8 + " are identical)", schema: true, parentSchema: schema31.properties.ignore, data: data46 };
              if (vErrors === null) {
                vErrors = [err132];
              } else {
                vErrors.push(err132);
              }
              errors++;
              break;
            }
            indices2[item2] = i8;
          }
        }
      } else {
        const err133 = { instancePath: instancePath + "/ignore", schemaPath: "#/properties/ignore/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.ignore.type, parentSchema: schema31.properties.ignore, data: data46 };
        if (vErrors === null) {
          vErrors = [err133];
        } else {
          vErrors.push(err133);
        }
        errors++;
      }
    }
  } else {
    const err134 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.type, parentSchema: schema31, data };
    if (vErrors === null) {
      vErrors = [err134];
    } else {
      vErrors.push(err134);
    }
    errors++;
  }
  validate20.errors = vErrors;
  return errors === 0;
}
validate20.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var projectCode = validate36;
var schema63 = { "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://transync.dev/schemas/transync.schema.json", "title": "transync project file (transync.yaml)", "description": "Optional project file at the root of the repository: API URL, folder of the documents, environments with their source aliases, the managed scope and the prune policy.", "type": "object", "additionalProperties": false, "properties": { "apiVersion": { "const": "transync/v1", "description": "Version of the project file format. This version of transync knows `transync/v1`.", "examples": ["transync/v1"] }, "apiUrl": { "type": "string", "format": "uri", "pattern": "^https?://", "description": "Base URL of the Segment Public API. The `--api-url` flag and SEGMENT_API_URL take precedence.", "examples": ["https://api.segmentapis.com", "https://eu1.api.segmentapis.com"] }, "dir": { "type": "string", "minLength": 1, "default": "transformations", "description": "Folder of the Transformation documents, relative to this file. The `--dir` flag takes precedence.", "examples": ["transformations"] }, "tests": { "type": "string", "minLength": 1, "description": "Folder of the test files of `transync test` (TransformationTest documents), relative to this file. The `--tests` flag takes precedence. Default: `tests` beside the documents folder.", "examples": ["tests"] }, "environments": { "type": "object", "description": "Environments (workspaces) by name, selected with `--env`. Each maps source aliases to the Source ids of that environment, so one document serves every environment.", "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "$ref": "#/$defs/environment" }, "examples": [{ "staging": { "sources": { "web": "src_stg_web" } }, "prod": { "sources": { "web": "src_prd_web" } } }] }, "destinations": { "type": "object", "description": "Destination aliases: alias -> destination metadata id or `{ slug: SLUG }` (the catalog id or slug of a destination type, the same in every workspace, so not per environment). An alias may stand for the id in a document's `destinationMetadataId`, a test case's `destination`, `simulate --destination` and the samples of `plan --events`.", "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/destinationMetadataId" }, { "$ref": "defs.schema.json#/$defs/slugRef" }] }, "examples": [{ "blueshift": "547610a5db31d978f14a5c4e" }] }, "connections": { "type": "object", "description": "Destination instances by alias, for `kind: DestinationFilter` documents: alias -> `{ source, destination }`. `source` is a source alias of the environment or a Source id; `destination` is `{ slug, name }` (the destination type's catalog slug and the instance's name, resolved by plan among the source's connected destinations, `GET /sources/{id}/connected-destinations`) or `{ id, slug? }` (the instance's id, checked by plan to be connected to the source). Offline (validate, test, simulate) an instance's type is its `slug`, as written. An environment's `connections:` entry replaces the top-level entry of the same alias there.", "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "$ref": "#/$defs/connection" }, "examples": [{ "amplitude-prod": { "source": "web", "destination": { "slug": "amplitude", "name": "Amplitude prod" } } }] }, "defaultEnvironment": { "type": "string", "minLength": 1, "description": "Environment used when `--env` is not given. Must be a key of `environments`.", "examples": ["staging"] }, "scope": { "type": "object", "additionalProperties": false, "description": "What transync manages. Absent: every Transformation of the workspace.", "properties": { "sources": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "oneOf": [{ "type": "string", "minLength": 1 }, { "$ref": "defs.schema.json#/$defs/slugRef" }] }, "description": "Manage only the Transformations of these Sources (aliases, ids or `{ slug: SLUG }`); others are never changed or deleted.", "examples": [["web", "ios"]] } }, "examples": [{ "sources": ["web", "ios"] }] }, "protect": { "$ref": "#/$defs/protect" }, "guards": { "$ref": "#/$defs/guards" }, "filters": { "type": "object", "description": 'How the simulator (`simulate`, `test`, `plan --events`) runs Destination Filters. See docs/simulator.md, "The whole pipeline".', "additionalProperties": false, "properties": { "actionOrder": { "enum": ["docs", "openapi"], "default": "docs", "examples": ["docs", "openapi"], "description": "The order one filter's actions apply in: `docs` (Sample, Drop, Drop Properties, Allow Properties: Segment's Destination Filters page, the default) or `openapi` (drop, sample, allow, drop properties: the Public API's Destination Filters tag). Where the two give different results for an event, the simulator warns." } }, "examples": [{ "actionOrder": "docs" }] }, "prune": { "description": "Whether plan/apply delete live Transformations in scope that no document names: `false` (never, the default), `true` or `all` (every such object), `removed` (only those whose documents were removed from git).", "oneOf": [{ "type": "boolean" }, { "enum": ["all", "removed"] }], "default": false, "examples": [false, "all", "removed"] }, "freeze": { "type": "array", "description": "Change freezes: while a window is on, `apply` and `reconcile` refuse to write (before any write and before taking the lock), naming the window and when it ends; `plan` says so. `--break-freeze REASON` overrides (a flag, never a file). Times are UTC.", "items": { "$ref": "#/$defs/freezeWindow" }, "examples": [[{ "name": "black-friday", "from": "2026-11-26T00:00Z", "to": "2026-12-01T00:00Z", "environments": ["prod"] }, { "name": "weekend", "cron": "0 18 * * 5", "duration": "62h" }]] }, "notify": { "type": "array", "maxItems": 20, "description": 'Notification targets (docs/gitops.md, "Notifications"): `drift --notify NAME`, `apply` and `reconcile` post to each target whose `events` and `environments` name the run\'s, once per environment, event and digest of what happened (`--state-file` keeps what was sent). The URL and the secret come from environment variables named here, never from the file. A target that cannot be reached is logged; it never changes the exit code.', "items": { "$ref": "#/$defs/notifyTarget" }, "examples": [[{ "name": "ops-slack", "type": "slack", "urlEnv": "TRANSYNC_NOTIFY_SLACK_URL", "events": ["drift", "apply-failed"], "environments": ["prod"] }, { "name": "audit-hook", "type": "webhook", "urlEnv": "TRANSYNC_NOTIFY_HOOK_URL", "secretEnv": "TRANSYNC_NOTIFY_HOOK_SECRET", "events": ["drift", "apply", "apply-failed", "reconcile-failed"], "environments": ["staging", "prod"] }]] }, "drift": { "type": "object", "additionalProperties": false, "description": 'What `transync drift` takes into account besides live state (docs/gitops.md, "Drift").', "examples": [{ "acknowledge": [{ "env": "prod", "name": "Drop test events", "fields": ["if"], "until": "2026-12-04", "reason": "hotfix", "owner": "team-data" }] }], "properties": { "acknowledge": { "type": "array", "description": "Known, accepted differences (a hotfix made in the app during an incident): an acknowledged field of a drifted object does not count as drift until the end of its `until` day (UTC); after that `drift` warns and counts it again (`expired` in its JSON). An entry that matches no drifted field is a warning (`stale acknowledgement`).", "items": { "$ref": "#/$defs/acknowledgement" }, "examples": [[{ "env": "prod", "name": "Drop test events", "fields": ["enabled"], "until": "2026-12-04", "reason": "disabled during incident INC-142", "owner": "alice@acme.com" }]] } } } }, "$defs": { "connection": { "type": "object", "additionalProperties": false, "required": ["source", "destination"], "description": "One destination instance: the source it is connected to and which of that source's destinations it is.", "properties": { "source": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The source: a source alias of the environment (`environments.<env>.sources`) or a Source id.", "examples": ["web"] }, "destination": { "oneOf": [{ "type": "object", "additionalProperties": false, "required": ["slug", "name"], "properties": { "slug": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The destination type's slug in Segment's catalog.", "examples": ["amplitude"] }, "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The instance's name, as the Segment app shows it.", "examples": ["Amplitude prod"] } } }, { "type": "object", "additionalProperties": false, "required": ["id"], "properties": { "id": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The destination instance's id.", "examples": ["dst_2x8Hk"] }, "slug": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The destination type's slug in Segment's catalog (offline, the instance's type).", "examples": ["amplitude"] } } }], "description": "`{ slug, name }`: the instance of that type and name among the source's connected destinations; `{ id, slug? }`: the instance by id.", "examples": [{ "slug": "amplitude", "name": "Amplitude prod" }, { "id": "dst_2x8Hk", "slug": "amplitude" }] } } }, "acknowledgement": { "type": "object", "additionalProperties": false, "required": ["env", "name", "fields", "until", "reason", "owner"], "description": "One acknowledged difference: the fields of one object (a transformation unless `kind` says another kind) in one environment, until a date.", "properties": { "env": { "type": "string", "minLength": 1, "description": "The environment (a key of `environments`).", "examples": ["prod"] }, "kind": { "type": "string", "minLength": 1, "maxLength": 100, "description": "The kind of the object it names (a document's `kind:`, e.g. `DestinationFilter`); without it, a Transformation. An entry matches only objects of its kind.", "examples": ["DestinationFilter"] }, "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The object's name, as the document writes it (a Destination Filter's `name`, its title).", "examples": ["Drop test events"] }, "fields": { "type": "array", "minItems": 1, "uniqueItems": true, "description": "The fields whose difference is accepted (the kind's field names: `enabled`, `if`, ...).", "items": { "type": "string", "minLength": 1, "maxLength": 100 }, "examples": [["enabled"], ["if", "newEventName"]] }, "until": { "type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "The last day (UTC, `YYYY-MM-DD`) the acknowledgement holds.", "examples": ["2026-12-04"] }, "reason": { "type": "string", "minLength": 1, "maxLength": 1e3, "description": "Why the difference is accepted.", "examples": ["disabled during incident INC-142"] }, "owner": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Who answers for it (a person or a team).", "examples": ["alice@acme.com"] } } }, "guards": { "type": "object", "additionalProperties": false, "description": 'Blast-radius limits (docs/impact.md, "Guards"): `plan` lists each change over a limit first, and `apply` refuses it before any write unless the operator passes `--accept-blast-radius NAME` (a flag, never a file). Figures are per source, in events per day over the last 7 complete UTC days. A key left out sets no limit of its kind.', "properties": { "maxDroppedPerDay": { "type": "integer", "minimum": 0, "description": "Events per day a change may newly drop from its source (a source-scoped `drop: true`).", "examples": [5e4] }, "maxDroppedShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "Share of its source's daily events a change may newly drop (0.05 = 5%).", "examples": [0.05] }, "maxChangedShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "Share of its source's daily events whose content a change may newly alter (0.25 = 25%).", "examples": [0.25] }, "unknownVolume": { "enum": ["refuse", "warn"], "default": "refuse", "description": "A change whose figure cannot be known (the volumes cannot be read, or an `if` that needs sample events has none): `refuse` counts it over the limit (basis `unknown`), `warn` says so in the plan and lets it through.", "examples": ["refuse"] } }, "examples": [{ "maxDroppedPerDay": 5e4, "maxDroppedShare": 0.05, "maxChangedShare": 0.25, "unknownVolume": "refuse" }] }, "protect": { "type": "array", "uniqueItems": true, "items": { "type": "string", "minLength": 1, "maxLength": 255 }, "description": "Live objects of any kind a plan must never delete (whatever the prune setting) nor move to another source, each by its id or its name (another kind's object by the name its plan action carries, as `--target`: a Destination Filter's title): for objects no document describes (a document protects its own with `protect: true`). A plan that would is refused (exit 1), naming the object and this line. The top-level list holds in every environment; an environment's own list (ids differ per workspace) adds to it. A pull-request plan (`--base`) reads the lists of the base too.", "examples": [["2NhispQ7Fe92M4h69ZO0f0EoNbg", "Legacy consent filter"]] }, "environment": { "type": "object", "additionalProperties": false, "description": "One environment: its source aliases and, optionally, its own API URL, the workspace it is bound to and the variables holding its tokens (the write token, and a read token for plans).", "properties": { "connections": { "$ref": "#/properties/connections", "description": "This environment's destination instances: each alias given here replaces the top-level `connections:` entry of that alias in this environment.", "examples": [{ "amplitude": { "source": "web", "destination": { "id": "dst_amp_prod", "slug": "amplitude" } } }] }, "sources": { "type": "object", "description": "Source aliases of this environment: alias -> Source id, or `{ slug: SLUG }` (the source's slug in this environment's workspace, resolved by plan with `GET /sources`).", "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/sourceId" }, { "$ref": "defs.schema.json#/$defs/slugRef" }] }, "examples": [{ "web": "qQEHquLrjRDN9j1ByrChyn", "ios": "rh5BDZp6QDHvXFCkibm1pR" }] }, "apiUrl": { "type": "string", "format": "uri", "pattern": "^https?://", "description": "API base URL for this environment (overrides the top-level apiUrl).", "examples": ["https://eu1.api.segmentapis.com"] }, "workspace": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Slug or id of the workspace this environment is: before anything is read or written, the workspace of the token (`GET /`) must be this one, else the run stops (exit 1).", "examples": ["acme-staging"] }, "tokenEnv": { "type": "string", "pattern": "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$", "description": "Environment variable that holds this environment's API token: SEGMENT_API_TOKEN (the default) or a name starting with SEGMENT_API_TOKEN_, so that a pull request cannot send another secret to the API.", "examples": ["SEGMENT_API_TOKEN_PROD"] }, "protect": { "$ref": "#/$defs/protect" }, "after": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$", "description": "Staging first: the environment (a key of `environments`) whose applied commit (`refs/transync/applied/<after>`) every change must have reached before `apply` writes it here. `apply --env` refuses, before any write, a change to a document whose effective content for that environment it has not applied yet; `--skip-order REASON` (a flag, never a file) overrides. Not itself, and no cycle.", "examples": ["staging"] }, "guards": { "$ref": "#/$defs/guards", "description": "This environment's blast-radius limits: each key given here replaces the top-level `guards:` key of the same name in runs of this environment." }, "planTokenEnv": { "type": "string", "pattern": "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$", "description": "Environment variable that holds this environment's read token, for the commands that only read the workspace (plan, import, test --check-with-segment); apply and reconcile read tokenEnv. Unset: tokenEnv. Same naming rule as tokenEnv. A read-only token here keeps the write token out of pull-request jobs.", "examples": ["SEGMENT_API_TOKEN_PROD_READ"] }, "selfActors": { "type": "array", "uniqueItems": true, "description": "The audit-trail actors transync itself writes as in this environment (its tokens: `public-api-token/<id>`). `transync drift` names the newest audit event not made by one of these as who changed a drifted object; `apply` prints the actor its first write was recorded as, to copy here.", "items": { "type": "string", "minLength": 1, "maxLength": 255 }, "examples": [["public-api-token/2kGoRMxEQSPXM9Nw6zxYfw"]] } }, "examples": [{ "sources": { "web": "qQEHquLrjRDN9j1ByrChyn" } }] }, "freezeWindow": { "type": "object", "additionalProperties": false, "required": ["name"], "description": "One freeze window: fixed (`from` and `to`) or recurring (`cron` and `duration`), never both.", "properties": { "name": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_. -]{0,63}$", "description": "The window's name, shown when apply or reconcile refuses and in the plan.", "examples": ["black-friday"] }, "from": { "type": "string", "description": "Start of a fixed window, an ISO 8601 instant with its zone: 2026-11-26T00:00Z.", "examples": ["2026-11-26T00:00Z"] }, "to": { "type": "string", "description": "End of a fixed window (excluded), after `from`.", "examples": ["2026-12-01T00:00Z"] }, "cron": { "type": "string", "description": "When each occurrence of a recurring window starts: 5 fields (minute hour day-of-month month day-of-week) in UTC, with `*`, lists, ranges and steps.", "examples": ["0 18 * * 5"] }, "duration": { "type": "string", "description": "How long each occurrence lasts: 90m, 62h, 2d12h (at most 366d).", "examples": ["62h"] }, "environments": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1 }, "description": "The environments (keys of `environments`) the window holds for. Absent: every run, with or without an environment.", "examples": [["prod"]] } } }, "notifyTarget": { "type": "object", "additionalProperties": false, "required": ["name", "type", "urlEnv", "events", "environments"], "description": "One notification target.", "properties": { "name": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", "description": "The target's name, unique in the file: what `drift --notify NAME` names and the logs say.", "examples": ["ops-slack"] }, "type": { "enum": ["slack", "webhook"], "description": "`slack`: a Slack incoming webhook, posted `{text, blocks}`; `webhook`: the drift report JSON (`drift`) or the apply result JSON (`apply`, `apply-failed`), as `--format json` prints it, with `X-Transync-Signature` when `secretEnv` is set.", "examples": ["webhook"] }, "urlEnv": { "type": "string", "pattern": "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$", "description": "Environment variable holding the URL posted to (http or https), treated as a secret. Its name must start with TRANSYNC_NOTIFY_, so that a pull request cannot post another secret of the job.", "examples": ["TRANSYNC_NOTIFY_SLACK_URL"] }, "secretEnv": { "type": "string", "pattern": "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$", "description": "Environment variable holding the key of the signature `X-Transync-Signature: sha256=<hex HMAC-SHA256(key, raw body)>` (webhook only). Same naming rule as urlEnv.", "examples": ["TRANSYNC_NOTIFY_HOOK_SECRET"] }, "events": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "enum": ["drift", "apply", "apply-failed", "reconcile-failed"] }, "description": "What the target is told of: `drift` (`drift --notify`: drift found, or a heartbeat with `--notify-clean`), `apply` (an apply or a reconcile cycle that wrote), `apply-failed` (an apply whose writes failed or did not converge), `reconcile-failed` (a failed reconcile cycle).", "examples": [["drift", "apply-failed"]] }, "environments": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1 }, "description": "The environments (keys of `environments`) whose runs tell this target.", "examples": [["prod"]] } } } }, "examples": [{ "apiVersion": "transync/v1", "dir": "transformations", "defaultEnvironment": "staging", "environments": { "staging": { "sources": { "web": "src_stg_web" } }, "prod": { "sources": { "web": "src_prd_web" } } }, "prune": false }] };
var schema66 = { "type": "object", "additionalProperties": false, "required": ["source", "destination"], "description": "One destination instance: the source it is connected to and which of that source's destinations it is.", "properties": { "source": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The source: a source alias of the environment (`environments.<env>.sources`) or a Source id.", "examples": ["web"] }, "destination": { "oneOf": [{ "type": "object", "additionalProperties": false, "required": ["slug", "name"], "properties": { "slug": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The destination type's slug in Segment's catalog.", "examples": ["amplitude"] }, "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The instance's name, as the Segment app shows it.", "examples": ["Amplitude prod"] } } }, { "type": "object", "additionalProperties": false, "required": ["id"], "properties": { "id": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The destination instance's id.", "examples": ["dst_2x8Hk"] }, "slug": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The destination type's slug in Segment's catalog (offline, the instance's type).", "examples": ["amplitude"] } } }], "description": "`{ slug, name }`: the instance of that type and name among the source's connected destinations; `{ id, slug? }`: the instance by id.", "examples": [{ "slug": "amplitude", "name": "Amplitude prod" }, { "id": "dst_2x8Hk", "slug": "amplitude" }] } } };
var schema69 = { "type": "array", "uniqueItems": true, "items": { "type": "string", "minLength": 1, "maxLength": 255 }, "description": "Live objects of any kind a plan must never delete (whatever the prune setting) nor move to another source, each by its id or its name (another kind's object by the name its plan action carries, as `--target`: a Destination Filter's title): for objects no document describes (a document protects its own with `protect: true`). A plan that would is refused (exit 1), naming the object and this line. The top-level list holds in every environment; an environment's own list (ids differ per workspace) adds to it. A pull-request plan (`--base`) reads the lists of the base too.", "examples": [["2NhispQ7Fe92M4h69ZO0f0EoNbg", "Legacy consent filter"]] };
var schema70 = { "type": "object", "additionalProperties": false, "description": 'Blast-radius limits (docs/impact.md, "Guards"): `plan` lists each change over a limit first, and `apply` refuses it before any write unless the operator passes `--accept-blast-radius NAME` (a flag, never a file). Figures are per source, in events per day over the last 7 complete UTC days. A key left out sets no limit of its kind.', "properties": { "maxDroppedPerDay": { "type": "integer", "minimum": 0, "description": "Events per day a change may newly drop from its source (a source-scoped `drop: true`).", "examples": [5e4] }, "maxDroppedShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "Share of its source's daily events a change may newly drop (0.05 = 5%).", "examples": [0.05] }, "maxChangedShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "Share of its source's daily events whose content a change may newly alter (0.25 = 25%).", "examples": [0.25] }, "unknownVolume": { "enum": ["refuse", "warn"], "default": "refuse", "description": "A change whose figure cannot be known (the volumes cannot be read, or an `if` that needs sample events has none): `refuse` counts it over the limit (basis `unknown`), `warn` says so in the plan and lets it through.", "examples": ["refuse"] } }, "examples": [{ "maxDroppedPerDay": 5e4, "maxDroppedShare": 0.05, "maxChangedShare": 0.25, "unknownVolume": "refuse" }] };
var schema77 = { "type": "object", "additionalProperties": false, "required": ["name"], "description": "One freeze window: fixed (`from` and `to`) or recurring (`cron` and `duration`), never both.", "properties": { "name": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_. -]{0,63}$", "description": "The window's name, shown when apply or reconcile refuses and in the plan.", "examples": ["black-friday"] }, "from": { "type": "string", "description": "Start of a fixed window, an ISO 8601 instant with its zone: 2026-11-26T00:00Z.", "examples": ["2026-11-26T00:00Z"] }, "to": { "type": "string", "description": "End of a fixed window (excluded), after `from`.", "examples": ["2026-12-01T00:00Z"] }, "cron": { "type": "string", "description": "When each occurrence of a recurring window starts: 5 fields (minute hour day-of-month month day-of-week) in UTC, with `*`, lists, ranges and steps.", "examples": ["0 18 * * 5"] }, "duration": { "type": "string", "description": "How long each occurrence lasts: 90m, 62h, 2d12h (at most 366d).", "examples": ["62h"] }, "environments": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1 }, "description": "The environments (keys of `environments`) the window holds for. Absent: every run, with or without an environment.", "examples": [["prod"]] } } };
var schema78 = { "type": "object", "additionalProperties": false, "required": ["name", "type", "urlEnv", "events", "environments"], "description": "One notification target.", "properties": { "name": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", "description": "The target's name, unique in the file: what `drift --notify NAME` names and the logs say.", "examples": ["ops-slack"] }, "type": { "enum": ["slack", "webhook"], "description": "`slack`: a Slack incoming webhook, posted `{text, blocks}`; `webhook`: the drift report JSON (`drift`) or the apply result JSON (`apply`, `apply-failed`), as `--format json` prints it, with `X-Transync-Signature` when `secretEnv` is set.", "examples": ["webhook"] }, "urlEnv": { "type": "string", "pattern": "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$", "description": "Environment variable holding the URL posted to (http or https), treated as a secret. Its name must start with TRANSYNC_NOTIFY_, so that a pull request cannot post another secret of the job.", "examples": ["TRANSYNC_NOTIFY_SLACK_URL"] }, "secretEnv": { "type": "string", "pattern": "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$", "description": "Environment variable holding the key of the signature `X-Transync-Signature: sha256=<hex HMAC-SHA256(key, raw body)>` (webhook only). Same naming rule as urlEnv.", "examples": ["TRANSYNC_NOTIFY_HOOK_SECRET"] }, "events": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "enum": ["drift", "apply", "apply-failed", "reconcile-failed"] }, "description": "What the target is told of: `drift` (`drift --notify`: drift found, or a heartbeat with `--notify-clean`), `apply` (an apply or a reconcile cycle that wrote), `apply-failed` (an apply whose writes failed or did not converge), `reconcile-failed` (a failed reconcile cycle).", "examples": [["drift", "apply-failed"]] }, "environments": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1 }, "description": "The environments (keys of `environments`) whose runs tell this target.", "examples": [["prod"]] } } };
var schema79 = { "type": "object", "additionalProperties": false, "required": ["env", "name", "fields", "until", "reason", "owner"], "description": "One acknowledged difference: the fields of one object (a transformation unless `kind` says another kind) in one environment, until a date.", "properties": { "env": { "type": "string", "minLength": 1, "description": "The environment (a key of `environments`).", "examples": ["prod"] }, "kind": { "type": "string", "minLength": 1, "maxLength": 100, "description": "The kind of the object it names (a document's `kind:`, e.g. `DestinationFilter`); without it, a Transformation. An entry matches only objects of its kind.", "examples": ["DestinationFilter"] }, "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "The object's name, as the document writes it (a Destination Filter's `name`, its title).", "examples": ["Drop test events"] }, "fields": { "type": "array", "minItems": 1, "uniqueItems": true, "description": "The fields whose difference is accepted (the kind's field names: `enabled`, `if`, ...).", "items": { "type": "string", "minLength": 1, "maxLength": 100 }, "examples": [["enabled"], ["if", "newEventName"]] }, "until": { "type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "The last day (UTC, `YYYY-MM-DD`) the acknowledgement holds.", "examples": ["2026-12-04"] }, "reason": { "type": "string", "minLength": 1, "maxLength": 1e3, "description": "Why the difference is accepted.", "examples": ["disabled during incident INC-142"] }, "owner": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Who answers for it (a person or a team).", "examples": ["alice@acme.com"] } } };
var func0 = require_equal().default;
var formats0 = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
var pattern9 = new RegExp("^https?://", "u");
var pattern19 = new RegExp("^[A-Za-z0-9][A-Za-z0-9_. -]{0,63}$", "u");
var pattern20 = new RegExp("^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", "u");
var pattern21 = new RegExp("^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$", "u");
var pattern23 = new RegExp("^\\d{4}-\\d{2}-\\d{2}$", "u");
var schema64 = { "type": "object", "additionalProperties": false, "description": "One environment: its source aliases and, optionally, its own API URL, the workspace it is bound to and the variables holding its tokens (the write token, and a read token for plans).", "properties": { "connections": { "$ref": "#/properties/connections", "description": "This environment's destination instances: each alias given here replaces the top-level `connections:` entry of that alias in this environment.", "examples": [{ "amplitude": { "source": "web", "destination": { "id": "dst_amp_prod", "slug": "amplitude" } } }] }, "sources": { "type": "object", "description": "Source aliases of this environment: alias -> Source id, or `{ slug: SLUG }` (the source's slug in this environment's workspace, resolved by plan with `GET /sources`).", "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "oneOf": [{ "$ref": "defs.schema.json#/$defs/sourceId" }, { "$ref": "defs.schema.json#/$defs/slugRef" }] }, "examples": [{ "web": "qQEHquLrjRDN9j1ByrChyn", "ios": "rh5BDZp6QDHvXFCkibm1pR" }] }, "apiUrl": { "type": "string", "format": "uri", "pattern": "^https?://", "description": "API base URL for this environment (overrides the top-level apiUrl).", "examples": ["https://eu1.api.segmentapis.com"] }, "workspace": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Slug or id of the workspace this environment is: before anything is read or written, the workspace of the token (`GET /`) must be this one, else the run stops (exit 1).", "examples": ["acme-staging"] }, "tokenEnv": { "type": "string", "pattern": "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$", "description": "Environment variable that holds this environment's API token: SEGMENT_API_TOKEN (the default) or a name starting with SEGMENT_API_TOKEN_, so that a pull request cannot send another secret to the API.", "examples": ["SEGMENT_API_TOKEN_PROD"] }, "protect": { "$ref": "#/$defs/protect" }, "after": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$", "description": "Staging first: the environment (a key of `environments`) whose applied commit (`refs/transync/applied/<after>`) every change must have reached before `apply` writes it here. `apply --env` refuses, before any write, a change to a document whose effective content for that environment it has not applied yet; `--skip-order REASON` (a flag, never a file) overrides. Not itself, and no cycle.", "examples": ["staging"] }, "guards": { "$ref": "#/$defs/guards", "description": "This environment's blast-radius limits: each key given here replaces the top-level `guards:` key of the same name in runs of this environment." }, "planTokenEnv": { "type": "string", "pattern": "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$", "description": "Environment variable that holds this environment's read token, for the commands that only read the workspace (plan, import, test --check-with-segment); apply and reconcile read tokenEnv. Unset: tokenEnv. Same naming rule as tokenEnv. A read-only token here keeps the write token out of pull-request jobs.", "examples": ["SEGMENT_API_TOKEN_PROD_READ"] }, "selfActors": { "type": "array", "uniqueItems": true, "description": "The audit-trail actors transync itself writes as in this environment (its tokens: `public-api-token/<id>`). `transync drift` names the newest audit event not made by one of these as who changed a drifted object; `apply` prints the actor its first write was recorded as, to copy here.", "items": { "type": "string", "minLength": 1, "maxLength": 255 }, "examples": [["public-api-token/2kGoRMxEQSPXM9Nw6zxYfw"]] } }, "examples": [{ "sources": { "web": "qQEHquLrjRDN9j1ByrChyn" } }] };
var schema65 = { "type": "object", "description": "Destination instances by alias, for `kind: DestinationFilter` documents: alias -> `{ source, destination }`. `source` is a source alias of the environment or a Source id; `destination` is `{ slug, name }` (the destination type's catalog slug and the instance's name, resolved by plan among the source's connected destinations, `GET /sources/{id}/connected-destinations`) or `{ id, slug? }` (the instance's id, checked by plan to be connected to the source). Offline (validate, test, simulate) an instance's type is its `slug`, as written. An environment's `connections:` entry replaces the top-level entry of the same alias there.", "propertyNames": { "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, "additionalProperties": { "$ref": "#/$defs/connection" }, "examples": [{ "amplitude-prod": { "source": "web", "destination": { "slug": "amplitude", "name": "Amplitude prod" } } }] };
function validate38(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate38.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      const _errs1 = errors;
      if (typeof key0 === "string") {
        if (!pattern4.test(key0)) {
          const err0 = { instancePath, schemaPath: "#/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema65.propertyNames, data: key0, propertyName: key0 };
          if (vErrors === null) {
            vErrors = [err0];
          } else {
            vErrors.push(err0);
          }
          errors++;
        }
      }
      var valid0 = _errs1 === errors;
      if (!valid0) {
        const err1 = { instancePath, schemaPath: "#/propertyNames", keyword: "propertyNames", params: { propertyName: key0 }, message: "property name must be valid", schema: schema65.propertyNames, parentSchema: schema65, data };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    for (const key1 in data) {
      let data0 = data[key1];
      if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
        if (data0.source === void 0) {
          const err2 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/required", keyword: "required", params: { missingProperty: "source" }, message: "must have required property 'source'", schema: schema66.required, parentSchema: schema66, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0.destination === void 0) {
          const err3 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/required", keyword: "required", params: { missingProperty: "destination" }, message: "must have required property 'destination'", schema: schema66.required, parentSchema: schema66, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        for (const key2 in data0) {
          if (!(key2 === "source" || key2 === "destination")) {
            const err4 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties", schema: false, parentSchema: schema66, data: data0 };
            if (vErrors === null) {
              vErrors = [err4];
            } else {
              vErrors.push(err4);
            }
            errors++;
          }
        }
        if (data0.source !== void 0) {
          let data1 = data0.source;
          if (typeof data1 === "string") {
            if (func2(data1) > 255) {
              const err5 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/source", schemaPath: "#/$defs/connection/properties/source/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.source, data: data1 };
              if (vErrors === null) {
                vErrors = [err5];
              } else {
                vErrors.push(err5);
              }
              errors++;
            }
            if (func2(data1) < 1) {
              const err6 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/source", schemaPath: "#/$defs/connection/properties/source/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.source, data: data1 };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
          } else {
            const err7 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/source", schemaPath: "#/$defs/connection/properties/source/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.source.type, parentSchema: schema66.properties.source, data: data1 };
            if (vErrors === null) {
              vErrors = [err7];
            } else {
              vErrors.push(err7);
            }
            errors++;
          }
        }
        if (data0.destination !== void 0) {
          let data2 = data0.destination;
          const _errs10 = errors;
          let valid4 = false;
          let passing0 = null;
          const _errs11 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            if (data2.slug === void 0) {
              const err8 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema66.properties.destination.oneOf[0].required, parentSchema: schema66.properties.destination.oneOf[0], data: data2 };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
            if (data2.name === void 0) {
              const err9 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema66.properties.destination.oneOf[0].required, parentSchema: schema66.properties.destination.oneOf[0], data: data2 };
              if (vErrors === null) {
                vErrors = [err9];
              } else {
                vErrors.push(err9);
              }
              errors++;
            }
            for (const key3 in data2) {
              if (!(key3 === "slug" || key3 === "name")) {
                const err10 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema66.properties.destination.oneOf[0], data: data2 };
                if (vErrors === null) {
                  vErrors = [err10];
                } else {
                  vErrors.push(err10);
                }
                errors++;
              }
            }
            if (data2.slug !== void 0) {
              let data3 = data2.slug;
              if (typeof data3 === "string") {
                if (func2(data3) > 255) {
                  const err11 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[0].properties.slug, data: data3 };
                  if (vErrors === null) {
                    vErrors = [err11];
                  } else {
                    vErrors.push(err11);
                  }
                  errors++;
                }
                if (func2(data3) < 1) {
                  const err12 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[0].properties.slug, data: data3 };
                  if (vErrors === null) {
                    vErrors = [err12];
                  } else {
                    vErrors.push(err12);
                  }
                  errors++;
                }
              } else {
                const err13 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[0].properties.slug.type, parentSchema: schema66.properties.destination.oneOf[0].properties.slug, data: data3 };
                if (vErrors === null) {
                  vErrors = [err13];
                } else {
                  vErrors.push(err13);
                }
                errors++;
              }
            }
            if (data2.name !== void 0) {
              let data4 = data2.name;
              if (typeof data4 === "string") {
                if (func2(data4) > 255) {
                  const err14 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/name", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/name/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[0].properties.name, data: data4 };
                  if (vErrors === null) {
                    vErrors = [err14];
                  } else {
                    vErrors.push(err14);
                  }
                  errors++;
                }
                if (func2(data4) < 1) {
                  const err15 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/name", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/name/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[0].properties.name, data: data4 };
                  if (vErrors === null) {
                    vErrors = [err15];
                  } else {
                    vErrors.push(err15);
                  }
                  errors++;
                }
              } else {
                const err16 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/name", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[0].properties.name.type, parentSchema: schema66.properties.destination.oneOf[0].properties.name, data: data4 };
                if (vErrors === null) {
                  vErrors = [err16];
                } else {
                  vErrors.push(err16);
                }
                errors++;
              }
            }
          } else {
            const err17 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema66.properties.destination.oneOf[0].type, parentSchema: schema66.properties.destination.oneOf[0], data: data2 };
            if (vErrors === null) {
              vErrors = [err17];
            } else {
              vErrors.push(err17);
            }
            errors++;
          }
          var _valid0 = _errs11 === errors;
          if (_valid0) {
            valid4 = true;
            passing0 = 0;
            var props0 = true;
          }
          const _errs18 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            if (data2.id === void 0) {
              const err18 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'", schema: schema66.properties.destination.oneOf[1].required, parentSchema: schema66.properties.destination.oneOf[1], data: data2 };
              if (vErrors === null) {
                vErrors = [err18];
              } else {
                vErrors.push(err18);
              }
              errors++;
            }
            for (const key4 in data2) {
              if (!(key4 === "id" || key4 === "slug")) {
                const err19 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties", schema: false, parentSchema: schema66.properties.destination.oneOf[1], data: data2 };
                if (vErrors === null) {
                  vErrors = [err19];
                } else {
                  vErrors.push(err19);
                }
                errors++;
              }
            }
            if (data2.id !== void 0) {
              let data5 = data2.id;
              if (typeof data5 === "string") {
                if (func2(data5) > 255) {
                  const err20 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/id", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/id/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[1].properties.id, data: data5 };
                  if (vErrors === null) {
                    vErrors = [err20];
                  } else {
                    vErrors.push(err20);
                  }
                  errors++;
                }
                if (func2(data5) < 1) {
                  const err21 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/id", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/id/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[1].properties.id, data: data5 };
                  if (vErrors === null) {
                    vErrors = [err21];
                  } else {
                    vErrors.push(err21);
                  }
                  errors++;
                }
              } else {
                const err22 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/id", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[1].properties.id.type, parentSchema: schema66.properties.destination.oneOf[1].properties.id, data: data5 };
                if (vErrors === null) {
                  vErrors = [err22];
                } else {
                  vErrors.push(err22);
                }
                errors++;
              }
            }
            if (data2.slug !== void 0) {
              let data6 = data2.slug;
              if (typeof data6 === "string") {
                if (func2(data6) > 255) {
                  const err23 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[1].properties.slug, data: data6 };
                  if (vErrors === null) {
                    vErrors = [err23];
                  } else {
                    vErrors.push(err23);
                  }
                  errors++;
                }
                if (func2(data6) < 1) {
                  const err24 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[1].properties.slug, data: data6 };
                  if (vErrors === null) {
                    vErrors = [err24];
                  } else {
                    vErrors.push(err24);
                  }
                  errors++;
                }
              } else {
                const err25 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[1].properties.slug.type, parentSchema: schema66.properties.destination.oneOf[1].properties.slug, data: data6 };
                if (vErrors === null) {
                  vErrors = [err25];
                } else {
                  vErrors.push(err25);
                }
                errors++;
              }
            }
          } else {
            const err26 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema66.properties.destination.oneOf[1].type, parentSchema: schema66.properties.destination.oneOf[1], data: data2 };
            if (vErrors === null) {
              vErrors = [err26];
            } else {
              vErrors.push(err26);
            }
            errors++;
          }
          var _valid0 = _errs18 === errors;
          if (_valid0 && valid4) {
            valid4 = false;
            passing0 = [passing0, 1];
          } else {
            if (_valid0) {
              valid4 = true;
              passing0 = 1;
              if (props0 !== true) {
                props0 = true;
              }
            }
          }
          if (!valid4) {
            const err27 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf", schema: schema66.properties.destination.oneOf, parentSchema: schema66.properties.destination, data: data2 };
            if (vErrors === null) {
              vErrors = [err27];
            } else {
              vErrors.push(err27);
            }
            errors++;
          } else {
            errors = _errs10;
            if (vErrors !== null) {
              if (_errs10) {
                vErrors.length = _errs10;
              } else {
                vErrors = null;
              }
            }
          }
        }
      } else {
        const err28 = { instancePath: instancePath + "/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema66.type, parentSchema: schema66, data: data0 };
        if (vErrors === null) {
          vErrors = [err28];
        } else {
          vErrors.push(err28);
        }
        errors++;
      }
    }
  } else {
    const err29 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema65.type, parentSchema: schema65, data };
    if (vErrors === null) {
      vErrors = [err29];
    } else {
      vErrors.push(err29);
    }
    errors++;
  }
  validate38.errors = vErrors;
  return errors === 0;
}
validate38.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var pattern14 = new RegExp("^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$", "u");
function validate37(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate37.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!func1.call(schema64.properties, key0)) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema64, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.connections !== void 0) {
      if (!validate38(data.connections, { instancePath: instancePath + "/connections", parentData: data, parentDataProperty: "connections", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
        errors = vErrors.length;
      }
    }
    if (data.sources !== void 0) {
      let data1 = data.sources;
      if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
        for (const key1 in data1) {
          const _errs5 = errors;
          if (typeof key1 === "string") {
            if (!pattern4.test(key1)) {
              const err1 = { instancePath: instancePath + "/sources", schemaPath: "#/properties/sources/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema64.properties.sources.propertyNames, data: key1, propertyName: key1 };
              if (vErrors === null) {
                vErrors = [err1];
              } else {
                vErrors.push(err1);
              }
              errors++;
            }
          }
          var valid1 = _errs5 === errors;
          if (!valid1) {
            const err2 = { instancePath: instancePath + "/sources", schemaPath: "#/properties/sources/propertyNames", keyword: "propertyNames", params: { propertyName: key1 }, message: "property name must be valid", schema: schema64.properties.sources.propertyNames, parentSchema: schema64.properties.sources, data: data1 };
            if (vErrors === null) {
              vErrors = [err2];
            } else {
              vErrors.push(err2);
            }
            errors++;
          }
        }
        for (const key2 in data1) {
          let data2 = data1[key2];
          const _errs8 = errors;
          let valid3 = false;
          let passing0 = null;
          const _errs9 = errors;
          if (typeof data2 === "string") {
            if (func2(data2) > 255) {
              const err3 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/sourceId/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema34, data: data2 };
              if (vErrors === null) {
                vErrors = [err3];
              } else {
                vErrors.push(err3);
              }
              errors++;
            }
            if (func2(data2) < 1) {
              const err4 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/sourceId/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34, data: data2 };
              if (vErrors === null) {
                vErrors = [err4];
              } else {
                vErrors.push(err4);
              }
              errors++;
            }
          } else {
            const err5 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/sourceId/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.type, parentSchema: schema34, data: data2 };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
          var _valid0 = _errs9 === errors;
          if (_valid0) {
            valid3 = true;
            passing0 = 0;
          }
          const _errs12 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            if (data2.slug === void 0) {
              const err6 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data2 };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
            for (const key3 in data2) {
              if (!(key3 === "slug")) {
                const err7 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data2 };
                if (vErrors === null) {
                  vErrors = [err7];
                } else {
                  vErrors.push(err7);
                }
                errors++;
              }
            }
            if (data2.slug !== void 0) {
              let data3 = data2.slug;
              if (typeof data3 === "string") {
                if (func2(data3) > 255) {
                  const err8 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data3 };
                  if (vErrors === null) {
                    vErrors = [err8];
                  } else {
                    vErrors.push(err8);
                  }
                  errors++;
                }
                if (func2(data3) < 1) {
                  const err9 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data3 };
                  if (vErrors === null) {
                    vErrors = [err9];
                  } else {
                    vErrors.push(err9);
                  }
                  errors++;
                }
              } else {
                const err10 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data3 };
                if (vErrors === null) {
                  vErrors = [err10];
                } else {
                  vErrors.push(err10);
                }
                errors++;
              }
            }
          } else {
            const err11 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data2 };
            if (vErrors === null) {
              vErrors = [err11];
            } else {
              vErrors.push(err11);
            }
            errors++;
          }
          var _valid0 = _errs12 === errors;
          if (_valid0 && valid3) {
            valid3 = false;
            passing0 = [passing0, 1];
          } else {
            if (_valid0) {
              valid3 = true;
              passing0 = 1;
            }
          }
          if (!valid3) {
            const err12 = { instancePath: instancePath + "/sources/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/sources/additionalProperties/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf", schema: schema64.properties.sources.additionalProperties.oneOf, parentSchema: schema64.properties.sources.additionalProperties, data: data2 };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          } else {
            errors = _errs8;
            if (vErrors !== null) {
              if (_errs8) {
                vErrors.length = _errs8;
              } else {
                vErrors = null;
              }
            }
          }
        }
      } else {
        const err13 = { instancePath: instancePath + "/sources", schemaPath: "#/properties/sources/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema64.properties.sources.type, parentSchema: schema64.properties.sources, data: data1 };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
    if (data.apiUrl !== void 0) {
      let data4 = data.apiUrl;
      if (typeof data4 === "string") {
        if (!pattern9.test(data4)) {
          const err14 = { instancePath: instancePath + "/apiUrl", schemaPath: "#/properties/apiUrl/pattern", keyword: "pattern", params: { pattern: "^https?://" }, message: 'must match pattern "^https?://"', schema: "^https?://", parentSchema: schema64.properties.apiUrl, data: data4 };
          if (vErrors === null) {
            vErrors = [err14];
          } else {
            vErrors.push(err14);
          }
          errors++;
        }
        if (!formats0.test(data4)) {
          const err15 = { instancePath: instancePath + "/apiUrl", schemaPath: "#/properties/apiUrl/format", keyword: "format", params: { format: "uri" }, message: 'must match format "uri"', schema: "uri", parentSchema: schema64.properties.apiUrl, data: data4 };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
      } else {
        const err16 = { instancePath: instancePath + "/apiUrl", schemaPath: "#/properties/apiUrl/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema64.properties.apiUrl.type, parentSchema: schema64.properties.apiUrl, data: data4 };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
    }
    if (data.workspace !== void 0) {
      let data5 = data.workspace;
      if (typeof data5 === "string") {
        if (func2(data5) > 255) {
          const err17 = { instancePath: instancePath + "/workspace", schemaPath: "#/properties/workspace/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema64.properties.workspace, data: data5 };
          if (vErrors === null) {
            vErrors = [err17];
          } else {
            vErrors.push(err17);
          }
          errors++;
        }
        if (func2(data5) < 1) {
          const err18 = { instancePath: instancePath + "/workspace", schemaPath: "#/properties/workspace/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema64.properties.workspace, data: data5 };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
      } else {
        const err19 = { instancePath: instancePath + "/workspace", schemaPath: "#/properties/workspace/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema64.properties.workspace.type, parentSchema: schema64.properties.workspace, data: data5 };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
    if (data.tokenEnv !== void 0) {
      let data6 = data.tokenEnv;
      if (typeof data6 === "string") {
        if (!pattern14.test(data6)) {
          const err20 = { instancePath: instancePath + "/tokenEnv", schemaPath: "#/properties/tokenEnv/pattern", keyword: "pattern", params: { pattern: "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$" }, message: 'must match pattern "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$"', schema: "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$", parentSchema: schema64.properties.tokenEnv, data: data6 };
          if (vErrors === null) {
            vErrors = [err20];
          } else {
            vErrors.push(err20);
          }
          errors++;
        }
      } else {
        const err21 = { instancePath: instancePath + "/tokenEnv", schemaPath: "#/properties/tokenEnv/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema64.properties.tokenEnv.type, parentSchema: schema64.properties.tokenEnv, data: data6 };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.protect !== void 0) {
      let data7 = data.protect;
      if (Array.isArray(data7)) {
        const len0 = data7.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data8 = data7[i0];
          if (typeof data8 === "string") {
            if (func2(data8) > 255) {
              const err22 = { instancePath: instancePath + "/protect/" + i0, schemaPath: "#/$defs/protect/items/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema69.items, data: data8 };
              if (vErrors === null) {
                vErrors = [err22];
              } else {
                vErrors.push(err22);
              }
              errors++;
            }
            if (func2(data8) < 1) {
              const err23 = { instancePath: instancePath + "/protect/" + i0, schemaPath: "#/$defs/protect/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema69.items, data: data8 };
              if (vErrors === null) {
                vErrors = [err23];
              } else {
                vErrors.push(err23);
              }
              errors++;
            }
          } else {
            const err24 = { instancePath: instancePath + "/protect/" + i0, schemaPath: "#/$defs/protect/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema69.items.type, parentSchema: schema69.items, data: data8 };
            if (vErrors === null) {
              vErrors = [err24];
            } else {
              vErrors.push(err24);
            }
            errors++;
          }
        }
        let i1 = data7.length;
        let j0;
        if (i1 > 1) {
          const indices0 = {};
          for (; i1--; ) {
            let item0 = data7[i1];
            if (typeof item0 !== "string") {
              continue;
            }
            if (typeof indices0[item0] == "number") {
              j0 = indices0[item0];
              const err25 = { instancePath: instancePath + "/protect", schemaPath: "#/$defs/protect/uniqueItems", keyword: "uniqueItems", params: { i: i1, j: j0 }, message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)", schema: true, parentSchema: schema69, data: data7 };
              if (vErrors === null) {
                vErrors = [err25];
              } else {
                vErrors.push(err25);
              }
              errors++;
              break;
            }
            indices0[item0] = i1;
          }
        }
      } else {
        const err26 = { instancePath: instancePath + "/protect", schemaPath: "#/$defs/protect/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema69.type, parentSchema: schema69, data: data7 };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
    }
    if (data.after !== void 0) {
      let data9 = data.after;
      if (typeof data9 === "string") {
        if (!pattern4.test(data9)) {
          const err27 = { instancePath: instancePath + "/after", schemaPath: "#/properties/after/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema64.properties.after, data: data9 };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
      } else {
        const err28 = { instancePath: instancePath + "/after", schemaPath: "#/properties/after/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema64.properties.after.type, parentSchema: schema64.properties.after, data: data9 };
        if (vErrors === null) {
          vErrors = [err28];
        } else {
          vErrors.push(err28);
        }
        errors++;
      }
    }
    if (data.guards !== void 0) {
      let data10 = data.guards;
      if (data10 && typeof data10 == "object" && !Array.isArray(data10)) {
        for (const key4 in data10) {
          if (!(key4 === "maxDroppedPerDay" || key4 === "maxDroppedShare" || key4 === "maxChangedShare" || key4 === "unknownVolume")) {
            const err29 = { instancePath: instancePath + "/guards", schemaPath: "#/$defs/guards/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties", schema: false, parentSchema: schema70, data: data10 };
            if (vErrors === null) {
              vErrors = [err29];
            } else {
              vErrors.push(err29);
            }
            errors++;
          }
        }
        if (data10.maxDroppedPerDay !== void 0) {
          let data11 = data10.maxDroppedPerDay;
          if (!(typeof data11 == "number" && (!(data11 % 1) && !isNaN(data11)) && isFinite(data11))) {
            const err30 = { instancePath: instancePath + "/guards/maxDroppedPerDay", schemaPath: "#/$defs/guards/properties/maxDroppedPerDay/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema70.properties.maxDroppedPerDay.type, parentSchema: schema70.properties.maxDroppedPerDay, data: data11 };
            if (vErrors === null) {
              vErrors = [err30];
            } else {
              vErrors.push(err30);
            }
            errors++;
          }
          if (typeof data11 == "number" && isFinite(data11)) {
            if (data11 < 0 || isNaN(data11)) {
              const err31 = { instancePath: instancePath + "/guards/maxDroppedPerDay", schemaPath: "#/$defs/guards/properties/maxDroppedPerDay/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema70.properties.maxDroppedPerDay, data: data11 };
              if (vErrors === null) {
                vErrors = [err31];
              } else {
                vErrors.push(err31);
              }
              errors++;
            }
          }
        }
        if (data10.maxDroppedShare !== void 0) {
          let data12 = data10.maxDroppedShare;
          if (typeof data12 == "number" && isFinite(data12)) {
            if (data12 > 1 || isNaN(data12)) {
              const err32 = { instancePath: instancePath + "/guards/maxDroppedShare", schemaPath: "#/$defs/guards/properties/maxDroppedShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema70.properties.maxDroppedShare, data: data12 };
              if (vErrors === null) {
                vErrors = [err32];
              } else {
                vErrors.push(err32);
              }
              errors++;
            }
            if (data12 < 0 || isNaN(data12)) {
              const err33 = { instancePath: instancePath + "/guards/maxDroppedShare", schemaPath: "#/$defs/guards/properties/maxDroppedShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema70.properties.maxDroppedShare, data: data12 };
              if (vErrors === null) {
                vErrors = [err33];
              } else {
                vErrors.push(err33);
              }
              errors++;
            }
          } else {
            const err34 = { instancePath: instancePath + "/guards/maxDroppedShare", schemaPath: "#/$defs/guards/properties/maxDroppedShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema70.properties.maxDroppedShare.type, parentSchema: schema70.properties.maxDroppedShare, data: data12 };
            if (vErrors === null) {
              vErrors = [err34];
            } else {
              vErrors.push(err34);
            }
            errors++;
          }
        }
        if (data10.maxChangedShare !== void 0) {
          let data13 = data10.maxChangedShare;
          if (typeof data13 == "number" && isFinite(data13)) {
            if (data13 > 1 || isNaN(data13)) {
              const err35 = { instancePath: instancePath + "/guards/maxChangedShare", schemaPath: "#/$defs/guards/properties/maxChangedShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema70.properties.maxChangedShare, data: data13 };
              if (vErrors === null) {
                vErrors = [err35];
              } else {
                vErrors.push(err35);
              }
              errors++;
            }
            if (data13 < 0 || isNaN(data13)) {
              const err36 = { instancePath: instancePath + "/guards/maxChangedShare", schemaPath: "#/$defs/guards/properties/maxChangedShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema70.properties.maxChangedShare, data: data13 };
              if (vErrors === null) {
                vErrors = [err36];
              } else {
                vErrors.push(err36);
              }
              errors++;
            }
          } else {
            const err37 = { instancePath: instancePath + "/guards/maxChangedShare", schemaPath: "#/$defs/guards/properties/maxChangedShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema70.properties.maxChangedShare.type, parentSchema: schema70.properties.maxChangedShare, data: data13 };
            if (vErrors === null) {
              vErrors = [err37];
            } else {
              vErrors.push(err37);
            }
            errors++;
          }
        }
        if (data10.unknownVolume !== void 0) {
          let data14 = data10.unknownVolume;
          if (!(data14 === "refuse" || data14 === "warn")) {
            const err38 = { instancePath: instancePath + "/guards/unknownVolume", schemaPath: "#/$defs/guards/properties/unknownVolume/enum", keyword: "enum", params: { allowedValues: schema70.properties.unknownVolume.enum }, message: "must be equal to one of the allowed values", schema: schema70.properties.unknownVolume.enum, parentSchema: schema70.properties.unknownVolume, data: data14 };
            if (vErrors === null) {
              vErrors = [err38];
            } else {
              vErrors.push(err38);
            }
            errors++;
          }
        }
      } else {
        const err39 = { instancePath: instancePath + "/guards", schemaPath: "#/$defs/guards/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema70.type, parentSchema: schema70, data: data10 };
        if (vErrors === null) {
          vErrors = [err39];
        } else {
          vErrors.push(err39);
        }
        errors++;
      }
    }
    if (data.planTokenEnv !== void 0) {
      let data15 = data.planTokenEnv;
      if (typeof data15 === "string") {
        if (!pattern14.test(data15)) {
          const err40 = { instancePath: instancePath + "/planTokenEnv", schemaPath: "#/properties/planTokenEnv/pattern", keyword: "pattern", params: { pattern: "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$" }, message: 'must match pattern "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$"', schema: "^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$", parentSchema: schema64.properties.planTokenEnv, data: data15 };
          if (vErrors === null) {
            vErrors = [err40];
          } else {
            vErrors.push(err40);
          }
          errors++;
        }
      } else {
        const err41 = { instancePath: instancePath + "/planTokenEnv", schemaPath: "#/properties/planTokenEnv/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema64.properties.planTokenEnv.type, parentSchema: schema64.properties.planTokenEnv, data: data15 };
        if (vErrors === null) {
          vErrors = [err41];
        } else {
          vErrors.push(err41);
        }
        errors++;
      }
    }
    if (data.selfActors !== void 0) {
      let data16 = data.selfActors;
      if (Array.isArray(data16)) {
        const len1 = data16.length;
        for (let i2 = 0; i2 < len1; i2++) {
          let data17 = data16[i2];
          if (typeof data17 === "string") {
            if (func2(data17) > 255) {
              const err42 = { instancePath: instancePath + "/selfActors/" + i2, schemaPath: "#/properties/selfActors/items/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema64.properties.selfActors.items, data: data17 };
              if (vErrors === null) {
                vErrors = [err42];
              } else {
                vErrors.push(err42);
              }
              errors++;
            }
            if (func2(data17) < 1) {
              const err43 = { instancePath: instancePath + "/selfActors/" + i2, schemaPath: "#/properties/selfActors/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema64.properties.selfActors.items, data: data17 };
              if (vErrors === null) {
                vErrors = [err43];
              } else {
                vErrors.push(err43);
              }
              errors++;
            }
          } else {
            const err44 = { instancePath: instancePath + "/selfActors/" + i2, schemaPath: "#/properties/selfActors/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema64.properties.selfActors.items.type, parentSchema: schema64.properties.selfActors.items, data: data17 };
            if (vErrors === null) {
              vErrors = [err44];
            } else {
              vErrors.push(err44);
            }
            errors++;
          }
        }
        let i3 = data16.length;
        let j1;
        if (i3 > 1) {
          const indices1 = {};
          for (; i3--; ) {
            let item1 = data16[i3];
            if (typeof item1 !== "string") {
              continue;
            }
            if (typeof indices1[item1] == "number") {
              j1 = indices1[item1];
              const err45 = { instancePath: instancePath + "/selfActors", schemaPath: "#/properties/selfActors/uniqueItems", keyword: "uniqueItems", params: { i: i3, j: j1 }, message: "must NOT have duplicate items (items ## " + j1 + " and " + i3 + " are identical)", schema: true, parentSchema: schema64.properties.selfActors, data: data16 };
              if (vErrors === null) {
                vErrors = [err45];
              } else {
                vErrors.push(err45);
              }
              errors++;
              break;
            }
            indices1[item1] = i3;
          }
        }
      } else {
        const err46 = { instancePath: instancePath + "/selfActors", schemaPath: "#/properties/selfActors/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema64.properties.selfActors.type, parentSchema: schema64.properties.selfActors, data: data16 };
        if (vErrors === null) {
          vErrors = [err46];
        } else {
          vErrors.push(err46);
        }
        errors++;
      }
    }
  } else {
    const err47 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema64.type, parentSchema: schema64, data };
    if (vErrors === null) {
      vErrors = [err47];
    } else {
      vErrors.push(err47);
    }
    errors++;
  }
  validate37.errors = vErrors;
  return errors === 0;
}
validate37.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate36(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  ;
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate36.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!func1.call(schema63.properties, key0)) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema63, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.apiVersion !== void 0) {
      let data0 = data.apiVersion;
      if ("transync/v1" !== data0) {
        const err1 = { instancePath: instancePath + "/apiVersion", schemaPath: "#/properties/apiVersion/const", keyword: "const", params: { allowedValue: "transync/v1" }, message: "must be equal to constant", schema: "transync/v1", parentSchema: schema63.properties.apiVersion, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.apiUrl !== void 0) {
      let data1 = data.apiUrl;
      if (typeof data1 === "string") {
        if (!pattern9.test(data1)) {
          const err2 = { instancePath: instancePath + "/apiUrl", schemaPath: "#/properties/apiUrl/pattern", keyword: "pattern", params: { pattern: "^https?://" }, message: 'must match pattern "^https?://"', schema: "^https?://", parentSchema: schema63.properties.apiUrl, data: data1 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (!formats0.test(data1)) {
          const err3 = { instancePath: instancePath + "/apiUrl", schemaPath: "#/properties/apiUrl/format", keyword: "format", params: { format: "uri" }, message: 'must match format "uri"', schema: "uri", parentSchema: schema63.properties.apiUrl, data: data1 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      } else {
        const err4 = { instancePath: instancePath + "/apiUrl", schemaPath: "#/properties/apiUrl/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema63.properties.apiUrl.type, parentSchema: schema63.properties.apiUrl, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.dir !== void 0) {
      let data2 = data.dir;
      if (typeof data2 === "string") {
        if (func2(data2) < 1) {
          const err5 = { instancePath: instancePath + "/dir", schemaPath: "#/properties/dir/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema63.properties.dir, data: data2 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/dir", schemaPath: "#/properties/dir/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema63.properties.dir.type, parentSchema: schema63.properties.dir, data: data2 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.tests !== void 0) {
      let data3 = data.tests;
      if (typeof data3 === "string") {
        if (func2(data3) < 1) {
          const err7 = { instancePath: instancePath + "/tests", schemaPath: "#/properties/tests/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema63.properties.tests, data: data3 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      } else {
        const err8 = { instancePath: instancePath + "/tests", schemaPath: "#/properties/tests/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema63.properties.tests.type, parentSchema: schema63.properties.tests, data: data3 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.environments !== void 0) {
      let data4 = data.environments;
      if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
        for (const key1 in data4) {
          const _errs11 = errors;
          if (typeof key1 === "string") {
            if (!pattern4.test(key1)) {
              const err9 = { instancePath: instancePath + "/environments", schemaPath: "#/properties/environments/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema63.properties.environments.propertyNames, data: key1, propertyName: key1 };
              if (vErrors === null) {
                vErrors = [err9];
              } else {
                vErrors.push(err9);
              }
              errors++;
            }
          }
          var valid1 = _errs11 === errors;
          if (!valid1) {
            const err10 = { instancePath: instancePath + "/environments", schemaPath: "#/properties/environments/propertyNames", keyword: "propertyNames", params: { propertyName: key1 }, message: "property name must be valid", schema: schema63.properties.environments.propertyNames, parentSchema: schema63.properties.environments, data: data4 };
            if (vErrors === null) {
              vErrors = [err10];
            } else {
              vErrors.push(err10);
            }
            errors++;
          }
        }
        for (const key2 in data4) {
          if (!validate37(data4[key2], { instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), parentData: data4, parentDataProperty: key2, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err11 = { instancePath: instancePath + "/environments", schemaPath: "#/properties/environments/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema63.properties.environments.type, parentSchema: schema63.properties.environments, data: data4 };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.destinations !== void 0) {
      let data6 = data.destinations;
      if (data6 && typeof data6 == "object" && !Array.isArray(data6)) {
        for (const key3 in data6) {
          const _errs16 = errors;
          if (typeof key3 === "string") {
            if (!pattern4.test(key3)) {
              const err12 = { instancePath: instancePath + "/destinations", schemaPath: "#/properties/destinations/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema63.properties.destinations.propertyNames, data: key3, propertyName: key3 };
              if (vErrors === null) {
                vErrors = [err12];
              } else {
                vErrors.push(err12);
              }
              errors++;
            }
          }
          var valid3 = _errs16 === errors;
          if (!valid3) {
            const err13 = { instancePath: instancePath + "/destinations", schemaPath: "#/properties/destinations/propertyNames", keyword: "propertyNames", params: { propertyName: key3 }, message: "property name must be valid", schema: schema63.properties.destinations.propertyNames, parentSchema: schema63.properties.destinations, data: data6 };
            if (vErrors === null) {
              vErrors = [err13];
            } else {
              vErrors.push(err13);
            }
            errors++;
          }
        }
        for (const key4 in data6) {
          let data7 = data6[key4];
          const _errs19 = errors;
          let valid5 = false;
          let passing0 = null;
          const _errs20 = errors;
          if (typeof data7 === "string") {
            if (func2(data7) > 255) {
              const err14 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/destinationMetadataId/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema36, data: data7 };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
            if (func2(data7) < 1) {
              const err15 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/destinationMetadataId/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema36, data: data7 };
              if (vErrors === null) {
                vErrors = [err15];
              } else {
                vErrors.push(err15);
              }
              errors++;
            }
          } else {
            const err16 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/destinationMetadataId/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema36.type, parentSchema: schema36, data: data7 };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
          var _valid0 = _errs20 === errors;
          if (_valid0) {
            valid5 = true;
            passing0 = 0;
          }
          const _errs23 = errors;
          if (data7 && typeof data7 == "object" && !Array.isArray(data7)) {
            if (data7.slug === void 0) {
              const err17 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data7 };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
            for (const key5 in data7) {
              if (!(key5 === "slug")) {
                const err18 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key5 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data7 };
                if (vErrors === null) {
                  vErrors = [err18];
                } else {
                  vErrors.push(err18);
                }
                errors++;
              }
            }
            if (data7.slug !== void 0) {
              let data8 = data7.slug;
              if (typeof data8 === "string") {
                if (func2(data8) > 255) {
                  const err19 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1") + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data8 };
                  if (vErrors === null) {
                    vErrors = [err19];
                  } else {
                    vErrors.push(err19);
                  }
                  errors++;
                }
                if (func2(data8) < 1) {
                  const err20 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1") + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data8 };
                  if (vErrors === null) {
                    vErrors = [err20];
                  } else {
                    vErrors.push(err20);
                  }
                  errors++;
                }
              } else {
                const err21 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1") + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data8 };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              }
            }
          } else {
            const err22 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data7 };
            if (vErrors === null) {
              vErrors = [err22];
            } else {
              vErrors.push(err22);
            }
            errors++;
          }
          var _valid0 = _errs23 === errors;
          if (_valid0 && valid5) {
            valid5 = false;
            passing0 = [passing0, 1];
          } else {
            if (_valid0) {
              valid5 = true;
              passing0 = 1;
            }
          }
          if (!valid5) {
            const err23 = { instancePath: instancePath + "/destinations/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/destinations/additionalProperties/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf", schema: schema63.properties.destinations.additionalProperties.oneOf, parentSchema: schema63.properties.destinations.additionalProperties, data: data7 };
            if (vErrors === null) {
              vErrors = [err23];
            } else {
              vErrors.push(err23);
            }
            errors++;
          } else {
            errors = _errs19;
            if (vErrors !== null) {
              if (_errs19) {
                vErrors.length = _errs19;
              } else {
                vErrors = null;
              }
            }
          }
        }
      } else {
        const err24 = { instancePath: instancePath + "/destinations", schemaPath: "#/properties/destinations/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema63.properties.destinations.type, parentSchema: schema63.properties.destinations, data: data6 };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
    }
    if (data.connections !== void 0) {
      let data9 = data.connections;
      if (data9 && typeof data9 == "object" && !Array.isArray(data9)) {
        for (const key6 in data9) {
          const _errs31 = errors;
          if (typeof key6 === "string") {
            if (!pattern4.test(key6)) {
              const err25 = { instancePath: instancePath + "/connections", schemaPath: "#/properties/connections/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]*$", parentSchema: schema63.properties.connections.propertyNames, data: key6, propertyName: key6 };
              if (vErrors === null) {
                vErrors = [err25];
              } else {
                vErrors.push(err25);
              }
              errors++;
            }
          }
          var valid9 = _errs31 === errors;
          if (!valid9) {
            const err26 = { instancePath: instancePath + "/connections", schemaPath: "#/properties/connections/propertyNames", keyword: "propertyNames", params: { propertyName: key6 }, message: "property name must be valid", schema: schema63.properties.connections.propertyNames, parentSchema: schema63.properties.connections, data: data9 };
            if (vErrors === null) {
              vErrors = [err26];
            } else {
              vErrors.push(err26);
            }
            errors++;
          }
        }
        for (const key7 in data9) {
          let data10 = data9[key7];
          if (data10 && typeof data10 == "object" && !Array.isArray(data10)) {
            if (data10.source === void 0) {
              const err27 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/required", keyword: "required", params: { missingProperty: "source" }, message: "must have required property 'source'", schema: schema66.required, parentSchema: schema66, data: data10 };
              if (vErrors === null) {
                vErrors = [err27];
              } else {
                vErrors.push(err27);
              }
              errors++;
            }
            if (data10.destination === void 0) {
              const err28 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/required", keyword: "required", params: { missingProperty: "destination" }, message: "must have required property 'destination'", schema: schema66.required, parentSchema: schema66, data: data10 };
              if (vErrors === null) {
                vErrors = [err28];
              } else {
                vErrors.push(err28);
              }
              errors++;
            }
            for (const key8 in data10) {
              if (!(key8 === "source" || key8 === "destination")) {
                const err29 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key8 }, message: "must NOT have additional properties", schema: false, parentSchema: schema66, data: data10 };
                if (vErrors === null) {
                  vErrors = [err29];
                } else {
                  vErrors.push(err29);
                }
                errors++;
              }
            }
            if (data10.source !== void 0) {
              let data11 = data10.source;
              if (typeof data11 === "string") {
                if (func2(data11) > 255) {
                  const err30 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/source", schemaPath: "#/$defs/connection/properties/source/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.source, data: data11 };
                  if (vErrors === null) {
                    vErrors = [err30];
                  } else {
                    vErrors.push(err30);
                  }
                  errors++;
                }
                if (func2(data11) < 1) {
                  const err31 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/source", schemaPath: "#/$defs/connection/properties/source/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.source, data: data11 };
                  if (vErrors === null) {
                    vErrors = [err31];
                  } else {
                    vErrors.push(err31);
                  }
                  errors++;
                }
              } else {
                const err32 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/source", schemaPath: "#/$defs/connection/properties/source/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.source.type, parentSchema: schema66.properties.source, data: data11 };
                if (vErrors === null) {
                  vErrors = [err32];
                } else {
                  vErrors.push(err32);
                }
                errors++;
              }
            }
            if (data10.destination !== void 0) {
              let data12 = data10.destination;
              const _errs40 = errors;
              let valid13 = false;
              let passing1 = null;
              const _errs41 = errors;
              if (data12 && typeof data12 == "object" && !Array.isArray(data12)) {
                if (data12.slug === void 0) {
                  const err33 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema66.properties.destination.oneOf[0].required, parentSchema: schema66.properties.destination.oneOf[0], data: data12 };
                  if (vErrors === null) {
                    vErrors = [err33];
                  } else {
                    vErrors.push(err33);
                  }
                  errors++;
                }
                if (data12.name === void 0) {
                  const err34 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema66.properties.destination.oneOf[0].required, parentSchema: schema66.properties.destination.oneOf[0], data: data12 };
                  if (vErrors === null) {
                    vErrors = [err34];
                  } else {
                    vErrors.push(err34);
                  }
                  errors++;
                }
                for (const key9 in data12) {
                  if (!(key9 === "slug" || key9 === "name")) {
                    const err35 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key9 }, message: "must NOT have additional properties", schema: false, parentSchema: schema66.properties.destination.oneOf[0], data: data12 };
                    if (vErrors === null) {
                      vErrors = [err35];
                    } else {
                      vErrors.push(err35);
                    }
                    errors++;
                  }
                }
                if (data12.slug !== void 0) {
                  let data13 = data12.slug;
                  if (typeof data13 === "string") {
                    if (func2(data13) > 255) {
                      const err36 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[0].properties.slug, data: data13 };
                      if (vErrors === null) {
                        vErrors = [err36];
                      } else {
                        vErrors.push(err36);
                      }
                      errors++;
                    }
                    if (func2(data13) < 1) {
                      const err37 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[0].properties.slug, data: data13 };
                      if (vErrors === null) {
                        vErrors = [err37];
                      } else {
                        vErrors.push(err37);
                      }
                      errors++;
                    }
                  } else {
                    const err38 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[0].properties.slug.type, parentSchema: schema66.properties.destination.oneOf[0].properties.slug, data: data13 };
                    if (vErrors === null) {
                      vErrors = [err38];
                    } else {
                      vErrors.push(err38);
                    }
                    errors++;
                  }
                }
                if (data12.name !== void 0) {
                  let data14 = data12.name;
                  if (typeof data14 === "string") {
                    if (func2(data14) > 255) {
                      const err39 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/name", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/name/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[0].properties.name, data: data14 };
                      if (vErrors === null) {
                        vErrors = [err39];
                      } else {
                        vErrors.push(err39);
                      }
                      errors++;
                    }
                    if (func2(data14) < 1) {
                      const err40 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/name", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/name/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[0].properties.name, data: data14 };
                      if (vErrors === null) {
                        vErrors = [err40];
                      } else {
                        vErrors.push(err40);
                      }
                      errors++;
                    }
                  } else {
                    const err41 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/name", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[0].properties.name.type, parentSchema: schema66.properties.destination.oneOf[0].properties.name, data: data14 };
                    if (vErrors === null) {
                      vErrors = [err41];
                    } else {
                      vErrors.push(err41);
                    }
                    errors++;
                  }
                }
              } else {
                const err42 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema66.properties.destination.oneOf[0].type, parentSchema: schema66.properties.destination.oneOf[0], data: data12 };
                if (vErrors === null) {
                  vErrors = [err42];
                } else {
                  vErrors.push(err42);
                }
                errors++;
              }
              var _valid1 = _errs41 === errors;
              if (_valid1) {
                valid13 = true;
                passing1 = 0;
                var props1 = true;
              }
              const _errs48 = errors;
              if (data12 && typeof data12 == "object" && !Array.isArray(data12)) {
                if (data12.id === void 0) {
                  const err43 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'", schema: schema66.properties.destination.oneOf[1].required, parentSchema: schema66.properties.destination.oneOf[1], data: data12 };
                  if (vErrors === null) {
                    vErrors = [err43];
                  } else {
                    vErrors.push(err43);
                  }
                  errors++;
                }
                for (const key10 in data12) {
                  if (!(key10 === "id" || key10 === "slug")) {
                    const err44 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key10 }, message: "must NOT have additional properties", schema: false, parentSchema: schema66.properties.destination.oneOf[1], data: data12 };
                    if (vErrors === null) {
                      vErrors = [err44];
                    } else {
                      vErrors.push(err44);
                    }
                    errors++;
                  }
                }
                if (data12.id !== void 0) {
                  let data15 = data12.id;
                  if (typeof data15 === "string") {
                    if (func2(data15) > 255) {
                      const err45 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/id", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/id/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[1].properties.id, data: data15 };
                      if (vErrors === null) {
                        vErrors = [err45];
                      } else {
                        vErrors.push(err45);
                      }
                      errors++;
                    }
                    if (func2(data15) < 1) {
                      const err46 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/id", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/id/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[1].properties.id, data: data15 };
                      if (vErrors === null) {
                        vErrors = [err46];
                      } else {
                        vErrors.push(err46);
                      }
                      errors++;
                    }
                  } else {
                    const err47 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/id", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[1].properties.id.type, parentSchema: schema66.properties.destination.oneOf[1].properties.id, data: data15 };
                    if (vErrors === null) {
                      vErrors = [err47];
                    } else {
                      vErrors.push(err47);
                    }
                    errors++;
                  }
                }
                if (data12.slug !== void 0) {
                  let data16 = data12.slug;
                  if (typeof data16 === "string") {
                    if (func2(data16) > 255) {
                      const err48 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema66.properties.destination.oneOf[1].properties.slug, data: data16 };
                      if (vErrors === null) {
                        vErrors = [err48];
                      } else {
                        vErrors.push(err48);
                      }
                      errors++;
                    }
                    if (func2(data16) < 1) {
                      const err49 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema66.properties.destination.oneOf[1].properties.slug, data: data16 };
                      if (vErrors === null) {
                        vErrors = [err49];
                      } else {
                        vErrors.push(err49);
                      }
                      errors++;
                    }
                  } else {
                    const err50 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination/slug", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema66.properties.destination.oneOf[1].properties.slug.type, parentSchema: schema66.properties.destination.oneOf[1].properties.slug, data: data16 };
                    if (vErrors === null) {
                      vErrors = [err50];
                    } else {
                      vErrors.push(err50);
                    }
                    errors++;
                  }
                }
              } else {
                const err51 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema66.properties.destination.oneOf[1].type, parentSchema: schema66.properties.destination.oneOf[1], data: data12 };
                if (vErrors === null) {
                  vErrors = [err51];
                } else {
                  vErrors.push(err51);
                }
                errors++;
              }
              var _valid1 = _errs48 === errors;
              if (_valid1 && valid13) {
                valid13 = false;
                passing1 = [passing1, 1];
              } else {
                if (_valid1) {
                  valid13 = true;
                  passing1 = 1;
                  if (props1 !== true) {
                    props1 = true;
                  }
                }
              }
              if (!valid13) {
                const err52 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1") + "/destination", schemaPath: "#/$defs/connection/properties/destination/oneOf", keyword: "oneOf", params: { passingSchemas: passing1 }, message: "must match exactly one schema in oneOf", schema: schema66.properties.destination.oneOf, parentSchema: schema66.properties.destination, data: data12 };
                if (vErrors === null) {
                  vErrors = [err52];
                } else {
                  vErrors.push(err52);
                }
                errors++;
              } else {
                errors = _errs40;
                if (vErrors !== null) {
                  if (_errs40) {
                    vErrors.length = _errs40;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
          } else {
            const err53 = { instancePath: instancePath + "/connections/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/$defs/connection/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema66.type, parentSchema: schema66, data: data10 };
            if (vErrors === null) {
              vErrors = [err53];
            } else {
              vErrors.push(err53);
            }
            errors++;
          }
        }
      } else {
        const err54 = { instancePath: instancePath + "/connections", schemaPath: "#/properties/connections/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema63.properties.connections.type, parentSchema: schema63.properties.connections, data: data9 };
        if (vErrors === null) {
          vErrors = [err54];
        } else {
          vErrors.push(err54);
        }
        errors++;
      }
    }
    if (data.defaultEnvironment !== void 0) {
      let data17 = data.defaultEnvironment;
      if (typeof data17 === "string") {
        if (func2(data17) < 1) {
          const err55 = { instancePath: instancePath + "/defaultEnvironment", schemaPath: "#/properties/defaultEnvironment/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema63.properties.defaultEnvironment, data: data17 };
          if (vErrors === null) {
            vErrors = [err55];
          } else {
            vErrors.push(err55);
          }
          errors++;
        }
      } else {
        const err56 = { instancePath: instancePath + "/defaultEnvironment", schemaPath: "#/properties/defaultEnvironment/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema63.properties.defaultEnvironment.type, parentSchema: schema63.properties.defaultEnvironment, data: data17 };
        if (vErrors === null) {
          vErrors = [err56];
        } else {
          vErrors.push(err56);
        }
        errors++;
      }
    }
    if (data.scope !== void 0) {
      let data18 = data.scope;
      if (data18 && typeof data18 == "object" && !Array.isArray(data18)) {
        for (const key11 in data18) {
          if (!(key11 === "sources")) {
            const err57 = { instancePath: instancePath + "/scope", schemaPath: "#/properties/scope/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key11 }, message: "must NOT have additional properties", schema: false, parentSchema: schema63.properties.scope, data: data18 };
            if (vErrors === null) {
              vErrors = [err57];
            } else {
              vErrors.push(err57);
            }
            errors++;
          }
        }
        if (data18.sources !== void 0) {
          let data19 = data18.sources;
          if (Array.isArray(data19)) {
            if (data19.length < 1) {
              const err58 = { instancePath: instancePath + "/scope/sources", schemaPath: "#/properties/scope/properties/sources/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema63.properties.scope.properties.sources, data: data19 };
              if (vErrors === null) {
                vErrors = [err58];
              } else {
                vErrors.push(err58);
              }
              errors++;
            }
            const len0 = data19.length;
            for (let i0 = 0; i0 < len0; i0++) {
              let data20 = data19[i0];
              const _errs63 = errors;
              let valid19 = false;
              let passing2 = null;
              const _errs64 = errors;
              if (typeof data20 === "string") {
                if (func2(data20) < 1) {
                  const err59 = { instancePath: instancePath + "/scope/sources/" + i0, schemaPath: "#/properties/scope/properties/sources/items/oneOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema63.properties.scope.properties.sources.items.oneOf[0], data: data20 };
                  if (vErrors === null) {
                    vErrors = [err59];
                  } else {
                    vErrors.push(err59);
                  }
                  errors++;
                }
              } else {
                const err60 = { instancePath: instancePath + "/scope/sources/" + i0, schemaPath: "#/properties/scope/properties/sources/items/oneOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema63.properties.scope.properties.sources.items.oneOf[0].type, parentSchema: schema63.properties.scope.properties.sources.items.oneOf[0], data: data20 };
                if (vErrors === null) {
                  vErrors = [err60];
                } else {
                  vErrors.push(err60);
                }
                errors++;
              }
              var _valid2 = _errs64 === errors;
              if (_valid2) {
                valid19 = true;
                passing2 = 0;
              }
              const _errs66 = errors;
              if (data20 && typeof data20 == "object" && !Array.isArray(data20)) {
                if (data20.slug === void 0) {
                  const err61 = { instancePath: instancePath + "/scope/sources/" + i0, schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data20 };
                  if (vErrors === null) {
                    vErrors = [err61];
                  } else {
                    vErrors.push(err61);
                  }
                  errors++;
                }
                for (const key12 in data20) {
                  if (!(key12 === "slug")) {
                    const err62 = { instancePath: instancePath + "/scope/sources/" + i0, schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key12 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data20 };
                    if (vErrors === null) {
                      vErrors = [err62];
                    } else {
                      vErrors.push(err62);
                    }
                    errors++;
                  }
                }
                if (data20.slug !== void 0) {
                  let data21 = data20.slug;
                  if (typeof data21 === "string") {
                    if (func2(data21) > 255) {
                      const err63 = { instancePath: instancePath + "/scope/sources/" + i0 + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data21 };
                      if (vErrors === null) {
                        vErrors = [err63];
                      } else {
                        vErrors.push(err63);
                      }
                      errors++;
                    }
                    if (func2(data21) < 1) {
                      const err64 = { instancePath: instancePath + "/scope/sources/" + i0 + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data21 };
                      if (vErrors === null) {
                        vErrors = [err64];
                      } else {
                        vErrors.push(err64);
                      }
                      errors++;
                    }
                  } else {
                    const err65 = { instancePath: instancePath + "/scope/sources/" + i0 + "/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data21 };
                    if (vErrors === null) {
                      vErrors = [err65];
                    } else {
                      vErrors.push(err65);
                    }
                    errors++;
                  }
                }
              } else {
                const err66 = { instancePath: instancePath + "/scope/sources/" + i0, schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data20 };
                if (vErrors === null) {
                  vErrors = [err66];
                } else {
                  vErrors.push(err66);
                }
                errors++;
              }
              var _valid2 = _errs66 === errors;
              if (_valid2 && valid19) {
                valid19 = false;
                passing2 = [passing2, 1];
              } else {
                if (_valid2) {
                  valid19 = true;
                  passing2 = 1;
                }
              }
              if (!valid19) {
                const err67 = { instancePath: instancePath + "/scope/sources/" + i0, schemaPath: "#/properties/scope/properties/sources/items/oneOf", keyword: "oneOf", params: { passingSchemas: passing2 }, message: "must match exactly one schema in oneOf", schema: schema63.properties.scope.properties.sources.items.oneOf, parentSchema: schema63.properties.scope.properties.sources.items, data: data20 };
                if (vErrors === null) {
                  vErrors = [err67];
                } else {
                  vErrors.push(err67);
                }
                errors++;
              } else {
                errors = _errs63;
                if (vErrors !== null) {
                  if (_errs63) {
                    vErrors.length = _errs63;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            let i1 = data19.length;
            let j0;
            if (i1 > 1) {
              outer0: for (; i1--; ) {
                for (j0 = i1; j0--; ) {
                  if (func0(data19[i1], data19[j0])) {
                    const err68 = { instancePath: instancePath + "/scope/sources", schemaPath: "#/properties/scope/properties/sources/uniqueItems", keyword: "uniqueItems", params: { i: i1, j: j0 }, message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)", schema: true, parentSchema: schema63.properties.scope.properties.sources, data: data19 };
                    if (vErrors === null) {
                      vErrors = [err68];
                    } else {
                      vErrors.push(err68);
                    }
                    errors++;
                    break outer0;
                  }
                }
              }
            }
          } else {
            const err69 = { instancePath: instancePath + "/scope/sources", schemaPath: "#/properties/scope/properties/sources/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema63.properties.scope.properties.sources.type, parentSchema: schema63.properties.scope.properties.sources, data: data19 };
            if (vErrors === null) {
              vErrors = [err69];
            } else {
              vErrors.push(err69);
            }
            errors++;
          }
        }
      } else {
        const err70 = { instancePath: instancePath + "/scope", schemaPath: "#/properties/scope/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema63.properties.scope.type, parentSchema: schema63.properties.scope, data: data18 };
        if (vErrors === null) {
          vErrors = [err70];
        } else {
          vErrors.push(err70);
        }
        errors++;
      }
    }
    if (data.protect !== void 0) {
      let data22 = data.protect;
      if (Array.isArray(data22)) {
        const len1 = data22.length;
        for (let i2 = 0; i2 < len1; i2++) {
          let data23 = data22[i2];
          if (typeof data23 === "string") {
            if (func2(data23) > 255) {
              const err71 = { instancePath: instancePath + "/protect/" + i2, schemaPath: "#/$defs/protect/items/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema69.items, data: data23 };
              if (vErrors === null) {
                vErrors = [err71];
              } else {
                vErrors.push(err71);
              }
              errors++;
            }
            if (func2(data23) < 1) {
              const err72 = { instancePath: instancePath + "/protect/" + i2, schemaPath: "#/$defs/protect/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema69.items, data: data23 };
              if (vErrors === null) {
                vErrors = [err72];
              } else {
                vErrors.push(err72);
              }
              errors++;
            }
          } else {
            const err73 = { instancePath: instancePath + "/protect/" + i2, schemaPath: "#/$defs/protect/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema69.items.type, parentSchema: schema69.items, data: data23 };
            if (vErrors === null) {
              vErrors = [err73];
            } else {
              vErrors.push(err73);
            }
            errors++;
          }
        }
        let i3 = data22.length;
        let j1;
        if (i3 > 1) {
          const indices0 = {};
          for (; i3--; ) {
            let item0 = data22[i3];
            if (typeof item0 !== "string") {
              continue;
            }
            if (typeof indices0[item0] == "number") {
              j1 = indices0[item0];
              const err74 = { instancePath: instancePath + "/protect", schemaPath: "#/$defs/protect/uniqueItems", keyword: "uniqueItems", params: { i: i3, j: j1 }, message: "must NOT have duplicate items (items ## " + j1 + " and " + i3 + " are identical)", schema: true, parentSchema: schema69, data: data22 };
              if (vErrors === null) {
                vErrors = [err74];
              } else {
                vErrors.push(err74);
              }
              errors++;
              break;
            }
            indices0[item0] = i3;
          }
        }
      } else {
        const err75 = { instancePath: instancePath + "/protect", schemaPath: "#/$defs/protect/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema69.type, parentSchema: schema69, data: data22 };
        if (vErrors === null) {
          vErrors = [err75];
        } else {
          vErrors.push(err75);
        }
        errors++;
      }
    }
    if (data.guards !== void 0) {
      let data24 = data.guards;
      if (data24 && typeof data24 == "object" && !Array.isArray(data24)) {
        for (const key13 in data24) {
          if (!(key13 === "maxDroppedPerDay" || key13 === "maxDroppedShare" || key13 === "maxChangedShare" || key13 === "unknownVolume")) {
            const err76 = { instancePath: instancePath + "/guards", schemaPath: "#/$defs/guards/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key13 }, message: "must NOT have additional properties", schema: false, parentSchema: schema70, data: data24 };
            if (vErrors === null) {
              vErrors = [err76];
            } else {
              vErrors.push(err76);
            }
            errors++;
          }
        }
        if (data24.maxDroppedPerDay !== void 0) {
          let data25 = data24.maxDroppedPerDay;
          if (!(typeof data25 == "number" && (!(data25 % 1) && !isNaN(data25)) && isFinite(data25))) {
            const err77 = { instancePath: instancePath + "/guards/maxDroppedPerDay", schemaPath: "#/$defs/guards/properties/maxDroppedPerDay/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema70.properties.maxDroppedPerDay.type, parentSchema: schema70.properties.maxDroppedPerDay, data: data25 };
            if (vErrors === null) {
              vErrors = [err77];
            } else {
              vErrors.push(err77);
            }
            errors++;
          }
          if (typeof data25 == "number" && isFinite(data25)) {
            if (data25 < 0 || isNaN(data25)) {
              const err78 = { instancePath: instancePath + "/guards/maxDroppedPerDay", schemaPath: "#/$defs/guards/properties/maxDroppedPerDay/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema70.properties.maxDroppedPerDay, data: data25 };
              if (vErrors === null) {
                vErrors = [err78];
              } else {
                vErrors.push(err78);
              }
              errors++;
            }
          }
        }
        if (data24.maxDroppedShare !== void 0) {
          let data26 = data24.maxDroppedShare;
          if (typeof data26 == "number" && isFinite(data26)) {
            if (data26 > 1 || isNaN(data26)) {
              const err79 = { instancePath: instancePath + "/guards/maxDroppedShare", schemaPath: "#/$defs/guards/properties/maxDroppedShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema70.properties.maxDroppedShare, data: data26 };
              if (vErrors === null) {
                vErrors = [err79];
              } else {
                vErrors.push(err79);
              }
              errors++;
            }
            if (data26 < 0 || isNaN(data26)) {
              const err80 = { instancePath: instancePath + "/guards/maxDroppedShare", schemaPath: "#/$defs/guards/properties/maxDroppedShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema70.properties.maxDroppedShare, data: data26 };
              if (vErrors === null) {
                vErrors = [err80];
              } else {
                vErrors.push(err80);
              }
              errors++;
            }
          } else {
            const err81 = { instancePath: instancePath + "/guards/maxDroppedShare", schemaPath: "#/$defs/guards/properties/maxDroppedShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema70.properties.maxDroppedShare.type, parentSchema: schema70.properties.maxDroppedShare, data: data26 };
            if (vErrors === null) {
              vErrors = [err81];
            } else {
              vErrors.push(err81);
            }
            errors++;
          }
        }
        if (data24.maxChangedShare !== void 0) {
          let data27 = data24.maxChangedShare;
          if (typeof data27 == "number" && isFinite(data27)) {
            if (data27 > 1 || isNaN(data27)) {
              const err82 = { instancePath: instancePath + "/guards/maxChangedShare", schemaPath: "#/$defs/guards/properties/maxChangedShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema70.properties.maxChangedShare, data: data27 };
              if (vErrors === null) {
                vErrors = [err82];
              } else {
                vErrors.push(err82);
              }
              errors++;
            }
            if (data27 < 0 || isNaN(data27)) {
              const err83 = { instancePath: instancePath + "/guards/maxChangedShare", schemaPath: "#/$defs/guards/properties/maxChangedShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema70.properties.maxChangedShare, data: data27 };
              if (vErrors === null) {
                vErrors = [err83];
              } else {
                vErrors.push(err83);
              }
              errors++;
            }
          } else {
            const err84 = { instancePath: instancePath + "/guards/maxChangedShare", schemaPath: "#/$defs/guards/properties/maxChangedShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema70.properties.maxChangedShare.type, parentSchema: schema70.properties.maxChangedShare, data: data27 };
            if (vErrors === null) {
              vErrors = [err84];
            } else {
              vErrors.push(err84);
            }
            errors++;
          }
        }
        if (data24.unknownVolume !== void 0) {
          let data28 = data24.unknownVolume;
          if (!(data28 === "refuse" || data28 === "warn")) {
            const err85 = { instancePath: instancePath + "/guards/unknownVolume", schemaPath: "#/$defs/guards/properties/unknownVolume/enum", keyword: "enum", params: { allowedValues: schema70.properties.unknownVolume.enum }, message: "must be equal to one of the allowed values", schema: schema70.properties.unknownVolume.enum, parentSchema: schema70.properties.unknownVolume, data: data28 };
            if (vErrors === null) {
              vErrors = [err85];
            } else {
              vErrors.push(err85);
            }
            errors++;
          }
        }
      } else {
        const err86 = { instancePath: instancePath + "/guards", schemaPath: "#/$defs/guards/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema70.type, parentSchema: schema70, data: data24 };
        if (vErrors === null) {
          vErrors = [err86];
        } else {
          vErrors.push(err86);
        }
        errors++;
      }
    }
    if (data.filters !== void 0) {
      let data29 = data.filters;
      if (data29 && typeof data29 == "object" && !Array.isArray(data29)) {
        for (const key14 in data29) {
          if (!(key14 === "actionOrder")) {
            const err87 = { instancePath: instancePath + "/filters", schemaPath: "#/properties/filters/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key14 }, message: "must NOT have additional properties", schema: false, parentSchema: schema63.properties.filters, data: data29 };
            if (vErrors === null) {
              vErrors = [err87];
            } else {
              vErrors.push(err87);
            }
            errors++;
          }
        }
        if (data29.actionOrder !== void 0) {
          let data30 = data29.actionOrder;
          if (!(data30 === "docs" || data30 === "openapi")) {
            const err88 = { instancePath: instancePath + "/filters/actionOrder", schemaPath: "#/properties/filters/properties/actionOrder/enum", keyword: "enum", params: { allowedValues: schema63.properties.filters.properties.actionOrder.enum }, message: "must be equal to one of the allowed values", schema: schema63.properties.filters.properties.actionOrder.enum, parentSchema: schema63.properties.filters.properties.actionOrder, data: data30 };
            if (vErrors === null) {
              vErrors = [err88];
            } else {
              vErrors.push(err88);
            }
            errors++;
          }
        }
      } else {
        const err89 = { instancePath: instancePath + "/filters", schemaPath: "#/properties/filters/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema63.properties.filters.type, parentSchema: schema63.properties.filters, data: data29 };
        if (vErrors === null) {
          vErrors = [err89];
        } else {
          vErrors.push(err89);
        }
        errors++;
      }
    }
    if (data.prune !== void 0) {
      let data31 = data.prune;
      const _errs93 = errors;
      let valid30 = false;
      let passing3 = null;
      const _errs94 = errors;
      if (typeof data31 !== "boolean") {
        const err90 = { instancePath: instancePath + "/prune", schemaPath: "#/properties/prune/oneOf/0/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema63.properties.prune.oneOf[0].type, parentSchema: schema63.properties.prune.oneOf[0], data: data31 };
        if (vErrors === null) {
          vErrors = [err90];
        } else {
          vErrors.push(err90);
        }
        errors++;
      }
      var _valid3 = _errs94 === errors;
      if (_valid3) {
        valid30 = true;
        passing3 = 0;
      }
      const _errs96 = errors;
      if (!(data31 === "all" || data31 === "removed")) {
        const err91 = { instancePath: instancePath + "/prune", schemaPath: "#/properties/prune/oneOf/1/enum", keyword: "enum", params: { allowedValues: schema63.properties.prune.oneOf[1].enum }, message: "must be equal to one of the allowed values", schema: schema63.properties.prune.oneOf[1].enum, parentSchema: schema63.properties.prune.oneOf[1], data: data31 };
        if (vErrors === null) {
          vErrors = [err91];
        } else {
          vErrors.push(err91);
        }
        errors++;
      }
      var _valid3 = _errs96 === errors;
      if (_valid3 && valid30) {
        valid30 = false;
        passing3 = [passing3, 1];
      } else {
        if (_valid3) {
          valid30 = true;
          passing3 = 1;
        }
      }
      if (!valid30) {
        const err92 = { instancePath: instancePath + "/prune", schemaPath: "#/properties/prune/oneOf", keyword: "oneOf", params: { passingSchemas: passing3 }, message: "must match exactly one schema in oneOf", schema: schema63.properties.prune.oneOf, parentSchema: schema63.properties.prune, data: data31 };
        if (vErrors === null) {
          vErrors = [err92];
        } else {
          vErrors.push(err92);
        }
        errors++;
      } else {
        errors = _errs93;
        if (vErrors !== null) {
          if (_errs93) {
            vErrors.length = _errs93;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.freeze !== void 0) {
      let data32 = data.freeze;
      if (Array.isArray(data32)) {
        const len2 = data32.length;
        for (let i4 = 0; i4 < len2; i4++) {
          let data33 = data32[i4];
          if (data33 && typeof data33 == "object" && !Array.isArray(data33)) {
            if (data33.name === void 0) {
              const err93 = { instancePath: instancePath + "/freeze/" + i4, schemaPath: "#/$defs/freezeWindow/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema77.required, parentSchema: schema77, data: data33 };
              if (vErrors === null) {
                vErrors = [err93];
              } else {
                vErrors.push(err93);
              }
              errors++;
            }
            for (const key15 in data33) {
              if (!(key15 === "name" || key15 === "from" || key15 === "to" || key15 === "cron" || key15 === "duration" || key15 === "environments")) {
                const err94 = { instancePath: instancePath + "/freeze/" + i4, schemaPath: "#/$defs/freezeWindow/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key15 }, message: "must NOT have additional properties", schema: false, parentSchema: schema77, data: data33 };
                if (vErrors === null) {
                  vErrors = [err94];
                } else {
                  vErrors.push(err94);
                }
                errors++;
              }
            }
            if (data33.name !== void 0) {
              let data34 = data33.name;
              if (typeof data34 === "string") {
                if (!pattern19.test(data34)) {
                  const err95 = { instancePath: instancePath + "/freeze/" + i4 + "/name", schemaPath: "#/$defs/freezeWindow/properties/name/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_. -]{0,63}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_. -]{0,63}$"', schema: "^[A-Za-z0-9][A-Za-z0-9_. -]{0,63}$", parentSchema: schema77.properties.name, data: data34 };
                  if (vErrors === null) {
                    vErrors = [err95];
                  } else {
                    vErrors.push(err95);
                  }
                  errors++;
                }
              } else {
                const err96 = { instancePath: instancePath + "/freeze/" + i4 + "/name", schemaPath: "#/$defs/freezeWindow/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema77.properties.name.type, parentSchema: schema77.properties.name, data: data34 };
                if (vErrors === null) {
                  vErrors = [err96];
                } else {
                  vErrors.push(err96);
                }
                errors++;
              }
            }
            if (data33.from !== void 0) {
              let data35 = data33.from;
              if (typeof data35 !== "string") {
                const err97 = { instancePath: instancePath + "/freeze/" + i4 + "/from", schemaPath: "#/$defs/freezeWindow/properties/from/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema77.properties.from.type, parentSchema: schema77.properties.from, data: data35 };
                if (vErrors === null) {
                  vErrors = [err97];
                } else {
                  vErrors.push(err97);
                }
                errors++;
              }
            }
            if (data33.to !== void 0) {
              let data36 = data33.to;
              if (typeof data36 !== "string") {
                const err98 = { instancePath: instancePath + "/freeze/" + i4 + "/to", schemaPath: "#/$defs/freezeWindow/properties/to/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema77.properties.to.type, parentSchema: schema77.properties.to, data: data36 };
                if (vErrors === null) {
                  vErrors = [err98];
                } else {
                  vErrors.push(err98);
                }
                errors++;
              }
            }
            if (data33.cron !== void 0) {
              let data37 = data33.cron;
              if (typeof data37 !== "string") {
                const err99 = { instancePath: instancePath + "/freeze/" + i4 + "/cron", schemaPath: "#/$defs/freezeWindow/properties/cron/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema77.properties.cron.type, parentSchema: schema77.properties.cron, data: data37 };
                if (vErrors === null) {
                  vErrors = [err99];
                } else {
                  vErrors.push(err99);
                }
                errors++;
              }
            }
            if (data33.duration !== void 0) {
              let data38 = data33.duration;
              if (typeof data38 !== "string") {
                const err100 = { instancePath: instancePath + "/freeze/" + i4 + "/duration", schemaPath: "#/$defs/freezeWindow/properties/duration/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema77.properties.duration.type, parentSchema: schema77.properties.duration, data: data38 };
                if (vErrors === null) {
                  vErrors = [err100];
                } else {
                  vErrors.push(err100);
                }
                errors++;
              }
            }
            if (data33.environments !== void 0) {
              let data39 = data33.environments;
              if (Array.isArray(data39)) {
                if (data39.length < 1) {
                  const err101 = { instancePath: instancePath + "/freeze/" + i4 + "/environments", schemaPath: "#/$defs/freezeWindow/properties/environments/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema77.properties.environments, data: data39 };
                  if (vErrors === null) {
                    vErrors = [err101];
                  } else {
                    vErrors.push(err101);
                  }
                  errors++;
                }
                const len3 = data39.length;
                for (let i5 = 0; i5 < len3; i5++) {
                  let data40 = data39[i5];
                  if (typeof data40 === "string") {
                    if (func2(data40) < 1) {
                      const err102 = { instancePath: instancePath + "/freeze/" + i4 + "/environments/" + i5, schemaPath: "#/$defs/freezeWindow/properties/environments/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema77.properties.environments.items, data: data40 };
                      if (vErrors === null) {
                        vErrors = [err102];
                      } else {
                        vErrors.push(err102);
                      }
                      errors++;
                    }
                  } else {
                    const err103 = { instancePath: instancePath + "/freeze/" + i4 + "/environments/" + i5, schemaPath: "#/$defs/freezeWindow/properties/environments/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema77.properties.environments.items.type, parentSchema: schema77.properties.environments.items, data: data40 };
                    if (vErrors === null) {
                      vErrors = [err103];
                    } else {
                      vErrors.push(err103);
                    }
                    errors++;
                  }
                }
                let i6 = data39.length;
                let j2;
                if (i6 > 1) {
                  const indices1 = {};
                  for (; i6--; ) {
                    let item1 = data39[i6];
                    if (typeof item1 !== "string") {
                      continue;
                    }
                    if (typeof indices1[item1] == "number") {
                      j2 = indices1[item1];
                      const err104 = { instancePath: instancePath + "/freeze/" + i4 + "/environments", schemaPath: "#/$defs/freezeWindow/properties/environments/uniqueItems", keyword: "uniqueItems", params: { i: i6, j: j2 }, message: "must NOT have duplicate items (items ## " + j2 + " and " + i6 + " are identical)", schema: true, parentSchema: schema77.properties.environments, data: data39 };
                      if (vErrors === null) {
                        vErrors = [err104];
                      } else {
                        vErrors.push(err104);
                      }
                      errors++;
                      break;
                    }
                    indices1[item1] = i6;
                  }
                }
              } else {
                const err105 = { instancePath: instancePath + "/freeze/" + i4 + "/environments", schemaPath: "#/$defs/freezeWindow/properties/environments/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema77.properties.environments.type, parentSchema: schema77.properties.environments, data: data39 };
                if (vErrors === null) {
                  vErrors = [err105];
                } else {
                  vErrors.push(err105);
                }
                errors++;
              }
            }
          } else {
            const err106 = { instancePath: instancePath + "/freeze/" + i4, schemaPath: "#/$defs/freezeWindow/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema77.type, parentSchema: schema77, data: data33 };
            if (vErrors === null) {
              vErrors = [err106];
            } else {
              vErrors.push(err106);
            }
            errors++;
          }
        }
      } else {
        const err107 = { instancePath: instancePath + "/freeze", schemaPath: "#/properties/freeze/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema63.properties.freeze.type, parentSchema: schema63.properties.freeze, data: data32 };
        if (vErrors === null) {
          vErrors = [err107];
        } else {
          vErrors.push(err107);
        }
        errors++;
      }
    }
    if (data.notify !== void 0) {
      let data41 = data.notify;
      if (Array.isArray(data41)) {
        if (data41.length > 20) {
          const err108 = { instancePath: instancePath + "/notify", schemaPath: "#/properties/notify/maxItems", keyword: "maxItems", params: { limit: 20 }, message: "must NOT have more than 20 items", schema: 20, parentSchema: schema63.properties.notify, data: data41 };
          if (vErrors === null) {
            vErrors = [err108];
          } else {
            vErrors.push(err108);
          }
          errors++;
        }
        const len4 = data41.length;
        for (let i7 = 0; i7 < len4; i7++) {
          let data42 = data41[i7];
          if (data42 && typeof data42 == "object" && !Array.isArray(data42)) {
            if (data42.name === void 0) {
              const err109 = { instancePath: instancePath + "/notify/" + i7, schemaPath: "#/$defs/notifyTarget/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema78.required, parentSchema: schema78, data: data42 };
              if (vErrors === null) {
                vErrors = [err109];
              } else {
                vErrors.push(err109);
              }
              errors++;
            }
            if (data42.type === void 0) {
              const err110 = { instancePath: instancePath + "/notify/" + i7, schemaPath: "#/$defs/notifyTarget/required", keyword: "required", params: { missingProperty: "type" }, message: "must have required property 'type'", schema: schema78.required, parentSchema: schema78, data: data42 };
              if (vErrors === null) {
                vErrors = [err110];
              } else {
                vErrors.push(err110);
              }
              errors++;
            }
            if (data42.urlEnv === void 0) {
              const err111 = { instancePath: instancePath + "/notify/" + i7, schemaPath: "#/$defs/notifyTarget/required", keyword: "required", params: { missingProperty: "urlEnv" }, message: "must have required property 'urlEnv'", schema: schema78.required, parentSchema: schema78, data: data42 };
              if (vErrors === null) {
                vErrors = [err111];
              } else {
                vErrors.push(err111);
              }
              errors++;
            }
            if (data42.events === void 0) {
              const err112 = { instancePath: instancePath + "/notify/" + i7, schemaPath: "#/$defs/notifyTarget/required", keyword: "required", params: { missingProperty: "events" }, message: "must have required property 'events'", schema: schema78.required, parentSchema: schema78, data: data42 };
              if (vErrors === null) {
                vErrors = [err112];
              } else {
                vErrors.push(err112);
              }
              errors++;
            }
            if (data42.environments === void 0) {
              const err113 = { instancePath: instancePath + "/notify/" + i7, schemaPath: "#/$defs/notifyTarget/required", keyword: "required", params: { missingProperty: "environments" }, message: "must have required property 'environments'", schema: schema78.required, parentSchema: schema78, data: data42 };
              if (vErrors === null) {
                vErrors = [err113];
              } else {
                vErrors.push(err113);
              }
              errors++;
            }
            for (const key16 in data42) {
              if (!(key16 === "name" || key16 === "type" || key16 === "urlEnv" || key16 === "secretEnv" || key16 === "events" || key16 === "environments")) {
                const err114 = { instancePath: instancePath + "/notify/" + i7, schemaPath: "#/$defs/notifyTarget/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key16 }, message: "must NOT have additional properties", schema: false, parentSchema: schema78, data: data42 };
                if (vErrors === null) {
                  vErrors = [err114];
                } else {
                  vErrors.push(err114);
                }
                errors++;
              }
            }
            if (data42.name !== void 0) {
              let data43 = data42.name;
              if (typeof data43 === "string") {
                if (!pattern20.test(data43)) {
                  const err115 = { instancePath: instancePath + "/notify/" + i7 + "/name", schemaPath: "#/$defs/notifyTarget/properties/name/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"', schema: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", parentSchema: schema78.properties.name, data: data43 };
                  if (vErrors === null) {
                    vErrors = [err115];
                  } else {
                    vErrors.push(err115);
                  }
                  errors++;
                }
              } else {
                const err116 = { instancePath: instancePath + "/notify/" + i7 + "/name", schemaPath: "#/$defs/notifyTarget/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema78.properties.name.type, parentSchema: schema78.properties.name, data: data43 };
                if (vErrors === null) {
                  vErrors = [err116];
                } else {
                  vErrors.push(err116);
                }
                errors++;
              }
            }
            if (data42.type !== void 0) {
              let data44 = data42.type;
              if (!(data44 === "slack" || data44 === "webhook")) {
                const err117 = { instancePath: instancePath + "/notify/" + i7 + "/type", schemaPath: "#/$defs/notifyTarget/properties/type/enum", keyword: "enum", params: { allowedValues: schema78.properties.type.enum }, message: "must be equal to one of the allowed values", schema: schema78.properties.type.enum, parentSchema: schema78.properties.type, data: data44 };
                if (vErrors === null) {
                  vErrors = [err117];
                } else {
                  vErrors.push(err117);
                }
                errors++;
              }
            }
            if (data42.urlEnv !== void 0) {
              let data45 = data42.urlEnv;
              if (typeof data45 === "string") {
                if (!pattern21.test(data45)) {
                  const err118 = { instancePath: instancePath + "/notify/" + i7 + "/urlEnv", schemaPath: "#/$defs/notifyTarget/properties/urlEnv/pattern", keyword: "pattern", params: { pattern: "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$" }, message: 'must match pattern "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$"', schema: "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$", parentSchema: schema78.properties.urlEnv, data: data45 };
                  if (vErrors === null) {
                    vErrors = [err118];
                  } else {
                    vErrors.push(err118);
                  }
                  errors++;
                }
              } else {
                const err119 = { instancePath: instancePath + "/notify/" + i7 + "/urlEnv", schemaPath: "#/$defs/notifyTarget/properties/urlEnv/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema78.properties.urlEnv.type, parentSchema: schema78.properties.urlEnv, data: data45 };
                if (vErrors === null) {
                  vErrors = [err119];
                } else {
                  vErrors.push(err119);
                }
                errors++;
              }
            }
            if (data42.secretEnv !== void 0) {
              let data46 = data42.secretEnv;
              if (typeof data46 === "string") {
                if (!pattern21.test(data46)) {
                  const err120 = { instancePath: instancePath + "/notify/" + i7 + "/secretEnv", schemaPath: "#/$defs/notifyTarget/properties/secretEnv/pattern", keyword: "pattern", params: { pattern: "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$" }, message: 'must match pattern "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$"', schema: "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$", parentSchema: schema78.properties.secretEnv, data: data46 };
                  if (vErrors === null) {
                    vErrors = [err120];
                  } else {
                    vErrors.push(err120);
                  }
                  errors++;
                }
              } else {
                const err121 = { instancePath: instancePath + "/notify/" + i7 + "/secretEnv", schemaPath: "#/$defs/notifyTarget/properties/secretEnv/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema78.properties.secretEnv.type, parentSchema: schema78.properties.secretEnv, data: data46 };
                if (vErrors === null) {
                  vErrors = [err121];
                } else {
                  vErrors.push(err121);
                }
                errors++;
              }
            }
            if (data42.events !== void 0) {
              let data47 = data42.events;
              if (Array.isArray(data47)) {
                if (data47.length < 1) {
                  const err122 = { instancePath: instancePath + "/notify/" + i7 + "/events", schemaPath: "#/$defs/notifyTarget/properties/events/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema78.properties.events, data: data47 };
                  if (vErrors === null) {
                    vErrors = [err122];
                  } else {
                    vErrors.push(err122);
                  }
                  errors++;
                }
                const len5 = data47.length;
                for (let i8 = 0; i8 < len5; i8++) {
                  let data48 = data47[i8];
                  if (!(data48 === "drift" || data48 === "apply" || data48 === "apply-failed" || data48 === "reconcile-failed")) {
                    const err123 = { instancePath: instancePath + "/notify/" + i7 + "/events/" + i8, schemaPath: "#/$defs/notifyTarget/properties/events/items/enum", keyword: "enum", params: { allowedValues: schema78.properties.events.items.enum }, message: "must be equal to one of the allowed values", schema: schema78.properties.events.items.enum, parentSchema: schema78.properties.events.items, data: data48 };
                    if (vErrors === null) {
                      vErrors = [err123];
                    } else {
                      vErrors.push(err123);
                    }
                    errors++;
                  }
                }
                let i9 = data47.length;
                let j3;
                if (i9 > 1) {
                  outer1: for (; i9--; ) {
                    for (j3 = i9; j3--; ) {
                      if (func0(data47[i9], data47[j3])) {
                        const err124 = { instancePath: instancePath + "/notify/" + i7 + "/events", schemaPath: "#/$defs/notifyTarget/properties/events/uniqueItems", keyword: "uniqueItems", params: { i: i9, j: j3 }, message: "must NOT have duplicate items (items ## " + j3 + " and " + i9 + " are identical)", schema: true, parentSchema: schema78.properties.events, data: data47 };
                        if (vErrors === null) {
                          vErrors = [err124];
                        } else {
                          vErrors.push(err124);
                        }
                        errors++;
                        break outer1;
                      }
                    }
                  }
                }
              } else {
                const err125 = { instancePath: instancePath + "/notify/" + i7 + "/events", schemaPath: "#/$defs/notifyTarget/properties/events/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema78.properties.events.type, parentSchema: schema78.properties.events, data: data47 };
                if (vErrors === null) {
                  vErrors = [err125];
                } else {
                  vErrors.push(err125);
                }
                errors++;
              }
            }
            if (data42.environments !== void 0) {
              let data49 = data42.environments;
              if (Array.isArray(data49)) {
                if (data49.length < 1) {
                  const err126 = { instancePath: instancePath + "/notify/" + i7 + "/environments", schemaPath: "#/$defs/notifyTarget/properties/environments/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema78.properties.environments, data: data49 };
                  if (vErrors === null) {
                    vErrors = [err126];
                  } else {
                    vErrors.push(err126);
                  }
                  errors++;
                }
                const len6 = data49.length;
                for (let i10 = 0; i10 < len6; i10++) {
                  let data50 = data49[i10];
                  if (typeof data50 === "string") {
                    if (func2(data50) < 1) {
                      const err127 = { instancePath: instancePath + "/notify/" + i7 + "/environments/" + i10, schemaPath: "#/$defs/notifyTarget/properties/environments/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema78.properties.environments.items, data: data50 };
                      if (vErrors === null) {
                        vErrors = [err127];
                      } else {
                        vErrors.push(err127);
                      }
                      errors++;
                    }
                  } else {
                    const err128 = { instancePath: instancePath + "/notify/" + i7 + "/environments/" + i10, schemaPath: "#/$defs/notifyTarget/properties/environments/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema78.properties.environments.items.type, parentSchema: schema78.properties.environments.items, data: data50 };
                    if (vErrors === null) {
                      vErrors = [err128];
                    } else {
                      vErrors.push(err128);
                    }
                    errors++;
                  }
                }
                let i11 = data49.length;
                let j4;
                if (i11 > 1) {
                  const indices2 = {};
                  for (; i11--; ) {
                    let item2 = data49[i11];
                    if (typeof item2 !== "string") {
                      continue;
                    }
                    if (typeof indices2[item2] == "number") {
                      j4 = indices2[item2];
                      const err129 = { instancePath: instancePath + "/notify/" + i7 + "/environments", schemaPath: "#/$defs/notifyTarget/properties/environments/uniqueItems", keyword: "uniqueItems", params: { i: i11, j: j4 }, message: "must NOT have duplicate items (items ## " + j4 + " and " + i11 + " are identical)", schema: true, parentSchema: schema78.properties.environments, data: data49 };
                      if (vErrors === null) {
                        vErrors = [err129];
                      } else {
                        vErrors.push(err129);
                      }
                      errors++;
                      break;
                    }
                    indices2[item2] = i11;
                  }
                }
              } else {
                const err130 = { instancePath: instancePath + "/notify/" + i7 + "/environments", schemaPath: "#/$defs/notifyTarget/properties/environments/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema78.properties.environments.type, parentSchema: schema78.properties.environments, data: data49 };
                if (vErrors === null) {
                  vErrors = [err130];
                } else {
                  vErrors.push(err130);
                }
                errors++;
              }
            }
          } else {
            const err131 = { instancePath: instancePath + "/notify/" + i7, schemaPath: "#/$defs/notifyTarget/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema78.type, parentSchema: schema78, data: data42 };
            if (vErrors === null) {
              vErrors = [err131];
            } else {
              vErrors.push(err131);
            }
            errors++;
          }
        }
      } else {
        const err132 = { instancePath: instancePath + "/notify", schemaPath: "#/properties/notify/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema63.properties.notify.type, parentSchema: schema63.properties.notify, data: data41 };
        if (vErrors === null) {
          vErrors = [err132];
        } else {
          vErrors.push(err132);
        }
        errors++;
      }
    }
    if (data.drift !== void 0) {
      let data51 = data.drift;
      if (data51 && typeof data51 == "object" && !Array.isArray(data51)) {
        for (const key17 in data51) {
          if (!(key17 === "acknowledge")) {
            const err133 = { instancePath: instancePath + "/drift", schemaPath: "#/properties/drift/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key17 }, message: "must NOT have additional properties", schema: false, parentSchema: schema63.properties.drift, data: data51 };
            if (vErrors === null) {
              vErrors = [err133];
            } else {
              vErrors.push(err133);
            }
            errors++;
          }
        }
        if (data51.acknowledge !== void 0) {
          let data52 = data51.acknowledge;
          if (Array.isArray(data52)) {
            const len7 = data52.length;
            for (let i12 = 0; i12 < len7; i12++) {
              let data53 = data52[i12];
              if (data53 && typeof data53 == "object" && !Array.isArray(data53)) {
                if (data53.env === void 0) {
                  const err134 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/required", keyword: "required", params: { missingProperty: "env" }, message: "must have required property 'env'", schema: schema79.required, parentSchema: schema79, data: data53 };
                  if (vErrors === null) {
                    vErrors = [err134];
                  } else {
                    vErrors.push(err134);
                  }
                  errors++;
                }
                if (data53.name === void 0) {
                  const err135 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema79.required, parentSchema: schema79, data: data53 };
                  if (vErrors === null) {
                    vErrors = [err135];
                  } else {
                    vErrors.push(err135);
                  }
                  errors++;
                }
                if (data53.fields === void 0) {
                  const err136 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/required", keyword: "required", params: { missingProperty: "fields" }, message: "must have required property 'fields'", schema: schema79.required, parentSchema: schema79, data: data53 };
                  if (vErrors === null) {
                    vErrors = [err136];
                  } else {
                    vErrors.push(err136);
                  }
                  errors++;
                }
                if (data53.until === void 0) {
                  const err137 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/required", keyword: "required", params: { missingProperty: "until" }, message: "must have required property 'until'", schema: schema79.required, parentSchema: schema79, data: data53 };
                  if (vErrors === null) {
                    vErrors = [err137];
                  } else {
                    vErrors.push(err137);
                  }
                  errors++;
                }
                if (data53.reason === void 0) {
                  const err138 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'", schema: schema79.required, parentSchema: schema79, data: data53 };
                  if (vErrors === null) {
                    vErrors = [err138];
                  } else {
                    vErrors.push(err138);
                  }
                  errors++;
                }
                if (data53.owner === void 0) {
                  const err139 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/required", keyword: "required", params: { missingProperty: "owner" }, message: "must have required property 'owner'", schema: schema79.required, parentSchema: schema79, data: data53 };
                  if (vErrors === null) {
                    vErrors = [err139];
                  } else {
                    vErrors.push(err139);
                  }
                  errors++;
                }
                for (const key18 in data53) {
                  if (!(key18 === "env" || key18 === "kind" || key18 === "name" || key18 === "fields" || key18 === "until" || key18 === "reason" || key18 === "owner")) {
                    const err140 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key18 }, message: "must NOT have additional properties", schema: false, parentSchema: schema79, data: data53 };
                    if (vErrors === null) {
                      vErrors = [err140];
                    } else {
                      vErrors.push(err140);
                    }
                    errors++;
                  }
                }
                if (data53.env !== void 0) {
                  let data54 = data53.env;
                  if (typeof data54 === "string") {
                    if (func2(data54) < 1) {
                      const err141 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/env", schemaPath: "#/$defs/acknowledgement/properties/env/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema79.properties.env, data: data54 };
                      if (vErrors === null) {
                        vErrors = [err141];
                      } else {
                        vErrors.push(err141);
                      }
                      errors++;
                    }
                  } else {
                    const err142 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/env", schemaPath: "#/$defs/acknowledgement/properties/env/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema79.properties.env.type, parentSchema: schema79.properties.env, data: data54 };
                    if (vErrors === null) {
                      vErrors = [err142];
                    } else {
                      vErrors.push(err142);
                    }
                    errors++;
                  }
                }
                if (data53.kind !== void 0) {
                  let data55 = data53.kind;
                  if (typeof data55 === "string") {
                    if (func2(data55) > 100) {
                      const err143 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/kind", schemaPath: "#/$defs/acknowledgement/properties/kind/maxLength", keyword: "maxLength", params: { limit: 100 }, message: "must NOT have more than 100 characters", schema: 100, parentSchema: schema79.properties.kind, data: data55 };
                      if (vErrors === null) {
                        vErrors = [err143];
                      } else {
                        vErrors.push(err143);
                      }
                      errors++;
                    }
                    if (func2(data55) < 1) {
                      const err144 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/kind", schemaPath: "#/$defs/acknowledgement/properties/kind/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema79.properties.kind, data: data55 };
                      if (vErrors === null) {
                        vErrors = [err144];
                      } else {
                        vErrors.push(err144);
                      }
                      errors++;
                    }
                  } else {
                    const err145 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/kind", schemaPath: "#/$defs/acknowledgement/properties/kind/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema79.properties.kind.type, parentSchema: schema79.properties.kind, data: data55 };
                    if (vErrors === null) {
                      vErrors = [err145];
                    } else {
                      vErrors.push(err145);
                    }
                    errors++;
                  }
                }
                if (data53.name !== void 0) {
                  let data56 = data53.name;
                  if (typeof data56 === "string") {
                    if (func2(data56) > 255) {
                      const err146 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/name", schemaPath: "#/$defs/acknowledgement/properties/name/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema79.properties.name, data: data56 };
                      if (vErrors === null) {
                        vErrors = [err146];
                      } else {
                        vErrors.push(err146);
                      }
                      errors++;
                    }
                    if (func2(data56) < 1) {
                      const err147 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/name", schemaPath: "#/$defs/acknowledgement/properties/name/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema79.properties.name, data: data56 };
                      if (vErrors === null) {
                        vErrors = [err147];
                      } else {
                        vErrors.push(err147);
                      }
                      errors++;
                    }
                  } else {
                    const err148 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/name", schemaPath: "#/$defs/acknowledgement/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema79.properties.name.type, parentSchema: schema79.properties.name, data: data56 };
                    if (vErrors === null) {
                      vErrors = [err148];
                    } else {
                      vErrors.push(err148);
                    }
                    errors++;
                  }
                }
                if (data53.fields !== void 0) {
                  let data57 = data53.fields;
                  if (Array.isArray(data57)) {
                    if (data57.length < 1) {
                      const err149 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/fields", schemaPath: "#/$defs/acknowledgement/properties/fields/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema79.properties.fields, data: data57 };
                      if (vErrors === null) {
                        vErrors = [err149];
                      } else {
                        vErrors.push(err149);
                      }
                      errors++;
                    }
                    const len8 = data57.length;
                    for (let i13 = 0; i13 < len8; i13++) {
                      let data58 = data57[i13];
                      if (typeof data58 === "string") {
                        if (func2(data58) > 100) {
                          const err150 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/fields/" + i13, schemaPath: "#/$defs/acknowledgement/properties/fields/items/maxLength", keyword: "maxLength", params: { limit: 100 }, message: "must NOT have more than 100 characters", schema: 100, parentSchema: schema79.properties.fields.items, data: data58 };
                          if (vErrors === null) {
                            vErrors = [err150];
                          } else {
                            vErrors.push(err150);
                          }
                          errors++;
                        }
                        if (func2(data58) < 1) {
                          const err151 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/fields/" + i13, schemaPath: "#/$defs/acknowledgement/properties/fields/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema79.properties.fields.items, data: data58 };
                          if (vErrors === null) {
                            vErrors = [err151];
                          } else {
                            vErrors.push(err151);
                          }
                          errors++;
                        }
                      } else {
                        const err152 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/fields/" + i13, schemaPath: "#/$defs/acknowledgement/properties/fields/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema79.properties.fields.items.type, parentSchema: schema79.properties.fields.items, data: data58 };
                        if (vErrors === null) {
                          vErrors = [err152];
                        } else {
                          vErrors.push(err152);
                        }
                        errors++;
                      }
                    }
                    let i14 = data57.length;
                    let j5;
                    if (i14 > 1) {
                      const indices3 = {};
                      for (; i14--; ) {
                        let item3 = data57[i14];
                        if (typeof item3 !== "string") {
                          continue;
                        }
                        if (typeof indices3[item3] == "number") {
                          j5 = indices3[item3];
                          const err153 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/fields", schemaPath: "#/$defs/acknowledgement/properties/fields/uniqueItems", keyword: "uniqueItems", params: { i: i14, j: j5 }, message: "must NOT have duplicate items (items ## " + j5 + " and " + i14 + " are identical)", schema: true, parentSchema: schema79.properties.fields, data: data57 };
                          if (vErrors === null) {
                            vErrors = [err153];
                          } else {
                            vErrors.push(err153);
                          }
                          errors++;
                          break;
                        }
                        indices3[item3] = i14;
                      }
                    }
                  } else {
                    const err154 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/fields", schemaPath: "#/$defs/acknowledgement/properties/fields/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema79.properties.fields.type, parentSchema: schema79.properties.fields, data: data57 };
                    if (vErrors === null) {
                      vErrors = [err154];
                    } else {
                      vErrors.push(err154);
                    }
                    errors++;
                  }
                }
                if (data53.until !== void 0) {
                  let data59 = data53.until;
                  if (typeof data59 === "string") {
                    if (!pattern23.test(data59)) {
                      const err155 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/until", schemaPath: "#/$defs/acknowledgement/properties/until/pattern", keyword: "pattern", params: { pattern: "^\\d{4}-\\d{2}-\\d{2}$" }, message: 'must match pattern "^\\d{4}-\\d{2}-\\d{2}$"', schema: "^\\d{4}-\\d{2}-\\d{2}$", parentSchema: schema79.properties.until, data: data59 };
                      if (vErrors === null) {
                        vErrors = [err155];
                      } else {
                        vErrors.push(err155);
                      }
                      errors++;
                    }
                  } else {
                    const err156 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/until", schemaPath: "#/$defs/acknowledgement/properties/until/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema79.properties.until.type, parentSchema: schema79.properties.until, data: data59 };
                    if (vErrors === null) {
                      vErrors = [err156];
                    } else {
                      vErrors.push(err156);
                    }
                    errors++;
                  }
                }
                if (data53.reason !== void 0) {
                  let data60 = data53.reason;
                  if (typeof data60 === "string") {
                    if (func2(data60) > 1e3) {
                      const err157 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/reason", schemaPath: "#/$defs/acknowledgement/properties/reason/maxLength", keyword: "maxLength", params: { limit: 1e3 }, message: "must NOT have more than 1000 characters", schema: 1e3, parentSchema: schema79.properties.reason, data: data60 };
                      if (vErrors === null) {
                        vErrors = [err157];
                      } else {
                        vErrors.push(err157);
                      }
                      errors++;
                    }
                    if (func2(data60) < 1) {
                      const err158 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/reason", schemaPath: "#/$defs/acknowledgement/properties/reason/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema79.properties.reason, data: data60 };
                      if (vErrors === null) {
                        vErrors = [err158];
                      } else {
                        vErrors.push(err158);
                      }
                      errors++;
                    }
                  } else {
                    const err159 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/reason", schemaPath: "#/$defs/acknowledgement/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema79.properties.reason.type, parentSchema: schema79.properties.reason, data: data60 };
                    if (vErrors === null) {
                      vErrors = [err159];
                    } else {
                      vErrors.push(err159);
                    }
                    errors++;
                  }
                }
                if (data53.owner !== void 0) {
                  let data61 = data53.owner;
                  if (typeof data61 === "string") {
                    if (func2(data61) > 255) {
                      const err160 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/owner", schemaPath: "#/$defs/acknowledgement/properties/owner/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema79.properties.owner, data: data61 };
                      if (vErrors === null) {
                        vErrors = [err160];
                      } else {
                        vErrors.push(err160);
                      }
                      errors++;
                    }
                    if (func2(data61) < 1) {
                      const err161 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/owner", schemaPath: "#/$defs/acknowledgement/properties/owner/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema79.properties.owner, data: data61 };
                      if (vErrors === null) {
                        vErrors = [err161];
                      } else {
                        vErrors.push(err161);
                      }
                      errors++;
                    }
                  } else {
                    const err162 = { instancePath: instancePath + "/drift/acknowledge/" + i12 + "/owner", schemaPath: "#/$defs/acknowledgement/properties/owner/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema79.properties.owner.type, parentSchema: schema79.properties.owner, data: data61 };
                    if (vErrors === null) {
                      vErrors = [err162];
                    } else {
                      vErrors.push(err162);
                    }
                    errors++;
                  }
                }
              } else {
                const err163 = { instancePath: instancePath + "/drift/acknowledge/" + i12, schemaPath: "#/$defs/acknowledgement/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema79.type, parentSchema: schema79, data: data53 };
                if (vErrors === null) {
                  vErrors = [err163];
                } else {
                  vErrors.push(err163);
                }
                errors++;
              }
            }
          } else {
            const err164 = { instancePath: instancePath + "/drift/acknowledge", schemaPath: "#/properties/drift/properties/acknowledge/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema63.properties.drift.properties.acknowledge.type, parentSchema: schema63.properties.drift.properties.acknowledge, data: data52 };
            if (vErrors === null) {
              vErrors = [err164];
            } else {
              vErrors.push(err164);
            }
            errors++;
          }
        }
      } else {
        const err165 = { instancePath: instancePath + "/drift", schemaPath: "#/properties/drift/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema63.properties.drift.type, parentSchema: schema63.properties.drift, data: data51 };
        if (vErrors === null) {
          vErrors = [err165];
        } else {
          vErrors.push(err165);
        }
        errors++;
      }
    }
  } else {
    const err166 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema63.type, parentSchema: schema63, data };
    if (vErrors === null) {
      vErrors = [err166];
    } else {
      vErrors.push(err166);
    }
    errors++;
  }
  validate36.errors = vErrors;
  return errors === 0;
}
validate36.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var transformationTestCode = validate41;
var schema80 = { "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://transync.dev/schemas/transformation-test.schema.json", "title": "transync test file (TransformationTest)", "description": "Cases for `transync test`: sample events, the source (and destination) they come from, and what the desired Transformations must make of them. Unknown keys anywhere are errors, so a misspelt expectation never passes silently.", "type": "object", "additionalProperties": false, "required": ["apiVersion", "kind", "cases"], "properties": { "apiVersion": { "const": "transync/v1", "description": "Version of the test file format. This version of transync knows `transync/v1`.", "examples": ["transync/v1"] }, "kind": { "const": "TransformationTest", "description": "Always `TransformationTest`.", "examples": ["TransformationTest"] }, "cases": { "type": "array", "minItems": 1, "maxItems": 1e4, "items": { "$ref": "#/$defs/case" }, "description": "The cases of this file, run in order.", "examples": [[{ "name": "Order Completed becomes Order Placed", "source": "web", "event": { "type": "track", "event": "Order Completed" }, "expect": { "contains": { "event": "Order Placed" } } }]] } }, "$defs": { "case": { "type": "object", "additionalProperties": false, "required": ["name", "source", "event", "expect"], "description": "One sample event and what must come out of it.", "properties": { "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Name of the case, unique in its file; reports show it.", "examples": ["Order Completed becomes Order Placed"] }, "source": { "oneOf": [{ "type": "string", "minLength": 1, "maxLength": 255 }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Source the event comes from: a source id, a source alias of the environment (`--env`, else defaultEnvironment), or `{ slug: SLUG }`, matched as written (a document's `{ slug: SLUG }`, or an alias standing for it), as `transync simulate --source` does.", "examples": ["web", "qQEHquLrjRDN9j1ByrChyn", { "slug": "web" }] }, "destination": { "oneOf": [{ "type": "string", "minLength": 1, "maxLength": 255 }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Destination metadata id, a destination alias of transync.yaml, or `{ slug: SLUG }` (matched as written): the Transformations scoped to it apply after the source-scoped ones. An alias of transync.yaml's `connections:` (a destination instance) runs the whole pipeline: source-scoped Transformations, that instance's enabled Destination Filters, then the Transformations scoped to its type (docs/simulator.md, \"The whole pipeline\"). Absent: source-scoped Transformations only.", "examples": ["547610a5db31d978f14a5c4e", { "slug": "amplitude" }] }, "event": { "type": "object", "description": "The input event (a mapping, as Segment receives it).", "examples": [{ "type": "track", "event": "Order Completed", "properties": { "total": 10 } }] }, "expect": { "$ref": "#/$defs/expect" } }, "examples": [{ "name": "Debug events are dropped", "source": "web", "event": { "type": "track", "event": "Debug ping" }, "expect": { "dropped": true } }] }, "expect": { "type": "object", "additionalProperties": false, "minProperties": 1, "description": "What must come out: one or more of event, contains, absent, dropped, matched, stoppedBy, sampled; every one given must hold.", "properties": { "event": { "type": "object", "description": "The whole output event: it must be equal to this (key order does not matter). A value `{ hashed: <algorithm>-<encoding> }` (e.g. `{ hashed: sha256-hex }`, the document's algorithm and encoding) matches any digest of that shape that differs from the input's value (docs/simulator.md, \"Tests without secrets\").", "examples": [{ "type": "track", "event": "Order Placed", "properties": { "revenue": 10 } }] }, "contains": { "type": "object", "description": "A deep partial match: every key given must be in the output with a matching value (mappings match partially, lists element by element with the same length, anything else by equality). A value `{ hashed: <algorithm>-<encoding> }` (e.g. `{ hashed: sha256-hex }`) matches any digest of the document's algorithm and encoding that differs from the input's value: it holds with the real hash key or, when its TRANSYNC_KEY_* variable is unset, with transync's public test key.", "examples": [{ "properties": { "revenue": 10 } }, { "traits": { "email": { "hashed": "sha256-hex" } } }] }, "absent": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1 }, "description": "Paths that must be missing from the output: dotted, `\\` escaping any character, as transformations write them (`properties.a\\.b`); a whole number indexes a list.", "examples": [["properties.total", "context.ip"]] }, "dropped": { "type": "boolean", "description": "Whether the event must be dropped (true) or must come out (false).", "examples": [true, false] }, "matched": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "Names of the Transformations that must apply to the event, exactly these, in the order they apply ([]: none).", "examples": [["Rename Order Completed"]] }, "stoppedBy": { "type": "string", "minLength": 1, "description": "The Destination Filter (or Transformation) that must stop the event: drop it, sample it out, or fail its if (a case whose destination is an alias of `connections:`).", "examples": ["Drop internal users"] }, "sampled": { "type": "boolean", "description": "Whether a SAMPLE action with `path` must keep the event (true) or leave it out (false): only for an instance whose enabled filters' SAMPLE actions all have a `path` (without one Segment picks at random, and the simulator reports the keep probability instead).", "examples": [true, false] } }, "examples": [{ "contains": { "event": "Order Placed" }, "absent": ["properties.total"], "matched": ["Rename Order Completed"] }] } }, "examples": [{ "apiVersion": "transync/v1", "kind": "TransformationTest", "cases": [{ "name": "Order Completed becomes Order Placed", "source": "web", "event": { "type": "track", "event": "Order Completed", "properties": { "total": 10 } }, "expect": { "event": { "type": "track", "event": "Order Placed", "properties": { "revenue": 10 } }, "matched": ["Rename Order Completed"] } }] }] };
var schema81 = { "type": "object", "additionalProperties": false, "required": ["name", "source", "event", "expect"], "description": "One sample event and what must come out of it.", "properties": { "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Name of the case, unique in its file; reports show it.", "examples": ["Order Completed becomes Order Placed"] }, "source": { "oneOf": [{ "type": "string", "minLength": 1, "maxLength": 255 }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Source the event comes from: a source id, a source alias of the environment (`--env`, else defaultEnvironment), or `{ slug: SLUG }`, matched as written (a document's `{ slug: SLUG }`, or an alias standing for it), as `transync simulate --source` does.", "examples": ["web", "qQEHquLrjRDN9j1ByrChyn", { "slug": "web" }] }, "destination": { "oneOf": [{ "type": "string", "minLength": 1, "maxLength": 255 }, { "$ref": "defs.schema.json#/$defs/slugRef" }], "description": "Destination metadata id, a destination alias of transync.yaml, or `{ slug: SLUG }` (matched as written): the Transformations scoped to it apply after the source-scoped ones. An alias of transync.yaml's `connections:` (a destination instance) runs the whole pipeline: source-scoped Transformations, that instance's enabled Destination Filters, then the Transformations scoped to its type (docs/simulator.md, \"The whole pipeline\"). Absent: source-scoped Transformations only.", "examples": ["547610a5db31d978f14a5c4e", { "slug": "amplitude" }] }, "event": { "type": "object", "description": "The input event (a mapping, as Segment receives it).", "examples": [{ "type": "track", "event": "Order Completed", "properties": { "total": 10 } }] }, "expect": { "$ref": "#/$defs/expect" } }, "examples": [{ "name": "Debug events are dropped", "source": "web", "event": { "type": "track", "event": "Debug ping" }, "expect": { "dropped": true } }] };
var schema84 = { "type": "object", "additionalProperties": false, "minProperties": 1, "description": "What must come out: one or more of event, contains, absent, dropped, matched, stoppedBy, sampled; every one given must hold.", "properties": { "event": { "type": "object", "description": "The whole output event: it must be equal to this (key order does not matter). A value `{ hashed: <algorithm>-<encoding> }` (e.g. `{ hashed: sha256-hex }`, the document's algorithm and encoding) matches any digest of that shape that differs from the input's value (docs/simulator.md, \"Tests without secrets\").", "examples": [{ "type": "track", "event": "Order Placed", "properties": { "revenue": 10 } }] }, "contains": { "type": "object", "description": "A deep partial match: every key given must be in the output with a matching value (mappings match partially, lists element by element with the same length, anything else by equality). A value `{ hashed: <algorithm>-<encoding> }` (e.g. `{ hashed: sha256-hex }`) matches any digest of the document's algorithm and encoding that differs from the input's value: it holds with the real hash key or, when its TRANSYNC_KEY_* variable is unset, with transync's public test key.", "examples": [{ "properties": { "revenue": 10 } }, { "traits": { "email": { "hashed": "sha256-hex" } } }] }, "absent": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string", "minLength": 1 }, "description": "Paths that must be missing from the output: dotted, `\\` escaping any character, as transformations write them (`properties.a\\.b`); a whole number indexes a list.", "examples": [["properties.total", "context.ip"]] }, "dropped": { "type": "boolean", "description": "Whether the event must be dropped (true) or must come out (false).", "examples": [true, false] }, "matched": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "Names of the Transformations that must apply to the event, exactly these, in the order they apply ([]: none).", "examples": [["Rename Order Completed"]] }, "stoppedBy": { "type": "string", "minLength": 1, "description": "The Destination Filter (or Transformation) that must stop the event: drop it, sample it out, or fail its if (a case whose destination is an alias of `connections:`).", "examples": ["Drop internal users"] }, "sampled": { "type": "boolean", "description": "Whether a SAMPLE action with `path` must keep the event (true) or leave it out (false): only for an instance whose enabled filters' SAMPLE actions all have a `path` (without one Segment picks at random, and the simulator reports the keep probability instead).", "examples": [true, false] } }, "examples": [{ "contains": { "event": "Order Placed" }, "absent": ["properties.total"], "matched": ["Rename Order Completed"] }] };
function validate42(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate42.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.name === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema81.required, parentSchema: schema81, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.source === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "source" }, message: "must have required property 'source'", schema: schema81.required, parentSchema: schema81, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.event === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "event" }, message: "must have required property 'event'", schema: schema81.required, parentSchema: schema81, data };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.expect === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "expect" }, message: "must have required property 'expect'", schema: schema81.required, parentSchema: schema81, data };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "name" || key0 === "source" || key0 === "destination" || key0 === "event" || key0 === "expect")) {
        const err4 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema81, data };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.name !== void 0) {
      let data0 = data.name;
      if (typeof data0 === "string") {
        if (func2(data0) > 255) {
          const err5 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema81.properties.name, data: data0 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (func2(data0) < 1) {
          const err6 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema81.properties.name, data: data0 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      } else {
        const err7 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema81.properties.name.type, parentSchema: schema81.properties.name, data: data0 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.source !== void 0) {
      let data1 = data.source;
      const _errs5 = errors;
      let valid1 = false;
      let passing0 = null;
      const _errs6 = errors;
      if (typeof data1 === "string") {
        if (func2(data1) > 255) {
          const err8 = { instancePath: instancePath + "/source", schemaPath: "#/properties/source/oneOf/0/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema81.properties.source.oneOf[0], data: data1 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
        if (func2(data1) < 1) {
          const err9 = { instancePath: instancePath + "/source", schemaPath: "#/properties/source/oneOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema81.properties.source.oneOf[0], data: data1 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      } else {
        const err10 = { instancePath: instancePath + "/source", schemaPath: "#/properties/source/oneOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema81.properties.source.oneOf[0].type, parentSchema: schema81.properties.source.oneOf[0], data: data1 };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      var _valid0 = _errs6 === errors;
      if (_valid0) {
        valid1 = true;
        passing0 = 0;
      }
      const _errs8 = errors;
      if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
        if (data1.slug === void 0) {
          const err11 = { instancePath: instancePath + "/source", schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data1 };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
        for (const key1 in data1) {
          if (!(key1 === "slug")) {
            const err12 = { instancePath: instancePath + "/source", schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data1 };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
        }
        if (data1.slug !== void 0) {
          let data2 = data1.slug;
          if (typeof data2 === "string") {
            if (func2(data2) > 255) {
              const err13 = { instancePath: instancePath + "/source/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data2 };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
            if (func2(data2) < 1) {
              const err14 = { instancePath: instancePath + "/source/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data2 };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
          } else {
            const err15 = { instancePath: instancePath + "/source/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data2 };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
        }
      } else {
        const err16 = { instancePath: instancePath + "/source", schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data1 };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
      var _valid0 = _errs8 === errors;
      if (_valid0 && valid1) {
        valid1 = false;
        passing0 = [passing0, 1];
      } else {
        if (_valid0) {
          valid1 = true;
          passing0 = 1;
        }
      }
      if (!valid1) {
        const err17 = { instancePath: instancePath + "/source", schemaPath: "#/properties/source/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf", schema: schema81.properties.source.oneOf, parentSchema: schema81.properties.source, data: data1 };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      } else {
        errors = _errs5;
        if (vErrors !== null) {
          if (_errs5) {
            vErrors.length = _errs5;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.destination !== void 0) {
      let data3 = data.destination;
      const _errs15 = errors;
      let valid4 = false;
      let passing1 = null;
      const _errs16 = errors;
      if (typeof data3 === "string") {
        if (func2(data3) > 255) {
          const err18 = { instancePath: instancePath + "/destination", schemaPath: "#/properties/destination/oneOf/0/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema81.properties.destination.oneOf[0], data: data3 };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
        if (func2(data3) < 1) {
          const err19 = { instancePath: instancePath + "/destination", schemaPath: "#/properties/destination/oneOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema81.properties.destination.oneOf[0], data: data3 };
          if (vErrors === null) {
            vErrors = [err19];
          } else {
            vErrors.push(err19);
          }
          errors++;
        }
      } else {
        const err20 = { instancePath: instancePath + "/destination", schemaPath: "#/properties/destination/oneOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema81.properties.destination.oneOf[0].type, parentSchema: schema81.properties.destination.oneOf[0], data: data3 };
        if (vErrors === null) {
          vErrors = [err20];
        } else {
          vErrors.push(err20);
        }
        errors++;
      }
      var _valid1 = _errs16 === errors;
      if (_valid1) {
        valid4 = true;
        passing1 = 0;
      }
      const _errs18 = errors;
      if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
        if (data3.slug === void 0) {
          const err21 = { instancePath: instancePath + "/destination", schemaPath: "defs.schema.json#/$defs/slugRef/required", keyword: "required", params: { missingProperty: "slug" }, message: "must have required property 'slug'", schema: schema35.required, parentSchema: schema35, data: data3 };
          if (vErrors === null) {
            vErrors = [err21];
          } else {
            vErrors.push(err21);
          }
          errors++;
        }
        for (const key2 in data3) {
          if (!(key2 === "slug")) {
            const err22 = { instancePath: instancePath + "/destination", schemaPath: "defs.schema.json#/$defs/slugRef/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties", schema: false, parentSchema: schema35, data: data3 };
            if (vErrors === null) {
              vErrors = [err22];
            } else {
              vErrors.push(err22);
            }
            errors++;
          }
        }
        if (data3.slug !== void 0) {
          let data4 = data3.slug;
          if (typeof data4 === "string") {
            if (func2(data4) > 255) {
              const err23 = { instancePath: instancePath + "/destination/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/maxLength", keyword: "maxLength", params: { limit: 255 }, message: "must NOT have more than 255 characters", schema: 255, parentSchema: schema35.properties.slug, data: data4 };
              if (vErrors === null) {
                vErrors = [err23];
              } else {
                vErrors.push(err23);
              }
              errors++;
            }
            if (func2(data4) < 1) {
              const err24 = { instancePath: instancePath + "/destination/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema35.properties.slug, data: data4 };
              if (vErrors === null) {
                vErrors = [err24];
              } else {
                vErrors.push(err24);
              }
              errors++;
            }
          } else {
            const err25 = { instancePath: instancePath + "/destination/slug", schemaPath: "defs.schema.json#/$defs/slugRef/properties/slug/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema35.properties.slug.type, parentSchema: schema35.properties.slug, data: data4 };
            if (vErrors === null) {
              vErrors = [err25];
            } else {
              vErrors.push(err25);
            }
            errors++;
          }
        }
      } else {
        const err26 = { instancePath: instancePath + "/destination", schemaPath: "defs.schema.json#/$defs/slugRef/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema35.type, parentSchema: schema35, data: data3 };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
      var _valid1 = _errs18 === errors;
      if (_valid1 && valid4) {
        valid4 = false;
        passing1 = [passing1, 1];
      } else {
        if (_valid1) {
          valid4 = true;
          passing1 = 1;
        }
      }
      if (!valid4) {
        const err27 = { instancePath: instancePath + "/destination", schemaPath: "#/properties/destination/oneOf", keyword: "oneOf", params: { passingSchemas: passing1 }, message: "must match exactly one schema in oneOf", schema: schema81.properties.destination.oneOf, parentSchema: schema81.properties.destination, data: data3 };
        if (vErrors === null) {
          vErrors = [err27];
        } else {
          vErrors.push(err27);
        }
        errors++;
      } else {
        errors = _errs15;
        if (vErrors !== null) {
          if (_errs15) {
            vErrors.length = _errs15;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.event !== void 0) {
      let data5 = data.event;
      if (!(data5 && typeof data5 == "object" && !Array.isArray(data5))) {
        const err28 = { instancePath: instancePath + "/event", schemaPath: "#/properties/event/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema81.properties.event.type, parentSchema: schema81.properties.event, data: data5 };
        if (vErrors === null) {
          vErrors = [err28];
        } else {
          vErrors.push(err28);
        }
        errors++;
      }
    }
    if (data.expect !== void 0) {
      let data6 = data.expect;
      if (data6 && typeof data6 == "object" && !Array.isArray(data6)) {
        if (Object.keys(data6).length < 1) {
          const err29 = { instancePath: instancePath + "/expect", schemaPath: "#/$defs/expect/minProperties", keyword: "minProperties", params: { limit: 1 }, message: "must NOT have fewer than 1 properties", schema: 1, parentSchema: schema84, data: data6 };
          if (vErrors === null) {
            vErrors = [err29];
          } else {
            vErrors.push(err29);
          }
          errors++;
        }
        for (const key3 in data6) {
          if (!(key3 === "event" || key3 === "contains" || key3 === "absent" || key3 === "dropped" || key3 === "matched" || key3 === "stoppedBy" || key3 === "sampled")) {
            const err30 = { instancePath: instancePath + "/expect", schemaPath: "#/$defs/expect/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema84, data: data6 };
            if (vErrors === null) {
              vErrors = [err30];
            } else {
              vErrors.push(err30);
            }
            errors++;
          }
        }
        if (data6.event !== void 0) {
          let data7 = data6.event;
          if (!(data7 && typeof data7 == "object" && !Array.isArray(data7))) {
            const err31 = { instancePath: instancePath + "/expect/event", schemaPath: "#/$defs/expect/properties/event/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema84.properties.event.type, parentSchema: schema84.properties.event, data: data7 };
            if (vErrors === null) {
              vErrors = [err31];
            } else {
              vErrors.push(err31);
            }
            errors++;
          }
        }
        if (data6.contains !== void 0) {
          let data8 = data6.contains;
          if (!(data8 && typeof data8 == "object" && !Array.isArray(data8))) {
            const err32 = { instancePath: instancePath + "/expect/contains", schemaPath: "#/$defs/expect/properties/contains/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema84.properties.contains.type, parentSchema: schema84.properties.contains, data: data8 };
            if (vErrors === null) {
              vErrors = [err32];
            } else {
              vErrors.push(err32);
            }
            errors++;
          }
        }
        if (data6.absent !== void 0) {
          let data9 = data6.absent;
          if (Array.isArray(data9)) {
            if (data9.length < 1) {
              const err33 = { instancePath: instancePath + "/expect/absent", schemaPath: "#/$defs/expect/properties/absent/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema84.properties.absent, data: data9 };
              if (vErrors === null) {
                vErrors = [err33];
              } else {
                vErrors.push(err33);
              }
              errors++;
            }
            const len0 = data9.length;
            for (let i0 = 0; i0 < len0; i0++) {
              let data10 = data9[i0];
              if (typeof data10 === "string") {
                if (func2(data10) < 1) {
                  const err34 = { instancePath: instancePath + "/expect/absent/" + i0, schemaPath: "#/$defs/expect/properties/absent/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema84.properties.absent.items, data: data10 };
                  if (vErrors === null) {
                    vErrors = [err34];
                  } else {
                    vErrors.push(err34);
                  }
                  errors++;
                }
              } else {
                const err35 = { instancePath: instancePath + "/expect/absent/" + i0, schemaPath: "#/$defs/expect/properties/absent/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema84.properties.absent.items.type, parentSchema: schema84.properties.absent.items, data: data10 };
                if (vErrors === null) {
                  vErrors = [err35];
                } else {
                  vErrors.push(err35);
                }
                errors++;
              }
            }
            let i1 = data9.length;
            let j0;
            if (i1 > 1) {
              const indices0 = {};
              for (; i1--; ) {
                let item0 = data9[i1];
                if (typeof item0 !== "string") {
                  continue;
                }
                if (typeof indices0[item0] == "number") {
                  j0 = indices0[item0];
                  const err36 = { instancePath: instancePath + "/expect/absent", schemaPath: "#/$defs/expect/properties/absent/uniqueItems", keyword: "uniqueItems", params: { i: i1, j: j0 }, message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)", schema: true, parentSchema: schema84.properties.absent, data: data9 };
                  if (vErrors === null) {
                    vErrors = [err36];
                  } else {
                    vErrors.push(err36);
                  }
                  errors++;
                  break;
                }
                indices0[item0] = i1;
              }
            }
          } else {
            const err37 = { instancePath: instancePath + "/expect/absent", schemaPath: "#/$defs/expect/properties/absent/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema84.properties.absent.type, parentSchema: schema84.properties.absent, data: data9 };
            if (vErrors === null) {
              vErrors = [err37];
            } else {
              vErrors.push(err37);
            }
            errors++;
          }
        }
        if (data6.dropped !== void 0) {
          let data11 = data6.dropped;
          if (typeof data11 !== "boolean") {
            const err38 = { instancePath: instancePath + "/expect/dropped", schemaPath: "#/$defs/expect/properties/dropped/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema84.properties.dropped.type, parentSchema: schema84.properties.dropped, data: data11 };
            if (vErrors === null) {
              vErrors = [err38];
            } else {
              vErrors.push(err38);
            }
            errors++;
          }
        }
        if (data6.matched !== void 0) {
          let data12 = data6.matched;
          if (Array.isArray(data12)) {
            const len1 = data12.length;
            for (let i2 = 0; i2 < len1; i2++) {
              let data13 = data12[i2];
              if (typeof data13 === "string") {
                if (func2(data13) < 1) {
                  const err39 = { instancePath: instancePath + "/expect/matched/" + i2, schemaPath: "#/$defs/expect/properties/matched/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema84.properties.matched.items, data: data13 };
                  if (vErrors === null) {
                    vErrors = [err39];
                  } else {
                    vErrors.push(err39);
                  }
                  errors++;
                }
              } else {
                const err40 = { instancePath: instancePath + "/expect/matched/" + i2, schemaPath: "#/$defs/expect/properties/matched/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema84.properties.matched.items.type, parentSchema: schema84.properties.matched.items, data: data13 };
                if (vErrors === null) {
                  vErrors = [err40];
                } else {
                  vErrors.push(err40);
                }
                errors++;
              }
            }
          } else {
            const err41 = { instancePath: instancePath + "/expect/matched", schemaPath: "#/$defs/expect/properties/matched/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema84.properties.matched.type, parentSchema: schema84.properties.matched, data: data12 };
            if (vErrors === null) {
              vErrors = [err41];
            } else {
              vErrors.push(err41);
            }
            errors++;
          }
        }
        if (data6.stoppedBy !== void 0) {
          let data14 = data6.stoppedBy;
          if (typeof data14 === "string") {
            if (func2(data14) < 1) {
              const err42 = { instancePath: instancePath + "/expect/stoppedBy", schemaPath: "#/$defs/expect/properties/stoppedBy/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema84.properties.stoppedBy, data: data14 };
              if (vErrors === null) {
                vErrors = [err42];
              } else {
                vErrors.push(err42);
              }
              errors++;
            }
          } else {
            const err43 = { instancePath: instancePath + "/expect/stoppedBy", schemaPath: "#/$defs/expect/properties/stoppedBy/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema84.properties.stoppedBy.type, parentSchema: schema84.properties.stoppedBy, data: data14 };
            if (vErrors === null) {
              vErrors = [err43];
            } else {
              vErrors.push(err43);
            }
            errors++;
          }
        }
        if (data6.sampled !== void 0) {
          let data15 = data6.sampled;
          if (typeof data15 !== "boolean") {
            const err44 = { instancePath: instancePath + "/expect/sampled", schemaPath: "#/$defs/expect/properties/sampled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema84.properties.sampled.type, parentSchema: schema84.properties.sampled, data: data15 };
            if (vErrors === null) {
              vErrors = [err44];
            } else {
              vErrors.push(err44);
            }
            errors++;
          }
        }
      } else {
        const err45 = { instancePath: instancePath + "/expect", schemaPath: "#/$defs/expect/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema84.type, parentSchema: schema84, data: data6 };
        if (vErrors === null) {
          vErrors = [err45];
        } else {
          vErrors.push(err45);
        }
        errors++;
      }
    }
  } else {
    const err46 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema81.type, parentSchema: schema81, data };
    if (vErrors === null) {
      vErrors = [err46];
    } else {
      vErrors.push(err46);
    }
    errors++;
  }
  validate42.errors = vErrors;
  return errors === 0;
}
validate42.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate41(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  ;
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate41.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.apiVersion === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "apiVersion" }, message: "must have required property 'apiVersion'", schema: schema80.required, parentSchema: schema80, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.kind === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "kind" }, message: "must have required property 'kind'", schema: schema80.required, parentSchema: schema80, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.cases === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "cases" }, message: "must have required property 'cases'", schema: schema80.required, parentSchema: schema80, data };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "apiVersion" || key0 === "kind" || key0 === "cases")) {
        const err3 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema80, data };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.apiVersion !== void 0) {
      let data0 = data.apiVersion;
      if ("transync/v1" !== data0) {
        const err4 = { instancePath: instancePath + "/apiVersion", schemaPath: "#/properties/apiVersion/const", keyword: "const", params: { allowedValue: "transync/v1" }, message: "must be equal to constant", schema: "transync/v1", parentSchema: schema80.properties.apiVersion, data: data0 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.kind !== void 0) {
      let data1 = data.kind;
      if ("TransformationTest" !== data1) {
        const err5 = { instancePath: instancePath + "/kind", schemaPath: "#/properties/kind/const", keyword: "const", params: { allowedValue: "TransformationTest" }, message: "must be equal to constant", schema: "TransformationTest", parentSchema: schema80.properties.kind, data: data1 };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.cases !== void 0) {
      let data2 = data.cases;
      if (Array.isArray(data2)) {
        if (data2.length > 1e4) {
          const err6 = { instancePath: instancePath + "/cases", schemaPath: "#/properties/cases/maxItems", keyword: "maxItems", params: { limit: 1e4 }, message: "must NOT have more than 10000 items", schema: 1e4, parentSchema: schema80.properties.cases, data: data2 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
        if (data2.length < 1) {
          const err7 = { instancePath: instancePath + "/cases", schemaPath: "#/properties/cases/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema80.properties.cases, data: data2 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        const len0 = data2.length;
        for (let i0 = 0; i0 < len0; i0++) {
          if (!validate42(data2[i0], { instancePath: instancePath + "/cases/" + i0, parentData: data2, parentDataProperty: i0, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err8 = { instancePath: instancePath + "/cases", schemaPath: "#/properties/cases/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema80.properties.cases.type, parentSchema: schema80.properties.cases, data: data2 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
  } else {
    const err9 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema80.type, parentSchema: schema80, data };
    if (vErrors === null) {
      vErrors = [err9];
    } else {
      vErrors.push(err9);
    }
    errors++;
  }
  validate41.errors = vErrors;
  return errors === 0;
}
validate41.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var transformation = transformationCode;
var project = projectCode;
var transformationTest = transformationTestCode;

// src/secrets/redact-cuts.ts
import { AsyncLocalStorage } from "node:async_hooks";
var runRedactor = new AsyncLocalStorage();
function beforeCut(text3) {
  const redact = runRedactor.getStore();
  return redact === void 0 ? text3 : redact(text3);
}
function shorten(text3, max, mark = "\u2026") {
  const safe = beforeCut(text3);
  return safe.length > max ? `${safe.slice(0, max)}${mark}` : safe;
}

// src/desired/schema-check.ts
var VALIDATORS = {
  "transformation.schema.json": transformation,
  "transync.schema.json": project,
  "transformation-test.schema.json": transformationTest
};
function validatorFor(name) {
  return VALIDATORS[name];
}
function checkSchema(name, value) {
  const validate = validatorFor(name);
  if (validate(value)) return [];
  return condense(validate.errors ?? []);
}
function condense(errors) {
  const unions = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf");
  const issues = [];
  const seen = /* @__PURE__ */ new Set();
  for (const error of errors) {
    if (unions.some((u) => u !== error && error.schemaPath.startsWith(`${u.schemaPath}/`))) continue;
    if (unions.includes(error) && errors.some((e) => e.instancePath.startsWith(`${error.instancePath}/`))) continue;
    if (error.keyword !== "propertyNames" && error.schemaPath.includes("/propertyNames/")) continue;
    const branches = unions.includes(error) ? errors.filter((e) => e.schemaPath.startsWith(`${error.schemaPath}/`)) : [];
    const issue3 = toIssue(error, branches);
    const key = issue3.path.join("\0");
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue3);
    }
  }
  return issues;
}
function pathOf(instancePath) {
  if (instancePath === "") return [];
  return instancePath.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
function toIssue(error, branches) {
  const path = pathOf(error.instancePath);
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return { path: [...path, String(params.missingProperty)], message: "required field is missing", atKey: false };
    case "additionalProperties": {
      const field = String(params.additionalProperty);
      return { path: [...path, field], message: unknownFieldMessage(field, error.parentSchema), atKey: true };
    }
    case "propertyNames":
      return {
        path: [...path, String(params.propertyName)],
        message: `invalid name "${String(params.propertyName)}": use letters, digits, "_", "." and "-"`,
        atKey: true
      };
    default:
      return { path, message: describeError(error, path, branches), atKey: false };
  }
}
function describeError(error, path, branches) {
  const params = error.params;
  const data = error.data;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case "type":
      return `expected ${withArticle(String(params.type))}, got ${describeValue(data)}`;
    case "const":
      return `must be ${JSON.stringify(params.allowedValue)} (got ${describeValue(data)})`;
    case "enum":
      return `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")} (got ${describeValue(data)})`;
    case "maxItems":
      return `at most ${limit} ${noun(path, limit)} (got ${data.length})`;
    case "minItems":
      return `at least ${limit} ${noun(path, limit)} (got ${data.length})`;
    case "minProperties":
      return `must not be empty; give at least one of ${Object.keys(error.parentSchema?.properties ?? {}).join(", ")}`;
    case "minLength":
      return limit === 1 ? "must not be empty" : `at least ${limit} characters (got ${String(data).length})`;
    case "maxLength":
      return `at most ${limit} characters (got ${String(data).length})`;
    case "uniqueItems":
      return `items ${String(params.j)} and ${String(params.i)} are the same; list each value once`;
    case "pattern":
      return patternMessage(String(params.pattern), data);
    case "format":
      return `must be a valid ${String(params.format)}`;
    case "oneOf":
    case "anyOf":
      return `expected ${orList(branches.flatMap(expectation))} (got ${describeValue(data)})`;
    default:
      return error.message ?? "is invalid";
  }
}
function patternMessage(pattern, data) {
  if (pattern === "^https?://") return "must start with http:// or https://";
  if (pattern === HASH_KEY_VARIABLE_PATTERN) return hashKeyVariableMessage(data);
  if (pattern === NOTIFY_VARIABLE_PATTERN) return notifyVariableMessage(data);
  return `does not have the expected form (${pattern})`;
}
function expectation(error) {
  const params = error.params;
  if (error.keyword === "type") return String(params.type) === "boolean" ? ["true", "false"] : [withArticle(String(params.type))];
  if (error.keyword === "enum") return params.allowedValues.map((v) => JSON.stringify(v));
  return [];
}
function orList(items) {
  return items.length <= 1 ? items[0] ?? "a valid value" : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
var NOUNS = {
  propertyValueTransformations: ["property", "properties"],
  fqlDefinedProperties: ["property", "properties"],
  propertyPaths: ["path", "paths"],
  paths: ["path", "paths"],
  sources: ["source", "sources"]
};
function noun(path, count) {
  const [one, many] = NOUNS[path.at(-1) ?? ""] ?? ["item", "items"];
  return count === 1 ? one : many;
}
function withArticle(type) {
  const words = {
    object: "a mapping",
    array: "a list",
    string: "a string",
    boolean: "true or false",
    integer: "a whole number",
    number: "a number",
    null: "null"
  };
  return type.split(",").map((t) => words[t] ?? t).join(" or ");
}
function describeValue(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value !== "string") return String(value);
  const safe = beforeCut(value);
  return safe.length > 60 ? `${JSON.stringify(safe.slice(0, 57))}...` : JSON.stringify(safe);
}
function unknownFieldMessage(field, parentSchema) {
  const known = Object.keys(parentSchema?.properties ?? {});
  const close = known.find((k) => boundedDistance(k.toLowerCase(), field.toLowerCase(), 2) <= 2);
  const hint = close ? `; did you mean "${close}"?` : known.length > 0 ? `; known fields: ${known.join(", ")}` : "";
  return `unknown field "${field}"${hint}`;
}

// src/errors.ts
var TransyncError = class extends Error {
  exitCode = 1;
  constructor(message, options) {
    super(message, options);
    this.name = new.target.name;
  }
};
var InternalError = class extends TransyncError {
};

// src/kinds/transformation/findings.ts
function findings() {
  const issues = [];
  return {
    issues,
    report(severity, rule, path, message, extra = {}) {
      issues.push({ severity, rule, path, message, ...extra });
    }
  };
}
var record = (value) => value && typeof value === "object" && !Array.isArray(value) ? value : {};
var records = (value) => Array.isArray(value) ? value.map(record) : [];
var strings = (value) => Array.isArray(value) ? value.map((v) => typeof v === "string" ? v : void 0) : [];
var nonEmpty = (value) => Array.isArray(value) ? value.length > 0 : value !== void 0 && value !== null;

// src/desired/lint-rules.ts
var LINT_RULES = {
  "same-scope": "cross-document: two documents of one source and destination transform the same event (Segment refuses the second)",
  "same-property": "cross-document: two enabled documents of one source and destination give one property a value for the same events",
  "filter-interaction": "cross-document: two enabled Destination Filters of one instance where one's `if` reads a path the other's property actions drop or keep",
  "fql-compare-type": "`<`, `<=`, `>`, `>=` with a string, boolean or null: never true",
  "new-event-name-track": "`newEventName` while `if` selects no track event",
  "duplicate-hash-path": "a hash path listed twice",
  "drop-ignores": "`drop: true` with other transforms, which Segment then ignores",
  "yaml-warning": "a YAML warning (an unresolved tag, a directive the reader does not know)",
  "empty-file": "a file with no document (no document can silence it)",
  "unused-lint-ignore": "a `lint.ignore` entry that silences nothing (cannot itself be silenced)"
};
var LINT_RULE_IDS = Object.keys(LINT_RULES);
function isLintRule(rule) {
  return Object.hasOwn(LINT_RULES, rule);
}
var UNSILENCEABLE = /* @__PURE__ */ new Set(["unused-lint-ignore"]);

// src/desired/lint.ts
var record2 = (value) => value && typeof value === "object" && !Array.isArray(value) ? value : void 0;
function documentLint(ydoc) {
  const entries = record2(record2(ydoc.value)?.lint)?.ignore;
  if (!Array.isArray(entries)) return void 0;
  const range = ydoc.doc.contents?.range;
  if (!range) return void 0;
  const ignores = [];
  entries.forEach((entry, index) => {
    const { rule, reason } = record2(entry) ?? {};
    if (typeof rule !== "string" || !isLintRule(rule) || typeof reason !== "string" || reason.trim() === "") return;
    const at = linePos(ydoc.lineCounter, offsetOf(lookupNode(ydoc.doc, ["lint", "ignore", index])));
    ignores.push({ rule, reason, index, at: { file: ydoc.file, ...at } });
  });
  const from = linePos(ydoc.lineCounter, range[0]);
  const to = linePos(ydoc.lineCounter, range[2]);
  return ignores.length > 0 ? { file: ydoc.file, from, to, ignores } : void 0;
}
function lintShapeIssues(lint) {
  const block = record2(lint);
  if (block === void 0) return [{ path: ["lint"], message: "must be a mapping: lint: { ignore: [{ rule, reason }] }" }];
  const unknown = Object.keys(block).filter((key) => key !== "ignore");
  if (unknown.length > 0) return [{ path: ["lint", unknown[0]], message: "unknown field; lint has ignore" }];
  if (!Array.isArray(block.ignore)) return [{ path: ["lint", "ignore"], message: "must be a list of { rule, reason }" }];
  return block.ignore.flatMap((entry, i) => entryIssues(entry, i));
}
function entryIssues(entry, i) {
  const fields = record2(entry);
  if (fields === void 0) return [{ path: ["lint", "ignore", i], message: "must be a mapping { rule, reason }" }];
  const issues = Object.keys(fields).filter((key) => key !== "rule" && key !== "reason").map((key) => ({ path: ["lint", "ignore", i, key], message: "unknown field; an entry has rule and reason" }));
  for (const [key, max] of [
    ["rule", 100],
    ["reason", 1e3]
  ]) {
    const value = fields[key];
    if (typeof value !== "string" || value === "" || value.length > max)
      issues.push({ path: ["lint", "ignore", i, key], message: `${key} is required: a text of 1 to ${max} characters` });
  }
  return issues;
}
function lintIgnores(doc, reporter) {
  const entries = record2(doc.lint)?.ignore;
  if (!Array.isArray(entries)) return;
  entries.forEach((entry, i) => {
    const { rule, reason } = record2(entry) ?? {};
    if (typeof reason === "string" && reason !== "" && reason.trim() === "")
      reporter.report("error", "lint-reason", ["lint", "ignore", i, "reason"], "a reason is required: say why this warning does not apply");
    if (typeof rule !== "string" || rule === "") return;
    if (UNSILENCEABLE.has(rule))
      reporter.report("error", "lint-rule", ["lint", "ignore", i, "rule"], `${rule} cannot be silenced: remove the ignore it reports`);
    else if (!isLintRule(rule)) reporter.report("error", "lint-rule", ["lint", "ignore", i, "rule"], unknownRuleMessage(rule));
  });
}
function unknownRuleMessage(rule) {
  const near = nearest(rule, LINT_RULE_IDS);
  const hint = near.length > 0 ? `did you mean ${near.join(", ")}?` : `the ids: ${LINT_RULE_IDS.join(", ")}`;
  return `unknown warning id ${JSON.stringify(rule)}; ${hint} (docs/desired-state.md, "Warnings and lint")`;
}

// src/desired/rules.ts
var passOn = (reporter) => reporter.report.bind(reporter);
function reportKindIssues(reporter, issues) {
  for (const issue3 of issues) {
    const options = {};
    if (issue3.valueOffset !== void 0) options.valueOffset = issue3.valueOffset;
    if (issue3.severity !== "warning") {
      reporter.report("error", issue3.rule ?? "schema", issue3.path, issue3.message, options);
      continue;
    }
    if (issue3.rule === void 0 || !isLintRule(issue3.rule))
      throw new InternalError(`a warning of ${issue3.path.join(".")} has no lint id a document can name (${String(issue3.rule)})`);
    reporter.report("warning", issue3.rule, issue3.path, issue3.message, options);
  }
}
function checkDocumentRules(kind, doc, reporter) {
  reportKindIssues(reporter, kind.validation.check(doc));
  lintIgnores(doc, reporter);
}

// src/desired/per-environment.ts
var PER_ENVIRONMENT_KEYS = ["overrides", "only", "except"];
var NOT_OVERRIDABLE = {
  name: "the name is what matches the document to its object in every environment; give each environment its own document (with only:) to differ in name",
  id: "pins per environment are written in the id itself: id: { staging: \u2026, prod: \u2026 }",
  apiVersion: "the document's header is the same in every environment",
  kind: "the document's header is the same in every environment",
  lint: "a document's lint.ignore holds in every environment (a warning an environment does not give leaves an unused ignore, which says so)",
  overrides: "overrides do not nest",
  only: "only and except are set on the document, not per environment",
  except: "only and except are set on the document, not per environment"
};
var mapping = (value) => value !== null && typeof value === "object" && !Array.isArray(value) ? value : void 0;
var names = (value) => Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
function hasPerEnvironmentKeys(doc) {
  return PER_ENVIRONMENT_KEYS.some((key) => doc[key] !== void 0);
}
function overridesOf(doc, env) {
  const all = mapping(doc.overrides);
  return all !== void 0 && Object.hasOwn(all, env) ? mapping(all[env]) : void 0;
}
function existsIn(doc, env) {
  if (Array.isArray(doc.only)) return names(doc.only).includes(env);
  if (Array.isArray(doc.except)) return !names(doc.except).includes(env);
  return true;
}
function presentIn(doc, defined) {
  if (doc.only === void 0 && doc.except === void 0) return void 0;
  return defined.filter((env) => existsIn(doc, env));
}
function effectiveDocument(doc, env) {
  const base = {};
  for (const [key, value] of Object.entries(doc)) if (!PER_ENVIRONMENT_KEYS.includes(key)) base[key] = value;
  const entry = env === void 0 ? void 0 : overridesOf(doc, env);
  if (entry === void 0) return { doc: base, overridden: [] };
  const overridden = Object.keys(entry).filter((key) => !Object.hasOwn(NOT_OVERRIDABLE, key));
  for (const key of overridden) {
    if (entry[key] === null) delete base[key];
    else base[key] = entry[key];
  }
  return { doc: base, overridden };
}
function overriddenInputFields(overridden) {
  return overridden.filter((key) => INPUT_FIELDS.includes(key));
}
function overrideReporter(reporter, env, overridden) {
  if (env === void 0 || overridden.length === 0) return reporter;
  return {
    report(severity, rule, path, message, options) {
      const head = path[0];
      const moved = typeof head === "string" && overridden.includes(head) ? ["overrides", env, ...path] : path;
      passOn(reporter)(severity, rule, moved, message, options);
    }
  };
}
function isNotOverridableIssue(issue3) {
  const [first, , key] = issue3.path;
  return first === "overrides" && issue3.path.length === 3 && typeof key === "string" && Object.hasOwn(NOT_OVERRIDABLE, key);
}
function checkPerEnvironmentKeys(doc, defined, reporter) {
  if (doc.only !== void 0 && doc.except !== void 0)
    reporter.report(
      "error",
      "only-and-except",
      ["except"],
      "give only or except, not both: only lists where the document exists, except where it does not",
      {
        atKey: true
      }
    );
  const known = defined.length > 0 ? `defined: ${defined.join(", ")}` : "it defines none";
  const unknown = (env) => `"${env}" is not an environment of transync.yaml (${known})`;
  for (const key of ["only", "except"]) {
    if (!Array.isArray(doc[key])) continue;
    doc[key].forEach((env, i) => {
      if (typeof env === "string" && !defined.includes(env)) reporter.report("error", "unknown-environment", [key, i], unknown(env));
    });
  }
  const all = mapping(doc.overrides);
  for (const env of Object.keys(all ?? {})) {
    if (!defined.includes(env)) reporter.report("error", "unknown-environment", ["overrides", env], unknown(env), { atKey: true });
    for (const key of Object.keys(mapping(all[env]) ?? {})) {
      if (Object.hasOwn(NOT_OVERRIDABLE, key))
        reporter.report(
          "error",
          "not-overridable",
          ["overrides", env, key],
          `${key} cannot be set per environment: ${NOT_OVERRIDABLE[key]}`,
          {
            atKey: true
          }
        );
    }
  }
}
function overriddenEnvironments(doc) {
  const all = mapping(doc.overrides);
  return Object.keys(all ?? {}).filter((env) => Object.keys(mapping(all[env]) ?? {}).length > 0);
}

// src/own-keys.ts
function ownValue(record4, key) {
  return record4 !== void 0 && Object.hasOwn(record4, key) ? record4[key] : void 0;
}

// src/desired/source-refs.ts
function resolveSourceRef(ref, environments, env) {
  const aliases = env ? environments[env]?.sources : void 0;
  const id = ownValue(aliases, ref);
  if (id !== void 0) return { ok: true, id, alias: ref };
  const definedIn = Object.keys(environments).filter((name) => Object.hasOwn(environments[name]?.sources ?? {}, ref));
  if (definedIn.length > 0) {
    if (!env) {
      return {
        ok: false,
        message: `source alias "${ref}" needs an environment: pass --env (${Object.keys(environments).join(", ")}) or set defaultEnvironment in transync.yaml`
      };
    }
    return {
      ok: false,
      message: `source alias "${ref}" is not defined for environment "${env}" (defined in: ${definedIn.join(", ")}); add it under environments.${env}.sources`
    };
  }
  const close = aliases ? Object.keys(aliases).find((alias) => ref.length < 24 && boundedDistance(alias, ref, 2) <= 2) : void 0;
  if (close !== void 0) {
    return { ok: false, message: `unknown source alias "${ref}" for environment "${env}"; did you mean "${close}"?` };
  }
  return { ok: true, id: ref };
}
function resolveDestinationRef(ref, destinations) {
  if (Object.hasOwn(destinations, ref)) return { ok: true, id: destinations[ref], alias: ref };
  const close = Object.keys(destinations).find((alias) => ref.length < 24 && boundedDistance(alias, ref, 2) <= 2);
  if (close !== void 0) {
    return {
      ok: false,
      message: `unknown destination alias "${ref}"; did you mean "${close}"? (transync.yaml's destinations: ${Object.keys(destinations).join(", ")})`
    };
  }
  return { ok: true, id: ref };
}

// src/desired/live-refs.ts
var SLUG_PREFIX = "slug:";
function refText(value) {
  if (typeof value === "string") return value;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const slug = value.slug;
    if (typeof slug === "string" && slug !== "") return `${SLUG_PREFIX}${slug}`;
  }
  return void 0;
}

// src/desired/document-refs.ts
function resolveSource(doc, context2, env, reporter) {
  const text3 = refText(doc.sourceId);
  if (text3 === void 0 || text3 === "") return void 0;
  const resolved2 = resolveSourceRef(text3, context2.config.environments, env);
  if (resolved2.ok) return resolved2;
  if (!context2.envFailed) reporter.report("error", "unknown-source-alias", ["sourceId"], resolved2.message);
  return void 0;
}
function resolvePin(doc, context2, reporter) {
  const { id } = doc;
  if (typeof id === "string") return id;
  if (id === null || typeof id !== "object" || Array.isArray(id)) return void 0;
  const pins = id;
  const defined = Object.keys(context2.config.environments);
  if (context2.envFailed) return void 0;
  for (const env of Object.keys(pins)) {
    if (!defined.includes(env))
      reporter.report(
        "error",
        "unknown-environment",
        ["id", env],
        `"${env}" is not an environment of transync.yaml (${defined.length > 0 ? `defined: ${defined.join(", ")}` : "it defines none"})`,
        { atKey: true }
      );
  }
  if (context2.env === void 0) {
    reporter.report(
      "error",
      "pin-needs-environment",
      ["id"],
      `the id is given per environment (${Object.keys(pins).join(", ")}): pass --env or set defaultEnvironment in transync.yaml`
    );
    return void 0;
  }
  const pin = Object.hasOwn(pins, context2.env) ? pins[context2.env] : void 0;
  return typeof pin === "string" ? pin : void 0;
}
function resolveDestination(doc, context2, reporter) {
  const text3 = refText(doc.destinationMetadataId);
  if (text3 === void 0 || text3 === "") return void 0;
  const resolved2 = resolveDestinationRef(text3, context2.config.destinations);
  if (resolved2.ok) return resolved2;
  reporter.report("error", "unknown-destination-alias", ["destinationMetadataId"], resolved2.message);
  return void 0;
}

// src/desired/effective-checks.ts
function reportingOnce(reporter) {
  const seen = /* @__PURE__ */ new Set();
  return {
    report(severity, rule, path, message, options) {
      const key = [severity, rule, path.join("\0"), message].join("");
      if (seen.has(key)) return;
      seen.add(key);
      passOn(reporter)(severity, rule, path, message, options);
    }
  };
}
function checkEveryEffectiveDocument(kind, doc, context2, reporter) {
  const base = effectiveDocument(doc, void 0).doc;
  checkDocumentRules(kind, base, reporter);
  const defined = Object.keys(context2.config.environments);
  for (const env of overriddenEnvironments(doc)) {
    if (!defined.includes(env)) continue;
    const effective = effectiveDocument(doc, env);
    const inEnv = overrideReporter(namingEnvironment(reporter, env), env, effective.overridden);
    checkDocumentRules(kind, effective.doc, inEnv);
    if (!existsIn(doc, env)) continue;
    if (effective.overridden.includes("sourceId")) resolveSource(effective.doc, context2, env, inEnv);
    if (effective.overridden.includes("destinationMetadataId")) resolveDestination(effective.doc, context2, inEnv);
  }
}
function namingEnvironment(reporter, env) {
  return {
    report(severity, rule, path, message, options) {
      const inOverride = path[0] === "overrides" && path[1] === env;
      passOn(reporter)(severity, rule, path, inOverride ? message : `${message} (in environment "${env}", with its overrides)`, options);
    }
  };
}
function checkEnvironmentChosen(doc, context2, reporter) {
  if (context2.env !== void 0 || context2.everyEnvironment || context2.envFailed || !hasPerEnvironmentKeys(doc)) return;
  const key = doc.overrides !== void 0 ? "overrides" : doc.only !== void 0 ? "only" : "except";
  reporter.report(
    "error",
    "per-environment-needs-environment",
    [key],
    "the document differs per environment: pass --env or set defaultEnvironment in transync.yaml",
    {
      atKey: true
    }
  );
}

// src/desired/ignore-fields.ts
var IGNORABLE_FIELDS = FIELD_NAMES.filter((field) => field !== "name");
function readIgnoredFields(doc, reporter) {
  const raw = doc.ignore;
  if (!Array.isArray(raw)) return void 0;
  const fields = [];
  raw.forEach((entry, i) => {
    if (typeof entry !== "string") return;
    if (IGNORABLE_FIELDS.includes(entry)) fields.push(entry);
    else if (entry === "name")
      reporter.report(
        "error",
        "ignore",
        ["ignore", i],
        "`name` cannot be ignored: it is the key that matches the document to its live object"
      );
    else
      reporter.report(
        "error",
        "ignore",
        ["ignore", i],
        `unknown field "${entry}" in ignore; the fields are: ${IGNORABLE_FIELDS.join(", ")}`
      );
  });
  return fields.length > 0 ? fields : void 0;
}

// src/kinds/transformation/api-rules.ts
function apiErrorsOf(issues) {
  const errors = /* @__PURE__ */ new Map();
  for (const issue3 of issues) {
    const field = issue3.path.join(".");
    if (issue3.api !== void 0 && !errors.has(field)) errors.set(field, { field, message: issue3.api });
  }
  return [...errors.values()];
}

// src/kinds/transformation/decode-fields.ts
var misfit = (expected, value) => ({ path: "", expected, value });
var under = (path, inner) => ({ ...inner, path: `${path}${inner.path}` });
var string = (v) => typeof v === "string" ? void 0 : misfit("a string", v);
var nonEmptyString = (v) => typeof v === "string" && v !== "" ? void 0 : misfit("a non-empty string", v);
var boolean = (v) => typeof v === "boolean" ? void 0 : misfit("true or false", v);
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function arrayOf(item, itemName) {
  return (v) => {
    if (!Array.isArray(v)) return misfit(`an array of ${itemName}`, v);
    for (let i = 0; i < v.length; i++) {
      const found = item(v[i]);
      if (found) return under(`[${i}]`, found);
    }
    return void 0;
  };
}
function record3(name, required2, optional = {}) {
  return (v) => {
    if (!isRecord(v)) return misfit(name, v);
    return checkFields(v, required2, optional);
  };
}
function checkFields(v, required2, optional) {
  for (const key in required2) {
    const found = required2[key](v[key]);
    if (found) return under(`.${key}`, found);
  }
  for (const key in optional) {
    const value = v[key];
    if (value === void 0 || value === null) continue;
    const found = optional[key](value);
    if (found) return under(`.${key}`, found);
  }
  return void 0;
}
var strings2 = arrayOf(string, "strings");
function referenced(ref) {
  const name = String(ref).replace("#/$defs/", "");
  const found = Object.hasOwn(FIELDS, name) ? FIELDS[name].schema.value : SHARED_DEFS[name];
  if (found === void 0) throw new Error(`a field's schema refers to ${String(ref)}, which neither FIELDS nor SHARED_DEFS defines`);
  return found;
}
var resolved = (schema) => schema.$ref === void 0 ? schema : resolved(referenced(schema.$ref));
var TYPE_CHECKS = {
  string,
  boolean,
  number: (v) => typeof v === "number" ? void 0 : misfit("a number", v)
};
function pluralOf(schema) {
  const properties = schema.properties;
  if (schema.type === "object") return properties ? `{${Object.keys(properties).join(", ")}} objects` : "objects";
  return schema.type === "array" ? "arrays" : `${String(schema.type)}s`;
}
function checkOf(given) {
  const schema = resolved(given);
  if (schema.type === "array") {
    const items = resolved(schema.items);
    return arrayOf(checkOf(items), pluralOf(items));
  }
  if (schema.type === "object") {
    const properties = schema.properties ?? {};
    const needed = new Set(schema.required ?? []);
    const members = (keep) => Object.fromEntries(
      Object.keys(properties).filter((key) => needed.has(key) === keep).map((key) => [key, checkOf(properties[key])])
    );
    return record3("an object", members(true), members(false));
  }
  const check = TYPE_CHECKS[String(schema.type === "integer" ? "number" : schema.type)];
  if (check === void 0) throw new Error(`no reply check for a value of JSON Schema type ${String(schema.type)}`);
  return check;
}
var FIELD_CHECKS = Object.fromEntries(
  FIELD_NAMES.map((field) => [field, checkOf(FIELDS[field].schema.value)])
);
var fieldChecks = (required2) => Object.fromEntries(FIELD_NAMES.filter((field) => FIELDS[field].required === required2).map((field) => [field, FIELD_CHECKS[field]]));
var TRANSFORMATION_REQUIRED = { id: nonEmptyString, ...fieldChecks(true) };
var TRANSFORMATION_OPTIONAL = { workspaceId: string, destinationId: string, propertyDrops: strings2, ...fieldChecks(false) };
function transformationMisfit(value) {
  if (!isRecord(value)) return misfit("an object", value);
  return checkFields(value, TRANSFORMATION_REQUIRED, TRANSFORMATION_OPTIONAL);
}

// src/kinds/transformation/emulator-shape.ts
var FALSE_CLEARED = fieldsWhere((facts) => facts.clearedWith === false);
function normalizeStored(input) {
  const t = structuredClone(input);
  for (const key of Object.keys(t)) {
    if (t[key] === null || t[key] === void 0) delete t[key];
  }
  for (const field of FALSE_CLEARED) if (t[field] === false) delete t[field];
  if (Array.isArray(t.propertyValueTransformations)) {
    t.propertyValueTransformations = t.propertyValueTransformations.map((pvt) => ({
      propertyPaths: [...pvt.propertyPaths].sort(),
      propertyValue: pvt.propertyValue
    }));
  }
  return t;
}
function applyPatch(current, patch) {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === void 0) continue;
    if (value === null && isNullCleared(key)) delete next[key];
    else next[key] = value;
  }
  return normalizeStored(next);
}
var KNOWN_ORDER = [
  "id",
  "workspaceId",
  "name",
  "enabled",
  "sourceId",
  "destinationMetadataId",
  "destinationId",
  "if",
  "newEventName",
  "propertyDrops",
  "propertyRenames",
  "propertyValueTransformations",
  "fqlDefinedProperties",
  "allowProperties"
];
var REPLY_ORDER = [
  ...KNOWN_ORDER,
  ...FIELD_NAMES.filter((field) => !KNOWN_ORDER.includes(field))
];
function carries(key, view) {
  if (!Object.hasOwn(FIELDS, key)) return true;
  const returned = FIELDS[key].returned;
  return returned === "always" || returned === "not in lists" && view === "single";
}
function isList(key) {
  return key === "propertyDrops" || Object.hasOwn(FIELDS, key) && FIELDS[key].compare !== "scalar";
}
function toApiTransformation(t, view) {
  const out = {};
  for (const key of REPLY_ORDER) {
    if (!carries(key, view)) continue;
    const value = t[key] ?? (isList(key) ? [] : void 0);
    if (value !== void 0) out[key] = value;
  }
  return out;
}

// src/kinds/transformation/import-document.ts
function renderedField(t, field, context2) {
  const aliased = FIELDS[field].aliased;
  const value = aliased === "source" ? aliasOf(t[field], context2.sourceAliases) : aliased === "destination" ? aliasOf(t[field], context2.destinationAliases) : t[field];
  return isPresent(value) ? value : void 0;
}
function aliasOf(id, aliases) {
  return typeof id === "string" && aliases && Object.hasOwn(aliases, id) ? aliases[id] : id;
}
function isPresent(value) {
  if (value === void 0 || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}
function transformationDocument(t, context2) {
  const document = { name: t.name };
  for (const field of FIELD_NAMES) {
    if (field === "name") continue;
    const value = renderedField(t, field, context2);
    if (value !== void 0) document[field] = value;
  }
  return document;
}
function unmanagedNotes(t) {
  if (!t.propertyDrops || t.propertyDrops.length === 0) return [];
  return [`The live object also drops ${t.propertyDrops.join(", ")} (propertyDrops, read-only: not managed by transync).`];
}
var asTransformation = (live) => live;
var TRANSFORMATION_IMPORTER = {
  file: (live, context2) => {
    const t = asTransformation(live);
    const group = Object.hasOwn(context2.sourceAliases, t.sourceId) ? context2.sourceAliases[t.sourceId] : t.sourceId;
    return context2.split ? { group, own: t.name } : { group };
  },
  document: (live, context2) => transformationDocument(asTransformation(live), context2),
  beforeId: ["name"],
  order: "name",
  notes: (live) => unmanagedNotes(asTransformation(live)),
  // Renames as one-line maps, as people write them.
  layout: { flow: ["id", "only"], flowItems: ["propertyRenames"] },
  schema: "transformation.schema.json"
};

// src/fql/ast.ts
var FQL_FUNCTIONS = {
  contains: { min: 2, max: 2 },
  match: { min: 2, max: 2 },
  length: { min: 1, max: 1 },
  lowercase: { min: 1, max: 1 },
  uppercase: { min: 1, max: 1 },
  snakecase: { min: 1, max: 1 },
  kebabcase: { min: 1, max: 1 },
  titlecase: { min: 1, max: 1 },
  typeof: { min: 1, max: 1 },
  bool: { min: 1, max: 1 },
  string: { min: 1, max: 1 },
  number: { min: 1, max: 1 }
};

// src/fql/tokenize.ts
var FqlTokenError = class extends Error {
  constructor(message, offset) {
    super(message);
    this.offset = offset;
    this.name = "FqlTokenError";
  }
  offset;
};
var WORD_CHAR = /[\p{L}\p{N}_\-$@]/u;
var WORD_START = /[\p{L}_$@]/u;
var NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
var OPERATORS = ["!=", "<=", ">=", "=", "<", ">", "!"];
var PUNCTUATION = "().,[]";
var MISTAKES = {
  "==": "use `=` to compare, not `==`",
  "&&": "use `and`, not `&&`",
  "||": "use `or`, not `||`"
};
function tokenizeFql(src) {
  const tokens = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const afterDot = tokens.at(-1)?.value === "." && tokens.at(-1)?.kind === "punct";
    const token = readToken(src, i, afterDot);
    tokens.push(token.token);
    i = token.end;
  }
  tokens.push({ kind: "eof", value: "", escaped: false, offset: src.trimEnd().length });
  return tokens;
}
function readToken(src, i, afterDot) {
  const ch = src[i];
  const mistake = MISTAKES[src.slice(i, i + 2)];
  if (mistake) throw new FqlTokenError(mistake, i);
  if (ch === "'" || ch === '"') return readString(src, i);
  if (!afterDot && (/\d/.test(ch) || ch === "-" && /\d/.test(src[i + 1] ?? ""))) {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(src);
    if (m) return { token: { kind: "number", value: finiteNumber(m[0], i), escaped: false, offset: i }, end: i + m[0].length };
  }
  if (ch === "\\" || WORD_START.test(ch) || afterDot && WORD_CHAR.test(ch)) return readWord(src, i);
  if (PUNCTUATION.includes(ch)) return { token: { kind: "punct", value: ch, escaped: false, offset: i }, end: i + 1 };
  const op = OPERATORS.find((o) => src.startsWith(o, i));
  if (op) return { token: { kind: "op", value: op, escaped: false, offset: i }, end: i + op.length };
  throw new FqlTokenError(`unexpected character ${JSON.stringify(ch)}`, i);
}
function finiteNumber(text3, offset) {
  if (Number.isFinite(Number(text3))) return text3;
  throw new FqlTokenError(`the number ${shorten(text3, 24)} is too large (numbers in FQL are finite)`, offset);
}
function readString(src, start) {
  const quote = src[start];
  const end = src.indexOf(quote, start + 1);
  if (end === -1) throw new FqlTokenError(`unterminated string: missing closing ${quote}`, start);
  return { token: { kind: "string", value: src.slice(start + 1, end), escaped: false, offset: start }, end: end + 1 };
}
function readWord(src, start) {
  let value = "";
  let escaped = false;
  let i = start;
  while (i < src.length) {
    const ch = src[i];
    if (ch === "\\") {
      const next = src[i + 1];
      if (next === void 0) throw new FqlTokenError("a backslash must escape a character", i);
      value += next;
      escaped = true;
      i += 2;
      continue;
    }
    if (!WORD_CHAR.test(ch)) break;
    value += ch;
    i++;
  }
  return { token: { kind: "word", value, escaped, offset: start }, end: i };
}

// src/fql/keyword-case.ts
var KEYWORDS = /* @__PURE__ */ new Set(["and", "or", "in", "true", "false", "null"]);
var LOWERCASE_RULE = "FQL keywords and function names are lowercase";
var CAPITAL_AND = "AND";
var CAPITAL_OR = `"OR" in capitals: Segment's engines disagree on what it means (@segment/destination-subscriptions reads a capital OR as "and"), so transync refuses it; write "or"`;
function isKeywordToken(token, word) {
  if (token.kind !== "word" || token.escaped) return false;
  return token.value === word || word === "and" && token.value === CAPITAL_AND;
}
function otherCaseKeywordMessage(token) {
  if (token.kind !== "word" || token.escaped) return void 0;
  if (token.value === "OR") return CAPITAL_OR;
  const lower = token.value.toLowerCase();
  if (lower === token.value || !KEYWORDS.has(lower)) return void 0;
  return `"${token.value}" after a complete expression: ${LOWERCASE_RULE}; write "${lower}"`;
}

// src/fql/parse-fql.ts
var MAX_FQL_DEPTH = 64;
var COMPARE_OPS = /* @__PURE__ */ new Set(["=", "!=", "<", "<=", ">", ">="]);
var NOT_MESSAGE = `FQL has no "not": write "!" before the condition, e.g. !(event = 'a')`;
function parseFql(src) {
  const known = recentTrees.get(src);
  if (known !== void 0) return known;
  const result = parseUncached(src);
  if (result.ok) {
    if (recentTrees.size >= RECENT_TREES) recentTrees.clear();
    recentTrees.set(src, result);
  }
  return result;
}
var recentTrees = /* @__PURE__ */ new Map();
var RECENT_TREES = 16;
function parseUncached(src) {
  try {
    const tokens = tokenizeFql(src);
    if (tokens.length === 1) return failure("the expression is empty", 0);
    const parser = new Parser(tokens);
    const ast = parser.parseExpression();
    parser.expectEnd();
    return { ok: true, ast };
  } catch (error) {
    if (error instanceof FqlTokenError) return failure(error.message, error.offset);
    throw error;
  }
}
function failure(message, offset) {
  return { ok: false, error: { message, offset, col: offset + 1 } };
}
function startsOperand(token) {
  if (token.kind === "word" || token.kind === "string" || token.kind === "number") return true;
  return token.kind === "punct" && (token.value === "(" || token.value === "[") || token.kind === "op" && token.value === "!";
}
function describeOperand(expr) {
  if (expr.kind === "call") return `a call of ${expr.name}()`;
  if (expr.kind === "literal") {
    if (typeof expr.value === "string") return `the string ${JSON.stringify(expr.value)}`;
    return expr.value === null ? "null" : `the ${typeof expr.value} ${String(expr.value)}`;
  }
  return "a condition";
}
function describe(token) {
  if (token.kind === "eof") return "the end of the expression";
  if (token.kind === "string") return `the string ${JSON.stringify(token.value)}`;
  return `"${token.value}"`;
}
var Parser = class {
  constructor(tokens) {
    this.tokens = tokens;
  }
  tokens;
  pos = 0;
  depth = 0;
  parseExpression() {
    if (++this.depth > MAX_FQL_DEPTH)
      throw new FqlTokenError(`the expression is nested more than ${MAX_FQL_DEPTH} levels deep`, this.peek().offset);
    const chain = this.parseChain("or", () => this.parseAnd());
    this.refuseOtherCaseKeyword();
    this.depth--;
    return chain;
  }
  /** After a complete expression, a keyword in another case is a mistake wherever it stands (keyword-case.ts). */
  refuseOtherCaseKeyword() {
    const message = otherCaseKeywordMessage(this.peek());
    if (message !== void 0) throw new FqlTokenError(message, this.peek().offset);
  }
  expectEnd() {
    const token = this.peek();
    if (token.kind !== "eof") {
      const hint = token.kind === "word" || token.kind === "string" ? " (missing `and`/`or`?)" : "";
      throw new FqlTokenError(`unexpected ${describe(token)} after a complete expression${hint}`, token.offset);
    }
  }
  parseAnd() {
    return this.parseChain("and", () => this.parseNot());
  }
  /** `operand (op operand)*` as one n-ary node, read in a loop: a chain of any length adds no depth. */
  parseChain(op, operand) {
    const first = operand();
    if (!this.isKeyword(op)) return first;
    const operands = [first];
    while (this.isKeyword(op)) {
      this.next();
      operands.push(operand());
    }
    return { kind: "logical", op, operands, offset: first.offset };
  }
  parseNot() {
    const token = this.peek();
    if (token.kind === "op" && token.value === "!") {
      this.next();
      if (++this.depth > MAX_FQL_DEPTH)
        throw new FqlTokenError(`the expression is nested more than ${MAX_FQL_DEPTH} levels deep`, token.offset);
      const operand = this.parseNot();
      this.depth--;
      return { kind: "not", operand, offset: token.offset };
    }
    return this.parseCompare();
  }
  parseCompare() {
    const left = this.parseOperand();
    const token = this.peek();
    let op;
    if (token.kind === "op" && COMPARE_OPS.has(token.value)) op = token.value;
    else if (this.isKeyword("in")) op = "in";
    if (!op) return left;
    this.next();
    const right = this.parseOperand();
    if (op === "in" && right.kind !== "list" && right.kind !== "path") {
      throw new FqlTokenError(
        `the right side of "in" must be a list such as ['a', 'b'] or a field holding one, found ${describeOperand(right)}`,
        right.offset
      );
    }
    return { kind: "compare", op, left, right, offset: token.offset };
  }
  parseOperand() {
    const token = this.peek();
    if (token.kind === "punct" && token.value === "(") return this.parseGroup();
    if (token.kind === "punct" && token.value === "[") return this.parseList();
    if (token.kind === "string") return this.literal(token.value);
    if (token.kind === "number") return this.literal(Number(token.value));
    if (token.kind === "word") return this.parseWord(token);
    throw new FqlTokenError(`expected a value, a field or a function call, found ${describe(token)}`, token.offset);
  }
  literal(value) {
    return { kind: "literal", value, offset: this.next().offset };
  }
  parseGroup() {
    const open = this.next();
    const inner = this.parseExpression();
    this.expectPunct(")", `expected ")" to close the "(" at column ${open.offset + 1}`);
    return inner;
  }
  parseList() {
    const open = this.next();
    const items = this.parseSequence("]");
    return { kind: "list", items, offset: open.offset };
  }
  /** Comma-separated expressions up to `close` (already past the opening bracket). */
  parseSequence(close) {
    const items = [];
    if (this.isPunct(close)) {
      this.next();
      return items;
    }
    for (; ; ) {
      items.push(this.parseExpression());
      if (this.isPunct(",")) {
        this.next();
        continue;
      }
      this.expectPunct(close, `expected "," or "${close}", found ${describe(this.peek())}`);
      return items;
    }
  }
  parseWord(token) {
    const followedBy = this.tokens[this.pos + 1];
    const isPathStart = followedBy?.kind === "punct" && followedBy.value === ".";
    if (!token.escaped && !isPathStart) {
      if (token.value === "true" || token.value === "false") return this.literal(token.value === "true");
      if (token.value === "null") return this.literal(null);
    }
    if (!token.escaped && token.value.toLowerCase() === "not" && followedBy !== void 0 && startsOperand(followedBy)) {
      throw new FqlTokenError(NOT_MESSAGE, token.offset);
    }
    if (!token.escaped && followedBy?.kind === "punct" && followedBy.value === "(") return this.parseCall(token);
    if (!token.escaped && (token.value === "and" || token.value === "or" || token.value === "in")) {
      throw new FqlTokenError(`expected a value or a field before "${token.value}"`, token.offset);
    }
    return this.parsePath();
  }
  parseCall(token) {
    const name = token.value;
    const arity = ownValue(FQL_FUNCTIONS, name);
    if (!arity && ownValue(FQL_FUNCTIONS, name.toLowerCase())) {
      throw new FqlTokenError(`unknown function "${name}": ${LOWERCASE_RULE}; write "${name.toLowerCase()}"`, token.offset);
    }
    if (!arity) {
      throw new FqlTokenError(`unknown function "${token.value}" (known: ${Object.keys(FQL_FUNCTIONS).join(", ")})`, token.offset);
    }
    this.next();
    this.next();
    const args = this.parseSequence(")");
    if (args.length < arity.min || args.length > arity.max) {
      const expected = arity.min === arity.max ? `${arity.min}` : `${arity.min} to ${arity.max}`;
      const plural = arity.max === 1 ? "argument" : "arguments";
      throw new FqlTokenError(`${name}() takes ${expected} ${plural}, got ${args.length}`, token.offset);
    }
    return { kind: "call", name, args, offset: token.offset };
  }
  parsePath() {
    const first = this.next();
    const segments = [first.value];
    while (this.isPunct(".")) {
      const dot = this.next();
      const segment = this.peek();
      if (segment.kind !== "word")
        throw new FqlTokenError(`expected a field name after "."`, segment.kind === "eof" ? dot.offset : segment.offset);
      segments.push(this.next().value);
    }
    return { kind: "path", segments, offset: first.offset };
  }
  expectPunct(value, message) {
    const token = this.peek();
    if (!(token.kind === "punct" && token.value === value)) throw new FqlTokenError(message, token.offset);
    this.next();
  }
  isPunct(value) {
    const token = this.peek();
    return token.kind === "punct" && token.value === value;
  }
  isKeyword(word) {
    return isKeywordToken(this.peek(), word);
  }
  peek() {
    return this.tokens[this.pos];
  }
  next() {
    const token = this.tokens[this.pos];
    if (token.kind !== "eof") this.pos++;
    return token;
  }
};

// src/fql/walk.ts
function fqlChildren(node) {
  switch (node.kind) {
    case "compare":
      return [node.left, node.right];
    case "logical":
      return node.operands;
    case "not":
      return [node.operand];
    case "call":
      return node.args;
    case "list":
      return node.items;
    case "literal":
    case "path":
      return [];
  }
}
function* fqlNodes(root) {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    yield node;
    const children = fqlChildren(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

// src/fql/selects-track-events.ts
function selectsTrackEvents(expr) {
  for (const node of fqlNodes(expr)) {
    if (node.kind === "path" && node.segments.length === 1 && node.segments[0] === "event") return true;
    if (node.kind === "compare" && (isTypeTrack(node.left, node.right) || isTypeTrack(node.right, node.left))) return true;
  }
  return false;
}
function isTypeTrack(field, value) {
  return field.kind === "path" && field.segments.join(".") === "type" && value.kind === "literal" && value.value === "track";
}

// src/fql/comparisons.ts
function nonNumericComparisons(expr) {
  const found = [];
  for (const node of fqlNodes(expr)) {
    if (node.kind !== "compare" || node.op === "=" || node.op === "!=" || node.op === "in") continue;
    for (const side of [node.left, node.right]) {
      if (side.kind === "literal" && typeof side.value !== "number")
        found.push({ op: node.op, literal: JSON.stringify(side.value).replace(/^"(.*)"$/s, "'$1'"), offset: side.offset });
    }
  }
  return found;
}

// src/fql/hash-algorithms.ts
var HASH_ALGORITHMS = {
  MD5: "md5",
  SHA1: "sha1",
  SHA256: "sha256",
  SHA384: "sha384",
  SHA512: "sha512"
};
var HASH_ALGORITHM_NAMES = Object.freeze(Object.keys(HASH_ALGORITHMS));
function isHashAlgorithm(name) {
  return Object.hasOwn(HASH_ALGORITHMS, name.toUpperCase());
}

// src/fql/paths.ts
var PARSED = /* @__PURE__ */ new Map();
var PARSED_LIMIT = 1e4;
function parsePath(path) {
  const known = PARSED.get(path);
  if (known !== void 0) return known;
  if (PARSED.size >= PARSED_LIMIT) PARSED.clear();
  const segments = Object.freeze(splitPath(path));
  PARSED.set(path, segments);
  return segments;
}
function splitPath(path) {
  const segments = [];
  let current = "";
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (ch === "\\" && i + 1 < path.length) {
      current += path[++i];
    } else if (ch === ".") {
      segments.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  segments.push(current);
  return segments;
}
function formatPath(segments) {
  const frozen = Object.isFrozen(segments);
  const known = frozen ? FORMATTED.get(segments) : void 0;
  if (known !== void 0) return known;
  const text3 = segments.map(formatSegment).join(".");
  if (frozen) FORMATTED.set(segments, text3);
  return text3;
}
var FORMATTED = /* @__PURE__ */ new WeakMap();
function formatSegment(segment) {
  return segment.includes(".") || segment.includes("\\") ? segment.replace(/[\\.]/g, (c) => `\\${c}`) : segment;
}

// src/kinds/transformation/path-rules.ts
var VALUE_ROOTS = /^(properties|context)\.[^.]/;
var FULL_PATH_ROOTS = /^(properties|traits|context)\.[^.]/;
var dotted = (path) => path.join(".");
function renamedPaths(doc) {
  const renamed = /* @__PURE__ */ new Map();
  for (const as of ["newName", "oldName"])
    records(doc.propertyRenames).forEach((rename, index) => {
      const name = rename[as];
      if (typeof name !== "string") return;
      renamed.set(name, { index, as });
      renamed.set(`properties.${name}`, { index, as });
    });
  return renamed;
}
var valuePaths = (doc, found) => {
  if (!nonEmpty(doc.propertyValueTransformations)) return;
  const seen = /* @__PURE__ */ new Map();
  const renamed = renamedPaths(doc);
  records(doc.propertyValueTransformations).forEach((t, i) => {
    strings(t.propertyPaths).forEach((path, j) => {
      if (path === void 0) return;
      const at = ["propertyValueTransformations", i, "propertyPaths", j];
      const field = dotted(at);
      if (!VALUE_ROOTS.test(path)) {
        const api = path === "" ? {} : { api: `"${field}" must be rooted at "properties." or "context.", got "${path}"` };
        found.report("error", "path-root", at, `path must start with "properties." or "context." (got ${JSON.stringify(path)})`, api);
        return;
      }
      const first = seen.get(path);
      if (first)
        found.report("error", "duplicate-path", at, `path "${path}" is set twice (also at ${first})`, {
          api: `"${field}": the path "${path}" appears twice in propertyValueTransformations`
        });
      else seen.set(path, field);
      const rename = renamed.get(path);
      if (rename === void 0) return;
      const what = rename.as === "oldName" ? "also renamed by" : "also the new name of";
      found.report(
        "error",
        "path-renamed",
        at,
        `path "${path}" is ${what} propertyRenames.${rename.index}; Segment rejects a value change of a renamed property`,
        { api: `"${field}": the path "${path}" is also renamed in propertyRenames` }
      );
    });
  });
};
var fullPaths = (doc, found) => {
  records(doc.fqlDefinedProperties).forEach(
    (p, i) => checkFullPath(typeof p.propertyName === "string" ? p.propertyName : void 0, ["fqlDefinedProperties", i, "propertyName"], found)
  );
  strings(record(doc.hashPropertiesConfiguration).paths).forEach(
    (p, i) => checkFullPath(p, ["hashPropertiesConfiguration", "paths", i], found)
  );
};
function checkFullPath(path, at, found) {
  if (path !== void 0 && !FULL_PATH_ROOTS.test(path)) {
    found.report(
      "error",
      "path-root",
      at,
      `must be a full path starting with "properties.", "traits." or "context." (got ${JSON.stringify(path)})`
    );
  }
}
var MAX_RENAME_DEPTH = 4;
var renameScope = (doc, found) => {
  const seen = /* @__PURE__ */ new Map();
  records(doc.propertyRenames).forEach((rename, i) => {
    for (const field of ["oldName", "newName"]) {
      const name = rename[field];
      if (typeof name === "string") checkRenameName(name, ["propertyRenames", i, field], found);
    }
    const old = rename.oldName;
    if (typeof old !== "string") return;
    const first = seen.get(old);
    if (first !== void 0)
      found.report(
        "error",
        "duplicate-rename",
        ["propertyRenames", i, "oldName"],
        `"${old}" is renamed twice (also at propertyRenames.${first})`
      );
    else seen.set(old, i);
  });
};
function checkRenameName(name, at, found) {
  const root = /^(properties|traits|context|integrations)\./.exec(name)?.[1];
  if (root === "properties" || root === "traits") {
    found.report(
      "error",
      "rename-scope",
      at,
      `names are relative to properties/traits: write ${JSON.stringify(name.slice(root.length + 1))}, not ${JSON.stringify(name)}`
    );
  } else if (root) {
    found.report(
      "error",
      "rename-scope",
      at,
      `${JSON.stringify(name)} is outside properties/traits, which propertyRenames cannot rename; use propertyValueTransformations to change fields outside them`
    );
  } else if (parsePath(name).length > MAX_RENAME_DEPTH) {
    found.report(
      "error",
      "rename-depth",
      at,
      `at most ${MAX_RENAME_DEPTH} levels deep (got ${parsePath(name).length}); write \\. for a dot inside a name`
    );
  }
}
var hashAlgorithm = (doc, found) => {
  const algorithm = record(doc.hashPropertiesConfiguration).algorithm;
  if (typeof algorithm !== "string" || algorithm === "" || isHashAlgorithm(algorithm)) return;
  found.report(
    "error",
    "hash-algorithm",
    ["hashPropertiesConfiguration", "algorithm"],
    `must be one of ${HASH_ALGORITHM_NAMES.join(", ")} (got ${JSON.stringify(algorithm)})`
  );
};
var hashPaths = (doc, found) => {
  if (!nonEmpty(record(doc.hashPropertiesConfiguration).paths)) return;
  const seen = /* @__PURE__ */ new Map();
  strings(record(doc.hashPropertiesConfiguration).paths).forEach((path, i) => {
    if (path === void 0) return;
    const canonical = formatPath(parsePath(path));
    const first = seen.get(canonical);
    if (first === void 0) seen.set(canonical, i);
    else
      found.report(
        "warning",
        "duplicate-hash-path",
        ["hashPropertiesConfiguration", "paths", i],
        `path ${JSON.stringify(canonical)} is listed twice (also at hashPropertiesConfiguration.paths.${first}); transync hashes it once`
      );
  });
};
var fqlExclusive = (doc, found) => {
  if (!nonEmpty(doc.fqlDefinedProperties)) return;
  const others = ["newEventName", "propertyRenames", "propertyValueTransformations"].filter((f) => nonEmpty(doc[f]));
  if (others.length === 0) return;
  const inApiOrder2 = [...others.filter((f) => f !== "newEventName"), ...others.filter((f) => f === "newEventName")];
  const api = Array.isArray(doc.fqlDefinedProperties) ? { api: `"fqlDefinedProperties" cannot be combined with ${inApiOrder2.join(", ")}` } : {};
  found.report(
    "error",
    "fql-exclusive",
    ["fqlDefinedProperties"],
    `fqlDefinedProperties cannot be combined with ${others.join(", ")} (Segment rejects it); move them to another transformation`,
    api
  );
};
var transformsUsed = (doc, found) => {
  const used = TRANSFORM_FIELDS.filter((f) => nonEmpty(doc[f]));
  if (doc.drop === true && used.length > 0) {
    found.report("warning", "drop-ignores", ["drop"], `drop is true, so the other transforms are ignored: ${used.join(", ")}`);
  }
};

// src/kinds/transformation/rules.ts
var fqlSyntax = (doc, found) => {
  const condition = parsedFql(doc.if, ["if"], found);
  records(doc.fqlDefinedProperties).forEach((p, i) => parsedFql(p.fql, ["fqlDefinedProperties", i, "fql"], found));
  if (typeof doc.newEventName === "string" && condition && !selectsTrackEvents(condition)) {
    found.report(
      "warning",
      "new-event-name-track",
      ["newEventName"],
      `newEventName renames track events only, but "if" does not select track events; match them with event = '...' or type = 'track'`
    );
  }
};
function parsedFql(src, path, found) {
  if (typeof src !== "string" || src === "") return void 0;
  const result = parseFql(src);
  if (result.ok) return result.ast;
  found.report("error", "fql-syntax", path, `invalid FQL at ${whereInExpression(src, result.error.offset)}: ${result.error.message}`, {
    valueOffset: result.error.offset
  });
  return void 0;
}
var fqlComparisons = (doc, found) => {
  checkComparisons(doc.if, ["if"], found);
  const defined = Array.isArray(doc.fqlDefinedProperties) ? doc.fqlDefinedProperties : [];
  defined.forEach(
    (p, i) => checkComparisons(
      p && typeof p === "object" ? p.fql : void 0,
      ["fqlDefinedProperties", i, "fql"],
      found
    )
  );
};
function checkComparisons(src, path, found) {
  if (typeof src !== "string") return;
  const parsed = parseFql(src);
  if (!parsed.ok) return;
  for (const c of nonNumericComparisons(parsed.ast)) {
    const hint = c.literal.startsWith("'") ? " (a date or version written as a string cannot be compared this way)" : "";
    found.report(
      "warning",
      "fql-compare-type",
      path,
      `${c.op} ${c.literal} is never true: FQL's <, <=, >, >= compare numbers only${hint}`,
      {
        valueOffset: c.offset
      }
    );
  }
}
function whereInExpression(src, offset) {
  const before = src.slice(0, offset);
  const line = before.split("\n").length;
  const col = offset - (before.lastIndexOf("\n") + 1) + 1;
  return line === 1 ? `column ${col}` : `line ${line}, column ${col}`;
}
var TRANSFORMATION_RULES = [
  fqlSyntax,
  fqlComparisons,
  valuePaths,
  fullPaths,
  renameScope,
  hashAlgorithm,
  hashPaths,
  fqlExclusive,
  transformsUsed
];
function transformationIssues(doc) {
  const found = findings();
  for (const rule of TRANSFORMATION_RULES) rule(doc, found);
  return found.issues;
}

// src/kinds/transformation/index.ts
var TRANSFORMATION = {
  name: "Transformation",
  fields: FIELDS,
  identity: { name: "name", scope: "sourceId" },
  api: { collection: "/transformations", listKey: "transformations", itemKey: "transformation" },
  decode: transformationMisfit,
  validation: { check: transformationIssues },
  emulator: {
    idPrefix: "",
    // The server's own fields (its id, its workspace) are stored with the input's, as the API returns them.
    stored: (input, stamp) => normalizeStored({ ...input, ...stamp ? { id: stamp.id, workspaceId: stamp.workspaceId } : {} }),
    updated: (current, patch) => applyPatch(current, patch),
    reply: (stored, view) => toApiTransformation(stored, view),
    routes: {
      idParam: "transformationId",
      feature: "EVENT_GOVERNANCE",
      references: { sourceId: "source" },
      audit: {
        resourceType: "Transformation",
        created: "Transformation Created",
        updated: () => "Transformation Updated",
        deleted: "Transformation Deleted"
      },
      patchNullsPerCompat: true,
      body: { schemas: { create: "create-transformation", update: "update-transformation" } },
      // The API's 422s are the findings of its validation that carry the API's message: one rule set.
      rules: (object) => apiErrorsOf(TRANSFORMATION.validation.check(object))
    }
  },
  importer: TRANSFORMATION_IMPORTER,
  labels: { singular: "transformation", plural: "transformations" }
};

// src/model/destination-filter-api.ts
var FILTER_ACTION_TYPES = ["ALLOW_PROPERTIES", "DROP", "DROP_PROPERTIES", "SAMPLE"];
var FILTER_LIMITS = {
  /** "Each Destination may have no more than 10 filters." */
  filtersPerDestination: 10,
  /** "FQL "if" statements may be a maximum of 3Kb in size": bytes of UTF-8. */
  ifBytes: 3 * 1024,
  /** "Filters may have a maximum of 4 actions." */
  actionsPerFilter: 4,
  /** "Allow / Drop properties filters may target a maximum of 8 objects …" */
  objectsPerAction: 8,
  /** "… and each object may have a maximum of 64 fields in the allow or drop." */
  fieldsPerObject: 64
};
function isFilterFieldName(name) {
  return name !== "" && !/[\s.]/.test(name);
}

// src/kinds/destination-filter/limits.ts
var FILTERS_PER_INSTANCE = FILTER_LIMITS.filtersPerDestination;
var MAX_IF_BYTES = FILTER_LIMITS.ifBytes;
var MAX_ACTIONS = FILTER_LIMITS.actionsPerFilter;
var MAX_FIELD_OBJECTS = FILTER_LIMITS.objectsPerAction;
var MAX_FIELDS_PER_OBJECT = FILTER_LIMITS.fieldsPerObject;
var ACTION_TYPES = ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"];
var issue = (path, message) => ({ path: path.map(String), message });
var isMapping = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
function ifIssues(value) {
  if (typeof value !== "string" || value.trim() === "") return [issue(["if"], "must be a non-empty FQL statement")];
  const bytes = new TextEncoder().encode(value).length;
  if (bytes > MAX_IF_BYTES) return [issue(["if"], `is ${bytes} bytes; the API's limit for a filter's if is 3 KB (${MAX_IF_BYTES} bytes)`)];
  const parsed = parseFql(value);
  return parsed.ok ? [] : [issue(["if"], `invalid FQL (the API refuses it) at column ${parsed.error.col}: ${parsed.error.message}`)];
}
function actionsIssues(value) {
  if (!Array.isArray(value))
    return [issue(["actions"], "must be a list of actions ({ type: DROP | SAMPLE | ALLOW_PROPERTIES | DROP_PROPERTIES, ... })")];
  const found = [];
  if (value.length > MAX_ACTIONS)
    found.push(issue(["actions"], `has ${value.length} actions; the API's limit is at most ${MAX_ACTIONS} actions per filter`));
  value.forEach((action, i) => found.push(...actionIssues(action, ["actions", i])));
  return found;
}
function actionIssues(action, at) {
  if (!isMapping(action)) return [issue(at, "must be a mapping with type")];
  const type = action.type;
  if (typeof type !== "string" || !ACTION_TYPES.includes(type))
    return [issue([...at, "type"], `must be one of ${ACTION_TYPES.join(", ")}`)];
  const allowed = type === "SAMPLE" ? ["type", "percent", "path"] : type === "DROP" ? ["type"] : ["type", "fields"];
  const found = Object.keys(action).filter((key) => !allowed.includes(key)).map((key) => issue([...at, key], `a ${type} action takes only ${allowed.join(", ")}`));
  if (type === "SAMPLE") found.push(...sampleIssues(action, at));
  if (type === "ALLOW_PROPERTIES" || type === "DROP_PROPERTIES") found.push(...fieldsIssues(action.fields, [...at, "fields"], type));
  return found;
}
function sampleIssues(action, at) {
  const { percent, path } = action;
  const found = [];
  if (typeof percent !== "number" || !Number.isFinite(percent) || percent < 0 || percent > 1)
    found.push(issue([...at, "percent"], "must be a number from 0 to 1 (the share of events a SAMPLE action keeps)"));
  if (path !== void 0 && (typeof path !== "string" || path === "")) found.push(issue([...at, "path"], "must be a non-empty path"));
  return found;
}
function fieldsIssues(fields, at, type) {
  if (!isMapping(fields)) return [issue(at, `a ${type} action needs fields: { <path>: [names] } ("" is the top level)`)];
  const paths = Object.keys(fields);
  const found = [];
  if (paths.length > MAX_FIELD_OBJECTS)
    found.push(issue(at, `has ${paths.length} objects; the API's limit is at most ${MAX_FIELD_OBJECTS} objects per ${type} action`));
  for (const path of paths) {
    const names2 = fields[path];
    if (!Array.isArray(names2)) {
      found.push(issue([...at, path], "must be a list of field names"));
      continue;
    }
    if (names2.length > MAX_FIELDS_PER_OBJECT)
      found.push(issue([...at, path], `has ${names2.length} fields; the API's limit is at most ${MAX_FIELDS_PER_OBJECT} fields per object`));
    names2.forEach((name, i) => {
      if (typeof name !== "string" || name === "") found.push(issue([...at, path, i], "must be a non-empty field name"));
      else if (!isFilterFieldName(name))
        found.push(issue([...at, path, i], `field name ${JSON.stringify(name)}: the API refuses field names with spaces or dots`));
    });
  }
  return found;
}

// src/kinds/destination-filter/document.ts
var isMapping2 = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
var nonEmpty2 = (value, max = 255) => typeof value === "string" && value.trim() !== "" && value.length <= max;
var issue2 = (path, message) => ({ path, message });
function destinationIssues(value) {
  if (nonEmpty2(value)) return [];
  const shape = "must be a connections: alias of transync.yaml, { slug, name } or { id }";
  if (!isMapping2(value)) return [issue2(["destination"], shape)];
  const keys = Object.keys(value);
  const byName = keys.every((k) => k === "slug" || k === "name") && nonEmpty2(value.slug) && nonEmpty2(value.name);
  const byId = keys.every((k) => k === "id" || k === "slug") && nonEmpty2(value.id) && (value.slug === void 0 || nonEmpty2(value.slug));
  return byName || byId ? [] : [issue2(["destination"], shape)];
}
function filterDocumentIssues(doc) {
  const found = [];
  if (!nonEmpty2(doc.name)) found.push(issue2(["name"], "must be a non-empty name of at most 255 characters"));
  if (doc.title !== void 0 && !nonEmpty2(doc.title)) found.push(issue2(["title"], "must be a non-empty title of at most 255 characters"));
  if (doc.source !== void 0 && !nonEmpty2(doc.source))
    found.push(issue2(["source"], "must be a source alias of transync.yaml or a Source id"));
  found.push(...destinationIssues(doc.destination));
  if (doc.destination !== void 0 && !nonEmpty2(doc.destination) && doc.source === void 0)
    found.push(issue2(["destination"], "names an instance by { slug, name } or { id }: give its source too (source: <alias or id>)"));
  found.push(...ifIssues(doc.if), ...actionsIssues(doc.actions));
  if (doc.enabled !== void 0 && typeof doc.enabled !== "boolean") found.push(issue2(["enabled"], "must be true or false"));
  if (doc.description !== void 0 && doc.description !== null && typeof doc.description !== "string")
    found.push(issue2(["description"], "must be a text (null or absent: none)"));
  return found;
}
function filterSpec(doc) {
  return {
    title: doc.title ?? doc.name,
    if: doc.if,
    actions: doc.actions,
    enabled: doc.enabled ?? true,
    ...typeof doc.description === "string" ? { description: doc.description } : {}
  };
}
var misfit2 = (path, expected, value) => ({ path, expected, value });
function decodeFilter(value) {
  if (!isMapping2(value)) return misfit2("", "an object", value);
  for (const key of ["id", "sourceId", "destinationId", "title"])
    if (typeof value[key] !== "string" || value[key] === "") return misfit2(`.${key}`, "a non-empty string", value[key]);
  if (typeof value.if !== "string") return misfit2(".if", "a string", value.if);
  if (typeof value.enabled !== "boolean") return misfit2(".enabled", "a boolean", value.enabled);
  if (value.description !== void 0 && value.description !== null && typeof value.description !== "string")
    return misfit2(".description", "a string", value.description);
  if (!Array.isArray(value.actions)) return misfit2(".actions", "an array", value.actions);
  const at = value.actions.findIndex((a) => !isMapping2(a) || typeof a.type !== "string");
  return at < 0 ? void 0 : misfit2(`.actions[${at}]`, "an action with a type", value.actions[at]);
}

// src/kinds/destination-filter/editor.ts
var text = { type: "string", minLength: 1, maxLength: 255 };
var nonEmpty3 = { type: "string", minLength: 1 };
var ACTION = {
  type: "object",
  required: ["type"],
  additionalProperties: false,
  description: 'One action: DROP (the event), SAMPLE (keep `percent` of the events, by `path`\'s value when given), ALLOW_PROPERTIES or DROP_PROPERTIES (`fields`: object path, `""` the top level, to field names).',
  properties: {
    type: {
      enum: ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"],
      description: "What the action does.",
      examples: ["DROP_PROPERTIES"]
    },
    fields: {
      type: "object",
      maxProperties: FILTER_LIMITS.objectsPerAction,
      additionalProperties: {
        type: "array",
        maxItems: FILTER_LIMITS.fieldsPerObject,
        items: { type: "string", minLength: 1, pattern: "^[^\\s.]+$" }
      },
      description: `ALLOW_PROPERTIES / DROP_PROPERTIES: at most ${FILTER_LIMITS.objectsPerAction} objects (paths, \`""\` the top level) of at most ${FILTER_LIMITS.fieldsPerObject} field names, none with a space or a dot.`,
      examples: [{ properties: ["email"] }]
    },
    percent: { type: "number", minimum: 0, maximum: 1, description: "SAMPLE: the share of events kept, from 0 to 1.", examples: [0.1] },
    path: {
      type: "string",
      minLength: 1,
      description: "SAMPLE: the path whose value decides, so one value is always kept or always dropped.",
      examples: ["userId"]
    }
  },
  examples: [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }]
};
var FILTER_DOCUMENT_VALUES = {
  name: text,
  title: text,
  source: text,
  destination: {
    oneOf: [
      text,
      { type: "object", additionalProperties: false, required: ["slug", "name"], properties: { slug: nonEmpty3, name: nonEmpty3 } },
      { type: "object", additionalProperties: false, required: ["id"], properties: { id: nonEmpty3, slug: nonEmpty3 } }
    ]
  },
  if: { type: "string", minLength: 1, maxLength: FILTER_LIMITS.ifBytes },
  actions: { type: "array", maxItems: FILTER_LIMITS.actionsPerFilter, items: ACTION },
  enabled: { type: "boolean" },
  description: { type: ["string", "null"] },
  // transync's own, as a Transformation document's (schemas/transformation.schema.json `lint`; src/desired/lint.ts lintShapeIssues).
  lint: {
    type: "object",
    additionalProperties: false,
    required: ["ignore"],
    properties: {
      ignore: {
        type: "array",
        description: "One entry per warning id this document silences, each with the reason.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["rule", "reason"],
          properties: {
            rule: {
              type: "string",
              minLength: 1,
              maxLength: 100,
              description: "The warning's id, as `validate` prints it (`warning[filter-interaction]`)."
            },
            reason: {
              type: "string",
              minLength: 1,
              maxLength: 1e3,
              description: "Why the warning does not apply here (required, not blank)."
            }
          }
        }
      }
    }
  }
};
var FILTER_REQUIRED_KEYS = ["name", "destination", "if", "actions"];
var FILTER_EDITOR_SCHEMA = {
  file: "destination-filter.schema.json",
  description: "One desired Segment Destination Filter, a document of `kind: DestinationFilter` beside the Transformations (docs/desired-state.md), held to the API's limits.",
  fields: {
    name: "transync's key for the filter (plans, reports, `--target`); the filter's title defaults to it.",
    title: "The filter's title in Segment (default: `name`). A filter is known by its title on its instance: two documents with one instance and title are an error.",
    source: "The source (an alias of the environment or a Source id). Optional with a `connections:` alias (and must agree with it).",
    destination: "The destination instance: an alias of transync.yaml's `connections:`, `{ slug, name }` (the type's catalog slug and the instance's name, found by plan among the source's connected destinations) or `{ id }`; the last two need `source`.",
    if: `FQL statement selecting the events the actions apply to; at most 3 KB (${FILTER_LIMITS.ifBytes} UTF-8 bytes).`,
    actions: `At most ${FILTER_LIMITS.actionsPerFilter} actions, in order.`,
    enabled: "Whether the filter is on (default true).",
    description: "The filter's description; absent or null: none (an update then clears it).",
    lint: 'transync\'s own, never sent to the API: the warnings of `validate` this document silences (`filter-interaction`, ...), each with its reason; not per environment. The ids: docs/desired-state.md, "Warnings and lint".'
  },
  examples: {
    // Segment's filter ids: 27 base62 characters, no prefix.
    id: ["2bTBgyMWmXoaJBQCqhNlQjPyMGx"],
    name: ["Strip email for ads"],
    title: ["Strip email"],
    source: ["web"],
    destination: ["amplitude-prod", { slug: "amplitude", name: "Amplitude prod" }, { id: "dst_2x8Hk" }],
    if: ["type = 'track'"],
    actions: [[{ type: "DROP" }]],
    enabled: [true],
    description: ["PII never reaches ads"],
    lint: [{ ignore: [{ rule: "filter-interaction", reason: "the sample runs after the drop on purpose" }] }],
    overrides: [{ staging: { enabled: false } }]
  },
  example: {
    apiVersion: "transync/v1",
    kind: "DestinationFilter",
    name: "Strip email for ads",
    destination: "ads",
    if: "type = 'track'",
    actions: [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }]
  }
};

// src/kinds/destination-filter/body-rules.ts
var CREATE_KEYS = ["sourceId", "if", "actions", "title", "description", "enabled"];
var UPDATE_KEYS = ["if", "actions", "title", "description", "enabled"];
var REQUIRED_ON_CREATE = ["sourceId", "if", "actions", "title", "enabled"];
var ACTION_KEYS = ["type", "fields", "percent", "path"];
function filterBodyErrors(body, mode, prefix = "") {
  const errors = [];
  const fail = (field, message) => void errors.push(field === void 0 ? { message } : { field: prefix + field, message });
  if (!isObject(body)) {
    fail(void 0, "the request body must be a JSON object");
    return errors;
  }
  const known = mode === "create" ? CREATE_KEYS : UPDATE_KEYS;
  for (const key of Object.keys(body)) if (!known.includes(key)) fail(key, `"${prefix}${shorten2(key)}" is not allowed`);
  if (mode === "create") {
    for (const key of REQUIRED_ON_CREATE) if (body[key] === void 0) fail(key, `"${prefix}${key}" is required`);
  }
  const named = (field) => `"${prefix}${field}"`;
  if (body.sourceId !== void 0 && !isNonEmptyString(body.sourceId)) fail("sourceId", `${named("sourceId")} must be a non-empty string`);
  if (body.title !== void 0 && !isNonEmptyString(body.title)) fail("title", `${named("title")} must be a non-empty string`);
  if (body.enabled !== void 0 && typeof body.enabled !== "boolean") fail("enabled", `${named("enabled")} must be of type boolean`);
  const description = body.description;
  if (description !== void 0 && typeof description !== "string" && !(mode === "update" && description === null))
    fail("description", `${named("description")} must be of type string${mode === "update" ? " (null clears it)" : ""}`);
  if (body.if !== void 0) checkIf(body.if, named("if"), (message) => fail("if", message));
  if (body.actions !== void 0) checkActions(body.actions, "actions", prefix, fail);
  return errors;
}
function checkIf(value, name, fail) {
  if (!isNonEmptyString(value)) return fail(`${name} must be a non-empty FQL string`);
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > FILTER_LIMITS.ifBytes)
    return fail(`${name} must be at most ${FILTER_LIMITS.ifBytes} bytes (3 KB, a limit of the Public API), got ${bytes}`);
  const parsed = parseFql(value);
  if (!parsed.ok) fail(`${name} does not parse as FQL: ${parsed.error.message} (column ${parsed.error.col})`);
}
function checkActions(value, at, prefix, fail) {
  if (!Array.isArray(value)) return fail(at, `"${prefix}${at}" must be a list of actions`);
  if (value.length > FILTER_LIMITS.actionsPerFilter)
    fail(
      at,
      `"${prefix}${at}" must contain at most ${FILTER_LIMITS.actionsPerFilter} actions (a limit of the Public API), got ${value.length}`
    );
  value.forEach((action, i) => checkAction(action, `${at}.${i}`, prefix, fail));
}
function checkAction(action, at, prefix, fail) {
  const named = (field) => `"${prefix}${field}"`;
  if (!isObject(action)) return fail(at, `${named(at)} must be an object { type, fields?, percent?, path? }`);
  for (const key of Object.keys(action))
    if (!ACTION_KEYS.includes(key)) fail(`${at}.${key}`, `"${prefix}${at}.${shorten2(key)}" is not allowed`);
  const type = action.type;
  if (typeof type !== "string" || !FILTER_ACTION_TYPES.includes(type))
    fail(`${at}.type`, `${named(`${at}.type`)} must be one of ${FILTER_ACTION_TYPES.join(", ")}`);
  const propertyAction = type === "ALLOW_PROPERTIES" || type === "DROP_PROPERTIES";
  if (action.fields === void 0 && propertyAction) fail(`${at}.fields`, `${named(`${at}.fields`)} is required for ${type}`);
  if (action.fields !== void 0) checkFields2(action.fields, `${at}.fields`, prefix, fail);
  const percent = action.percent;
  if (percent === void 0 && type === "SAMPLE") fail(`${at}.percent`, `${named(`${at}.percent`)} is required for SAMPLE`);
  if (percent !== void 0 && (typeof percent !== "number" || !(percent >= 0 && percent <= 1)))
    fail(`${at}.percent`, `${named(`${at}.percent`)} must be a number from 0 to 1`);
  if (action.path !== void 0 && !isNonEmptyString(action.path)) fail(`${at}.path`, `${named(`${at}.path`)} must be a non-empty string`);
}
function checkFields2(fields, at, prefix, fail) {
  const named = (field) => `"${prefix}${field}"`;
  if (!isObject(fields)) return fail(at, `${named(at)} must map object paths ("" = the top level) to lists of field names`);
  const paths = Object.keys(fields);
  if (paths.length > FILTER_LIMITS.objectsPerAction)
    fail(at, `${named(at)} may target at most ${FILTER_LIMITS.objectsPerAction} objects (a limit of the Public API), got ${paths.length}`);
  for (const path of paths) {
    const where = `${at}.${shorten2(path)}`;
    const names2 = fields[path];
    if (!Array.isArray(names2)) {
      fail(where, `${named(where)} must be a list of field names`);
      continue;
    }
    if (names2.length > FILTER_LIMITS.fieldsPerObject)
      fail(
        where,
        `${named(where)} may list at most ${FILTER_LIMITS.fieldsPerObject} fields (a limit of the Public API), got ${names2.length}`
      );
    names2.forEach((name, k) => {
      if (typeof name !== "string" || !isFilterFieldName(name))
        fail(
          `${where}.${k}`,
          `${named(`${where}.${k}`)} must be a field name without spaces or dots, got ${shorten2(JSON.stringify(name) ?? "nothing")}`
        );
    });
  }
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isNonEmptyString(value) {
  return typeof value === "string" && value !== "";
}
function shorten2(value, max = 80) {
  const safe = beforeCut(value);
  return safe.length <= max ? safe : `${safe.slice(0, max)}\u2026(${safe.length} characters)`;
}

// src/kinds/destination-filter/emulator-shape.ts
var INPUT_KEYS = ["sourceId", "if", "actions", "title", "description", "enabled"];
var UPDATE_KEYS2 = ["if", "actions", "title", "description", "enabled"];
function storedFilter(input, stamp) {
  const kept = Object.fromEntries(INPUT_KEYS.flatMap((key) => input[key] === void 0 ? [] : [[key, input[key]]]));
  const at = stamp?.at ?? (/* @__PURE__ */ new Date()).toISOString();
  return inApiOrder({
    ...kept,
    id: stamp?.id ?? "",
    destinationId: input.destinationId,
    createdAt: at,
    updatedAt: at
  });
}
function updatedFilter(current, patch, at) {
  const next = { ...current };
  for (const key of UPDATE_KEYS2) {
    const value = patch[key];
    if (value === void 0) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return inApiOrder({ ...next, updatedAt: at ?? (/* @__PURE__ */ new Date()).toISOString() });
}
var FILTER_AUDIT = {
  resourceType: "destination_filter",
  created: "Destination Filter Created",
  deleted: "Destination Filter Deleted",
  updated: (current, next, patch) => {
    const changed = UPDATE_KEYS2.filter((k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]));
    const sent = Object.keys(patch);
    const onlyEnabled = changed.length === 0 ? sent.length === 1 && sent[0] === "enabled" : changed.length === 1 && changed[0] === "enabled";
    if (!onlyEnabled) return "Destination Filter Modified";
    return next.enabled ? "Destination Filter Enabled" : "Destination Filter Disabled";
  }
};
function inApiOrder(f) {
  return {
    id: f.id,
    sourceId: f.sourceId,
    destinationId: f.destinationId,
    if: f.if,
    actions: f.actions.map(actionInOrder),
    title: f.title,
    ...f.description !== void 0 ? { description: f.description } : {},
    enabled: f.enabled,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt
  };
}
function actionInOrder(a) {
  return {
    type: a.type,
    ...a.fields !== void 0 ? { fields: a.fields } : {},
    ...a.percent !== void 0 ? { percent: a.percent } : {},
    ...a.path !== void 0 ? { path: a.path } : {}
  };
}

// src/kinds/destination-filter/index.ts
var text2 = { type: "string", minLength: 1 };
var required = (value) => ({
  required: true,
  returned: "always",
  compare: "scalar",
  clearedWith: "not clearable",
  schema: { value }
});
var ACTION_SCHEMA = {
  type: "object",
  required: ["type"],
  properties: {
    type: { enum: ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"] },
    fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    percent: { type: "number", minimum: 0, maximum: 1 },
    path: { type: "string" }
  }
};
var DESTINATION_FILTER = {
  name: "DestinationFilter",
  fields: {
    // Set by the create only (the API's update input has neither): a pin to a filter elsewhere is refused at plan.
    sourceId: { ...required(text2), fixed: true },
    destinationId: { ...required(text2), fixed: true },
    title: required(text2),
    if: required(text2),
    // A list in order: the actions' order is what the API keeps (and the simulator reads).
    actions: { ...required({ type: "array", maxItems: 4, items: ACTION_SCHEMA }), compare: "list" },
    enabled: required({ type: "boolean" }),
    description: { required: false, returned: "always", compare: "scalar", clearedWith: null, schema: { value: { type: "string" } } }
  },
  identity: { name: "title", scope: "destinationId" },
  api: {
    collection: "/destination/{destinationId}/filters",
    listKey: "filters",
    itemKey: "filter",
    parent: "destinationId",
    perScope: FILTERS_PER_INSTANCE
  },
  decode: decodeFilter,
  validation: { check: filterDocumentIssues },
  document: {
    name: "name",
    // `lint` is transync's own, never sent: the warnings of `validate` the document silences (src/desired/lint.ts).
    keys: ["name", "title", "source", "destination", "if", "actions", "enabled", "description", "lint"],
    perEnvironment: true,
    onInstance: true,
    spec: filterSpec,
    values: FILTER_DOCUMENT_VALUES,
    required: FILTER_REQUIRED_KEYS
  },
  emulator: {
    // Ids are 27 random base62 characters, no prefix (as Segment's).
    idPrefix: "",
    stored: storedFilter,
    updated: updatedFilter,
    // Stored in the API's key order, with its timestamps: the stored form is the reply.
    reply: (stored) => stored,
    routes: {
      idParam: "filterId",
      noun: "Destination Filter",
      references: { destinationId: "destination instance", sourceId: "the instance's source" },
      audit: FILTER_AUDIT,
      patchNullsPerCompat: true,
      body: { check: (body, mode) => filterBodyErrors(body, mode) }
    }
  },
  importer: {
    file: (live) => `destination-filters/${String(live.destinationId).replace(/[^A-Za-z0-9_.-]/g, "_")}.yaml`,
    document: (live) => ({
      name: live.title,
      source: live.sourceId,
      destination: { id: live.destinationId },
      if: live.if,
      actions: live.actions,
      enabled: live.enabled,
      ...typeof live.description === "string" && live.description !== "" ? { description: live.description } : {}
    })
  },
  labels: { singular: "destination filter", plural: "destination filters" },
  editorSchema: FILTER_EDITOR_SCHEMA
};

// src/kinds/index.ts
var DEFAULT_KIND = TRANSFORMATION;
var registered = /* @__PURE__ */ new Map([
  [TRANSFORMATION.name, TRANSFORMATION],
  [DESTINATION_FILTER.name, DESTINATION_FILTER]
]);
function knownKinds() {
  return [...registered.values()];
}
function kindNamed(name) {
  return registered.get(name);
}

// src/desired/connections.ts
function entriesIn(project2, env) {
  const merged = /* @__PURE__ */ new Map();
  for (const [alias, entry] of Object.entries(project2.connections ?? {})) merged.set(alias, [entry, ["connections", alias]]);
  const own = env === void 0 ? void 0 : project2.environments[env]?.connections;
  for (const [alias, entry] of Object.entries(own ?? {})) merged.set(alias, [entry, ["environments", env, "connections", alias]]);
  return [...merged.entries()].map(([alias, [entry, path]]) => [alias, entry, path]);
}
function connectionsOf(project2, env) {
  const out = {};
  for (const [alias, entry, path] of entriesIn(project2, env)) {
    const resolved2 = resolveSourceRef(entry.source, project2.environments, env);
    if (!resolved2.ok) continue;
    out[alias] = {
      source: resolved2.id,
      ...resolved2.alias !== void 0 ? { sourceAlias: resolved2.alias } : {},
      destination: { ...entry.destination },
      path
    };
  }
  return out;
}

// src/desired/instance-refs.ts
function resolveInstance(doc, context2, reporter) {
  const defined = Object.keys(context2.config.environments);
  const envs = context2.env === void 0 && context2.everyEnvironment && defined.length > 0 ? defined : [context2.env];
  let first;
  const said = /* @__PURE__ */ new Set();
  for (const env of envs) {
    const outcome = resolveIn(doc, context2, env);
    if (outcome.ok) first ??= outcome.value;
    else if (!("silent" in outcome) && !context2.envFailed && !said.has(outcome.path.join(".") + outcome.message)) {
      said.add(outcome.path.join(".") + outcome.message);
      const where = envs.length > 1 ? ` (in environment "${env}")` : "";
      const rule = outcome.path[0] === "source" ? "unknown-source-alias" : "unknown-connection";
      reporter.report("error", rule, outcome.path, outcome.message + where);
    }
  }
  return envs.length > 1 ? void 0 : first;
}
function resolveIn(doc, context2, env) {
  const { config } = context2;
  const source = typeof doc.source === "string" ? resolveSourceRef(doc.source, config.environments, env) : void 0;
  if (source !== void 0 && !source.ok) return { ok: false, path: ["source"], message: source.message };
  if (typeof doc.destination !== "string") {
    if (source === void 0) return { ok: false, silent: true };
    const instance2 = {
      ...doc.destination,
      ...source.alias !== void 0 ? { sourceAlias: source.alias } : {}
    };
    return { ok: true, value: { sourceId: source.id, instance: instance2 } };
  }
  const alias = doc.destination;
  const connection = ownValue(connectionsOf(config, env), alias);
  if (connection === void 0) {
    const written = Object.hasOwn(config.connections ?? {}, alias) || Object.hasOwn(env && config.environments[env]?.connections || {}, alias);
    return written ? { ok: false, silent: true } : { ok: false, path: ["destination"], message: unknownAlias(alias, context2, env) };
  }
  if (source !== void 0 && source.id !== connection.source)
    return {
      ok: false,
      path: ["source"],
      message: `source "${doc.source}" is not the source of connection "${alias}" (transync.yaml gives it source "${connection.sourceAlias ?? connection.source}"); leave source out or make them agree`
    };
  const instance = {
    alias,
    ...connection.sourceAlias !== void 0 ? { sourceAlias: connection.sourceAlias } : {},
    ...connection.destination
  };
  return { ok: true, value: { sourceId: connection.source, instance } };
}
function unknownAlias(alias, context2, env) {
  const known = Object.keys(connectionsOf(context2.config, env));
  if (known.length === 0)
    return `"${alias}" is not a connection alias: transync.yaml defines no connections: (or write destination: { slug, name } or { id } with source)`;
  const close = nearest(alias, known);
  const hint = close.length > 0 ? `did you mean "${close[0]}"? ` : "";
  return `unknown connection alias "${alias}"; ${hint}(transync.yaml's connections: ${known.join(", ")})`;
}

// src/desired/kind-documents.ts
var HEADER_KEYS = /* @__PURE__ */ new Set(["apiVersion", "kind", "id", "protect"]);
function documentKeys(kind) {
  return kind.document?.keys ?? Object.keys(kind.fields);
}
function lintChecked(keys, doc, reporter) {
  if (!keys.includes("lint") || doc.lint === void 0) return true;
  const issues = lintShapeIssues(doc.lint);
  for (const issue3 of issues) reporter.report("error", "schema", issue3.path, issue3.message);
  lintIgnores(doc, reporter);
  return issues.length === 0;
}
function checkKindDocument(kind, doc, reporter, location, context2) {
  const keys = documentKeys(kind);
  const required2 = kind.document ? [kind.document.name] : Object.keys(kind.fields).filter((field) => kind.fields[field].required);
  const issues = [
    ...required2.filter((field) => doc[field] === void 0).map((field) => ({ path: [field], message: `required field is missing` })),
    ...Object.keys(doc).filter((key) => !HEADER_KEYS.has(key) && !keys.includes(key)).map((key) => ({ path: [key], message: `unknown field; a ${kind.name} has ${keys.join(", ")}` }))
  ];
  if (doc.protect !== void 0 && typeof doc.protect !== "boolean")
    issues.push({ path: ["protect"], message: "protect must be true or false" });
  if (issues.length === 0) issues.push(...kind.validation.check(doc));
  reportKindIssues(reporter, issues);
  if (!lintChecked(keys, doc, reporter) || issues.some((issue3) => issue3.severity !== "warning")) return void 0;
  const placed = kind.document?.onInstance && context2 ? resolveInstance(doc, context2, reporter) : void 0;
  if (kind.document?.onInstance && placed === void 0) return void 0;
  const fields = {
    ...kind.document ? kind.document.spec(doc) : doc,
    ...placed ? { sourceId: placed.sourceId } : {}
  };
  const spec = Object.fromEntries(
    Object.keys(kind.fields).flatMap((field) => fields[field] === void 0 ? [] : [[field, fields[field]]])
  );
  const resource = {
    kind: kind.name,
    name: String(doc[kind.document?.name ?? kind.identity.name]),
    spec,
    location
  };
  if (placed) resource.instance = placed.instance;
  if (typeof doc.id === "string") resource.id = doc.id;
  return resource;
}

// src/desired/check-file.ts
function checkFileText(file, text3, context2) {
  return checkFileFast(file, text3, context2) ?? checkFileExact(file, text3, context2);
}
function checkFileExact(file, text3, context2) {
  const read = parseYamlText(file, text3);
  const diagnostics = [...read.diagnostics];
  const checked = [];
  const lint = [];
  for (const ydoc of read.documents) {
    const own = [];
    const ignores = documentLint(ydoc);
    if (ignores) lint.push(ignores);
    const at = (offset) => ({ file, ...linePos(ydoc.lineCounter, offset) });
    const field = (name) => at(offsetOf(lookupNode(ydoc.doc, [name])));
    const places = {
      start: at(ydoc.doc.contents?.range?.[0] ?? 0),
      name: field("name"),
      id: field("id"),
      protect: field("protect"),
      locate: (path) => at(offsetOf(lookupNode(ydoc.doc, path)))
    };
    const result = checkDocument(ydoc.value, context2, documentReporter(ydoc, own), places);
    diagnostics.push(...own);
    if (result && own.some((d) => d.severity === "error")) delete result.resource;
    if (result) checked.push(result);
  }
  return { checked, diagnostics, documents: read.documents.length, lint };
}
function checkFileFast(file, text3, context2) {
  const read = parseYamlFast(text3);
  if (!read) return void 0;
  let findings2 = 0;
  const counter = { report: () => void findings2++ };
  const checked = [];
  for (const fdoc of read.documents) {
    if (overridesProtect(fdoc.value)) return void 0;
    const at = (offset) => ({ file, ...linePos(read.lineCounter, offset ?? fdoc.start) });
    const result = checkDocument(fdoc.value, context2, counter, {
      start: at(fdoc.start),
      name: at(fdoc.name),
      id: at(fdoc.id),
      protect: at(fdoc.protect)
    });
    if (findings2 > 0 || !result?.resource || Object.hasOwn(fdoc.value, "lint")) return void 0;
    checked.push(result);
  }
  return { checked, diagnostics: [], documents: read.documents.length, lint: [] };
}
function overridesProtect(doc) {
  const all = doc.overrides;
  if (all === null || typeof all !== "object") return false;
  return Object.values(all).some((entry) => entry !== null && typeof entry === "object" && Object.hasOwn(entry, "protect"));
}
function checkDocument(value, context2, reporter, places) {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    reporter.report(
      "error",
      "schema",
      [],
      `a document must be a mapping with apiVersion, kind, name, sourceId, enabled and if (got ${Array.isArray(value) ? "a list" : typeof value === "string" ? "a string" : String(value)})`
    );
    return void 0;
  }
  const doc = value;
  if (!checkHeader(doc, reporter)) return void 0;
  const kind = kindNamed(doc.kind);
  if (kind !== DEFAULT_KIND) return otherKind(kind, doc, reporter, places, context2);
  const once = reportingOnce(reporter);
  reportSchemaIssues(
    once,
    checkSchema("transformation.schema.json", doc).filter((issue3) => !isNotOverridableIssue(issue3))
  );
  const defined = Object.keys(context2.config.environments);
  checkPerEnvironmentKeys(doc, defined, once);
  checkEveryEffectiveDocument(kind, doc, context2, once);
  checkEnvironmentChosen(doc, context2, once);
  const ignore = readIgnoredFields(doc, once);
  const { env } = context2;
  const checked = { at: { name: places.name, id: places.id } };
  if (typeof doc.name === "string") checked.name = doc.name;
  const environments = presentIn(doc, defined);
  if (environments !== void 0) checked.environments = environments;
  const pin = resolvePin(doc, context2, once);
  if (env !== void 0 && !existsIn(doc, env)) return checked;
  const effective = effectiveDocument(doc, env);
  const envReporter = overrideReporter(once, env, effective.overridden);
  const sourceId = resolveSource(effective.doc, context2, env, envReporter);
  const destinationId = resolveDestination(effective.doc, context2, envReporter);
  if (pin !== void 0) checked.id = pin;
  const resource = toResource(effective.doc, { sourceId, destinationMetadataId: destinationId, id: pin }, places.start);
  if (resource) withEnvironmentFacts(resource, effective, env, places);
  if (resource && ignore) resource.ignore = ignore;
  if (resource) checked.resource = resource;
  return checked;
}
function withEnvironmentFacts(resource, effective, env, places) {
  if (effective.doc.protect === true)
    resource.protectedAt = effective.overridden.includes("protect") && places.locate ? places.locate(["overrides", env, "protect"]) : places.protect;
  const fields = overriddenInputFields(effective.overridden);
  if (env !== void 0 && fields.length > 0) resource.overrides = { env, fields };
}
function otherKind(kind, doc, reporter, places, context2) {
  const checked = { at: { name: places.name, id: places.id }, kind: kind.name };
  const name = doc[kind.document?.name ?? kind.identity.name];
  if (typeof name === "string") checked.name = name;
  if (!kind.document?.perEnvironment) {
    const { id: _pins, ...fields } = doc;
    const pin2 = resolvePin(doc, context2, reporter);
    if (pin2 !== void 0) checked.id = pin2;
    const resource2 = checkKindDocument(kind, { ...fields, ...pin2 !== void 0 ? { id: pin2 } : {} }, reporter, places.start, context2);
    if (resource2 && doc.protect === true) resource2.protectedAt = places.protect;
    if (resource2) checked.resource = resource2;
    return checked;
  }
  const once = reportingOnce(reporter);
  const defined = Object.keys(context2.config.environments);
  checkPerEnvironmentKeys(doc, defined, once);
  checkEnvironmentChosen(doc, context2, once);
  const environments = presentIn(doc, defined);
  if (environments !== void 0) checked.environments = environments;
  const pin = resolvePin(doc, context2, once);
  if (pin !== void 0) checked.id = pin;
  for (const env of overriddenEnvironments(doc).filter((e) => e !== context2.env && defined.includes(e) && existsIn(doc, e)))
    kindDocumentIn(kind, doc, namingEnvironment(once, env), places, { ...context2, env, everyEnvironment: false });
  if (context2.env !== void 0 && !existsIn(doc, context2.env)) return checked;
  const resource = kindDocumentIn(kind, doc, once, places, context2, pin);
  if (resource) checked.resource = resource;
  return checked;
}
function kindDocumentIn(kind, doc, reporter, places, context2, pin) {
  const effective = effectiveDocument(doc, context2.env);
  const { id: _pins, ...rest } = effective.doc;
  const pinned = { ...rest, ...pin !== void 0 ? { id: pin } : {} };
  const resource = checkKindDocument(kind, pinned, overrideReporter(reporter, context2.env, effective.overridden), places.start, context2);
  if (resource && effective.doc.protect === true)
    resource.protectedAt = effective.overridden.includes("protect") && places.locate ? places.locate(["overrides", context2.env, "protect"]) : places.protect;
  return resource;
}
function checkHeader(doc, reporter) {
  if (!checkApiVersion(doc, reporter, true)) return false;
  if (doc.kind === void 0) {
    reporter.report("error", "kind", ["kind"], `required field is missing; add kind: ${DEFAULT_KIND.name}`);
    return false;
  }
  if (typeof doc.kind !== "string" || kindNamed(doc.kind) === void 0) {
    const known = knownKinds().map((kind) => kind.name);
    reporter.report("error", "kind", ["kind"], `unknown kind ${JSON.stringify(doc.kind)}; known kinds: ${known.join(", ")}`);
    return false;
  }
  return true;
}
function toResource(doc, refs, location) {
  if (refs.sourceId === void 0 || typeof doc.name !== "string") return void 0;
  const spec = {};
  for (const field of INPUT_FIELDS) {
    if (doc[field] === void 0) continue;
    spec[field] = field === "sourceId" || field === "destinationMetadataId" && refs.destinationMetadataId !== void 0 ? refs[field].id : doc[field];
  }
  const resource = { name: doc.name, spec, location };
  if (refs.id !== void 0) resource.id = refs.id;
  const viaAlias = { sourceId: refs.sourceId.alias, destinationMetadataId: refs.destinationMetadataId?.alias };
  if (viaAlias.sourceId !== void 0 || viaAlias.destinationMetadataId !== void 0) resource.viaAlias = viaAlias;
  return resource;
}

// src/desired/check-worker.ts
var context = workerData.context;
parentPort?.on("message", (request) => {
  let reply;
  try {
    reply = { id: request.id, result: checkFileText(request.file, request.text, context) };
  } catch {
    reply = { id: request.id, failed: true };
  }
  parentPort?.postMessage(reply);
});
/*! Bundled license information:

js-yaml/dist/js-yaml.mjs:
  (*! js-yaml 5.5.0 https://github.com/nodeca/js-yaml @license MIT *)
*/
