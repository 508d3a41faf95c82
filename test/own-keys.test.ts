import { describe, expect, it } from "vitest";
import { ownValue, setOwn } from "../src/own-keys.js";

describe("own keys of plain objects used as maps", () => {
  it("ownValue reads only the record's own keys: Object.prototype's members are absent", () => {
    const record: Record<string, string> = { web: "src_web" };
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])
      expect(ownValue(record, key), key).toBeUndefined();
    expect(ownValue(record, "web")).toBe("src_web");
    expect(ownValue(undefined, "web")).toBeUndefined();
    expect(ownValue(JSON.parse('{"__proto__":"x"}') as Record<string, string>, "__proto__")).toBe("x");
  });

  it("setOwn adds __proto__ as an own, enumerable key that JSON.stringify writes; the prototype is untouched", () => {
    const record: Record<string, unknown> = {};
    setOwn(record, "b", 1);
    setOwn(record, "__proto__", { polluted: true });
    setOwn(record, "constructor", 2);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(["b", "__proto__", "constructor"]);
    expect(JSON.stringify(record)).toBe('{"b":1,"__proto__":{"polluted":true},"constructor":2}');
    expect((record as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
